"""The loaded ruleset (engine/model.py) built from a checked document and its compiled scripts; its digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from . import procedure_form
from ..engine.model import GamePart, Ruleset, ScoringStep, Script
from ..reading.marked_yaml import MDict


def plain(value: Any) -> Any:
    """A value of the document as plain Python data (texts as str, no positions)."""
    if isinstance(value, dict):
        return {(k if isinstance(k, int) else str(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def keys_as_text(value: Any) -> Any:
    """Keys written with their type, so that 1 and '1' stay apart in JSON."""
    if isinstance(value, dict):
        return {f"{type(k).__name__}:{k}": keys_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [keys_as_text(v) for v in value]
    return value


def digest_with(doc: Any, part: GamePart) -> str:
    """The ruleset's digest: its document's, and its game's data files beside it when it has any."""
    if not part.fingerprint:
        return digest_of(doc)
    return hashlib.sha256(f"{digest_of(doc)} {part.fingerprint}".encode("utf-8")).hexdigest()


def digest_of(doc: Any) -> str:
    """A fingerprint of the whole merged ruleset (whatever files it was split into).

    Where the board picture draws a component (its `map`), the action space's regions (`actions`) and
    the procedure's headings (`title`, `section`) are left out: no rule reads them, so moving a place
    on the picture, giving a region more room or rewording a heading keeps every save of the ruleset
    (and a bot's evaluation trained for it) usable.
    """
    data = plain(doc)
    data.pop("actions", None)  # how researchers' tools number the options: no rule reads it
    for items in (data.get("components") or {}).values():
        for item in items if isinstance(items, list) else ():
            if isinstance(item, dict):
                item.pop("map", None)
    _drop_headings(data.get("procedure"))
    text = json.dumps(keys_as_text(data), sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _drop_headings(nodes: Any) -> None:
    """Take the headings out of the procedure's nodes (they are only shown in the log)."""
    if isinstance(nodes, dict):
        if "id" in nodes:
            nodes.pop("title", None)
            nodes.pop("section", None)
        for child in nodes.values():
            _drop_headings(child)
    elif isinstance(nodes, list):
        for child in nodes:
            _drop_headings(child)


def build(doc: MDict, scripts: dict[tuple, Script], params: dict, digest: str,
          reads: dict[tuple, tuple[str, ...]], part: GamePart, numbers: tuple[str, ...] = ()) -> Ruleset:
    """The Ruleset of a document that passed every check, with its compiled scripts by their key: the shared
    sections (steps, procedure, final scoring, winner, action space) and its game's part; `numbers`: the
    game's numbers the procedure's expressions see by name."""
    meta = doc["ruleset"]
    return Ruleset(
        id=str(meta["id"]), name=str(meta["name"]), version=meta["version"], digest=digest, params=params,
        steps={k: scripts[("steps", k)] for k in doc.get("steps") or {}},
        final_scoring=scoring_steps(doc, scripts), procedure=procedure_form.build(doc, scripts, reads, numbers),
        winner=scripts[("winner",)], actions=tuple(plain(region) for region in doc.get("actions") or ()),
        part=part, **winner_parts(doc, scripts))


def winner_parts(doc: MDict, scripts: dict[tuple, Script]) -> dict[str, Any]:
    """The Ruleset's fields of `winner:` beyond its ranking: the keys and the shared victory, if given."""
    winner = doc["winner"]
    shared = isinstance(winner, dict) and bool(winner.get("shared"))
    return {"winner_by": scripts.get(("winner", "by")), "shared_victory": shared}


def scoring_steps(doc: MDict, scripts: dict[tuple, Script]) -> tuple[ScoringStep, ...]:
    return tuple(ScoringStep(str(s["id"]), str(s["title"]), " ".join(str(s["text"]).split()),
                             scripts[("final_scoring", i, "effect")])
                 for i, s in enumerate(doc["final_scoring"]))
