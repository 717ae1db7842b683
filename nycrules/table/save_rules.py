"""Whether a save may be played with the ruleset it is loaded with (its digest says which rules it was made with).

A save of another ruleset is refused. A save of an earlier version of a SHIPPED ruleset (a digest its
folder's earlier-versions.yaml lists: the rules' files changed with an update of nycrules, as New York
1901's did when its questions got keys) is replayed with today's rules: when every decision of it
replays, the game goes on with a one-line warning; when one does not, it is refused, saying which. Any
other digest is another ruleset's, even under the same name: a mod may keep its base's name.
"""

from __future__ import annotations

import sys
from typing import Callable

import yaml

from ..diagnostics import NycRulesError
from ..engine.model import Ruleset
from ..engine.setup import SeatSpec
from ..text import shown_clipped

EARLIER_VERSIONS = "earlier-versions.yaml"  # in a shipped ruleset's folder: digests whose saves replay
NAME_SHOWN = 60  # characters of a ruleset's name shown in a message (a save may hold any name)


def _warn(line: str) -> None:
    sys.stderr.write(f"nycrules: {line}\n")
    sys.stderr.flush()


def made_with_other_rules(shown: str, saved_name: str, saved_digest: str, ruleset: Ruleset) -> bool:
    """Whether a save was made with other rules than `ruleset`: refused unless they are a listed earlier
    version of this shipped ruleset (True: `replay_older` then checks that its decisions replay)."""
    if saved_digest == ruleset.digest:
        return False
    if saved_name != ruleset.name or saved_digest not in _earlier_versions(ruleset):
        raise NycRulesError(f"{shown}: this save was made with another ruleset "
                            f"('{shown_clipped(saved_name, NAME_SHOWN)}', digest {saved_digest[:12]}); load it "
                            f"with the --ruleset it was played with (this one is '{ruleset.name}', digest "
                            f"{ruleset.digest[:12]})")
    return True


def replay_older(shown: str, saved_digest: str, ruleset: Ruleset, seats: list[SeatSpec], seed: int,
                 decisions: list[int], warn: Callable[[str], None] = _warn) -> None:
    """A save of an earlier version of the shipped `ruleset` goes on when all its decisions replay with
    today's rules (`warn` says so in one line), and is refused, saying why, when one does not."""
    problem = _replay_problem(ruleset, seats, seed, decisions)
    if problem:
        raise NycRulesError(f"{shown}: this save was made with an earlier version of {ruleset.name} (digest "
                            f"{saved_digest[:12]}) and does not replay with this one: {problem}")
    warn(f"{shown}: made with an earlier version of {ruleset.name} (digest {saved_digest[:12]}, this one "
         f"{ruleset.digest[:12]}); its {len(decisions)} decisions replayed with this version's rules")


def _earlier_versions(ruleset: Ruleset) -> set[str]:
    """The digests of the earlier versions of `ruleset` when it is one nycrules ships (not a mod or a copy
    changed by hand): its folder's earlier-versions.yaml; none for any other ruleset."""
    from ..loading.loader import load_ruleset
    from ..resources import data_dir

    folder = data_dir("rulesets") / ruleset.id
    listed = folder / EARLIER_VERSIONS
    if not ruleset.id.replace("_", "").replace("-", "").isalnum() or not listed.is_file():
        return set()
    try:
        if load_ruleset(folder).digest != ruleset.digest:
            return set()
        versions = yaml.safe_load(listed.read_text(encoding="utf-8")) or []
    except (NycRulesError, OSError, yaml.YAMLError):
        return set()
    return {str(version["digest"]) for version in versions if isinstance(version, dict) and "digest" in version}


def _replay_problem(ruleset: Ruleset, seats: list[SeatSpec], seed: int, decisions: list[int]) -> str:
    """Why the decisions do not replay with the ruleset's rules ('' when they all do)."""
    from ..engine.runner import Session

    session = Session(ruleset, seats, seed, {}, replay=decisions, log_events=False)
    try:
        session.decision()  # nobody answers: the game pauses at the first decision past the record
    except NycRulesError as err:
        return str(err)
    if len(session.record) < len(decisions):
        return f"its game ends after {len(session.record)} of its {len(decisions)} decisions"
    return ""
