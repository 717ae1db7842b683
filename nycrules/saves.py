"""Save files: the seats, the seed and the decisions of a game, as versioned JSON.

A save is checked against schemas/save.schema.json and against the ruleset's
digest, and written atomically (a temporary file renamed into place), so a
crash never leaves half a save.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import NycRulesError
from .engine.setup import SeatSpec
from .model import Ruleset

FORMAT = "nycrules-save"
VERSION = 1


@dataclass
class Save:
    ruleset_digest: str
    ruleset_name: str
    seats: list[SeatSpec]
    seed: int
    decisions: list[int]

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": {"name": self.ruleset_name, "digest": self.ruleset_digest},
            "seed": self.seed,
            "seats": [{"name": s.name, "kind": s.kind, **({"tom": f"{s.tom_mode}{s.tom_cards}"}
                                                         if s.kind == "tom" else {})} for s in self.seats],
            "decisions": self.decisions,
        }


def write_save(path: Path, save: Save) -> None:
    """Write atomically: a temporary file beside the target, then a rename."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, temp = tempfile.mkstemp(prefix=".nycrules-", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(save.to_json(), out, indent=1)
            out.write("\n")
        os.replace(temp, path)
    except OSError as err:
        raise NycRulesError(f"cannot write the save file {path}: {err.strerror or err}") from None


def read_save(path: Path, ruleset: Ruleset) -> Save:
    from .schema_check import validator

    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NycRulesError(f"no save file at {path}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise NycRulesError(f"cannot read the save file {path}: {getattr(err, 'strerror', None) or err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise NycRulesError(f"{path}:{err.lineno}:{err.colno}: not a save file: broken JSON ({err.msg}); "
                            "the file may be truncated") from None
    errors = sorted(validator("save.schema.json").iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "top level"
        raise NycRulesError(f"{path}: not a valid save file ({where}: {errors[0].message})")
    if data["ruleset"]["digest"] != ruleset.digest:
        raise NycRulesError(f"{path}: this save was made with another ruleset ('{data['ruleset']['name']}', "
                            f"digest {data['ruleset']['digest'][:12]}); load it with the --ruleset it was "
                            f"played with (this one is '{ruleset.name}', digest {ruleset.digest[:12]})")
    seats = []
    for seat in data["seats"]:
        if seat["kind"] == "tom":
            level = seat.get("tom", "")
            if not level:
                raise NycRulesError(f"{path}: not a valid save file (Tom seat {seat['name']!r} needs a level, "
                                    "such as B4)")
            if ruleset.tom is None or level[0] not in ruleset.tom.modes:
                modes = "/".join(sorted(ruleset.tom.modes)) if ruleset.tom else "none"
                raise NycRulesError(f"{path}: not a valid save file (Tom seat {seat['name']!r} has level {level!r}; "
                                    f"this ruleset's modes are {modes})")
            seats.append(SeatSpec(seat["name"], "tom", level[0], int(level[1])))
        else:
            seats.append(SeatSpec(seat["name"], seat["kind"]))
    try:
        check_seats(seats, ruleset)
    except NycRulesError as err:
        raise NycRulesError(f"{path}: not a valid save file ({err})") from None
    return Save(data["ruleset"]["digest"], data["ruleset"]["name"], seats, data["seed"], list(data["decisions"]))


def check_seats(seats: list[SeatSpec], ruleset: Ruleset) -> None:
    """Names must differ, and the ruleset must know how to play with this many seats."""
    names = [s.name.lower() for s in seats]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise NycRulesError(f"two seats are called '{seats[i].name}'; give each a different name")
    counts = sorted(ruleset.components.neutral_start)
    if len(seats) not in counts:
        raise NycRulesError(f"this ruleset plays with {', '.join(map(str, counts))} seats, not {len(seats)}")
