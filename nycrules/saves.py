"""Save files: the seats, the seed and the decisions of a game, as versioned JSON.

A save is checked against schemas/save.schema.json and against the ruleset's
digest (whole numbers only, within the limits of limits.py), and written
atomically and durably (a temporary file, synced, renamed into place), so a
crash never leaves half a save. `autosave` never replaces another game's save.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import NycRulesError
from .engine.setup import SeatSpec
from .files import FileRefused, read_bytes, read_text
from .limits import MAX_DECISIONS, MAX_SAVE_BYTES, int_in_range, numeral_too_long
from .model import Ruleset
from .seating import check_name, check_seats, tom_level
from .text import shown_path

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
    """Write atomically and durably: a temporary file beside the target, synced, then renamed over it.

    Never over a folder, device, pipe or symbolic link: only a regular file is replaced.
    """
    path = Path(path)
    shown = shown_path(path)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as err:
        raise NycRulesError(f"cannot write the {what} {shown}: {err.strerror or err}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "a folder" if stat.S_ISDIR(info.st_mode) \
            else "not a regular file"
        raise NycRulesError(f"cannot write the {what} {shown}: it is {kind} (only a file is replaced)")
    temp = None
    try:
        fd, temp = tempfile.mkstemp(prefix=".nycrules-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)  # as any new file, not mkstemp's private mode
        os.replace(temp, path)
        temp = None
        _sync_folder(path.parent)
    except OSError as err:
        raise NycRulesError(f"cannot write the {what} {shown}: {err.strerror or err}") from None
    finally:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows syncing a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def data_folder() -> Path:
    """The user's data folder for nycrules: $XDG_DATA_HOME/nycrules or ~/.local/share/nycrules."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "nycrules"


def autosave(save: Save, preferred: Path) -> tuple[Path, str]:
    """Save a game that stops early without losing any other: returns the file used and what to tell the player.

    An existing file there that holds another game (or anything but a save of this
    one) is kept under a new name, never replaced. When the folder cannot be
    written, the save goes to the user's data folder (data_folder()).
    """
    notes: list[str] = []
    try:
        return _autosave_in(save, Path(preferred), notes), " ".join(notes)
    except NycRulesError as first:
        fallback = data_folder() / Path(preferred).name
        try:
            fallback.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            used = _autosave_in(save, fallback, notes)
        except (OSError, NycRulesError):
            raise first from None
        notes.insert(0, f"{first.message}; saved in your data folder instead.")
        return used, " ".join(notes)


def _autosave_in(save: Save, path: Path, notes: list[str]) -> Path:
    """Save at `path`, keeping an older save of another game there; anything but a file there is
    left alone (write_save refuses it)."""
    if path.is_file() and not path.is_symlink() and not _same_game(path, save):
        kept = _free_name(path)
        try:
            os.rename(path, kept)
        except OSError as err:
            raise NycRulesError(f"cannot keep the older save {shown_path(path)}: {err.strerror or err}") from None
        notes.append(f"the older save there, of another game, was kept as {shown_path(kept)}.")
    write_save(path, save)
    return path


def _same_game(path: Path, save: Save) -> bool:
    """Whether the file is a save of this very game (same rules, seats and seed; its decisions a start of ours)."""
    try:
        data = _parse(read_bytes(path, MAX_SAVE_BYTES).decode("utf-8"), shown_path(path))
    except (NycRulesError, UnicodeDecodeError):
        return False
    mine = save.to_json()
    if not isinstance(data, dict) or any(data.get(key) != mine[key] for key in ("format", "ruleset", "seed", "seats")):
        return False
    old = data.get("decisions")
    return isinstance(old, list) and old == mine["decisions"][:len(old)]


def _free_name(path: Path) -> Path:
    for number in range(1, 10_000):
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise NycRulesError(f"cannot keep the older save {shown_path(path)}: too many saves beside it")


def _refuse_float(text: str) -> None:
    raise ValueError(f"{text} is not a whole number")


def _whole(text: str) -> int:
    if numeral_too_long(text):
        raise ValueError(f"the number {text[:12]}... is too large")
    value = int(text)
    if not int_in_range(value):
        raise ValueError(f"the number {text[:12]} is too large")
    return value


def _parse(text: str, shown: str) -> object:
    """JSON with whole numbers only, within limits.MAX_INT (no floats, NaN or Infinity)."""
    try:
        return json.loads(text, parse_float=_refuse_float, parse_int=_whole, parse_constant=_refuse_float)
    except RecursionError:
        raise NycRulesError(f"{shown}: not a save file: nested too deeply") from None
    except json.JSONDecodeError as err:
        raise NycRulesError(f"{shown}:{err.lineno}:{err.colno}: not a save file: broken JSON ({err.msg}); "
                            "the file may be truncated") from None
    except ValueError as err:
        raise NycRulesError(f"{shown}: not a valid save file: {err}") from None


def read_save(path: Path, ruleset: Ruleset) -> Save:
    from .schema_check import validator

    shown = shown_path(path)
    if not os.path.lexists(path):
        raise NycRulesError(f"no save file at {shown}")
    try:
        text = read_text(Path(path), MAX_SAVE_BYTES, f"the save file {shown}")
    except FileRefused as err:
        raise NycRulesError(err.message) from None
    data = _parse(text, shown)
    if isinstance(data, dict) and isinstance(data.get("decisions"), list) and len(data["decisions"]) > MAX_DECISIONS:
        raise NycRulesError(f"{shown}: not a valid save file: {len(data['decisions'])} decisions; no game needs "
                            f"more than {MAX_DECISIONS}")
    errors = sorted(validator("save.schema.json").iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "top level"
        raise NycRulesError(f"{shown}: not a valid save file ({where}: {errors[0].message[:200]})")
    if data["ruleset"]["digest"] != ruleset.digest:
        raise NycRulesError(f"{shown}: this save was made with another ruleset ('{data['ruleset']['name']}', "
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
        raise NycRulesError(f"{shown}: not a valid save file ({err})") from None
    return Save(data["ruleset"]["digest"], data["ruleset"]["name"], seats, data["seed"], list(data["decisions"]))
