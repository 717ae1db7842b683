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
from .seating import check_name, check_seats, tom_level

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
    write_text(path, json.dumps(save.to_json(), indent=1) + "\n", "save file")


def write_text(path: Path, text: str, what: str = "file") -> None:
    """Write atomically: a temporary file beside the target, then a rename."""
    path = Path(path)
    temp = None
    try:
        fd, temp = tempfile.mkstemp(prefix=".nycrules-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)  # as any new file, not mkstemp's private mode
        os.replace(temp, path)
        temp = None
    except OSError as err:
        raise NycRulesError(f"cannot write the {what} {path}: {err.strerror or err}") from None
    finally:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)


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
    except RecursionError:
        raise NycRulesError(f"{path}: not a save file: nested too deeply") from None
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
    try:
        seats = []
        for seat in data["seats"]:
            name = check_name(seat["name"])
            if seat["kind"] == "tom":
                if not seat.get("tom"):
                    raise NycRulesError(f"Tom seat {name!r} needs a level, such as B4")
                seats.append(SeatSpec(name, "tom", *tom_level(seat["tom"], ruleset)))
            else:
                seats.append(SeatSpec(name, seat["kind"]))
        check_seats(seats, ruleset)
    except NycRulesError as err:
        raise NycRulesError(f"{path}: not a valid save file ({err})") from None
    return Save(data["ruleset"]["digest"], data["ruleset"]["name"], seats, data["seed"], list(data["decisions"]))
