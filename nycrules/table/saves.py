"""Save files: the seats, the seed and the decisions of a game, as versioned JSON.

A save is checked against schemas/save.schema.json and against the ruleset's
digest (whole numbers only, within the limits of limits.py), and written
atomically and durably (a temporary file, synced, renamed into place), so a
crash never leaves half a save. `autosave` never replaces another game's save,
not even when several games end at once in one folder (they take turns: a lock on
the folder). `check_target` tells before a game is played whether its file can be
written there at all.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from ..diagnostics import NycRulesError
from ..engine.setup import SeatSpec
from ..reading.files import FileRefused, read_bytes, read_text
from ..reading.user_cache import xdg_folder
from ..limits import MAX_DECISIONS, MAX_SAVE_BYTES, int_in_range, numeral_too_long
from ..engine.model import Ruleset
from .save_rules import made_with_other_rules, replay_older
from .save_seats import read_seats, saved_seat
from ..text import shown_clipped, shown_path

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
            "seats": [saved_seat(seat) for seat in self.seats],
            "decisions": self.decisions,
        }


def write_save(path: Path, save: Save) -> None:
    write_save_as(path, save, "save file")


def write_save_as(path: Path, save: Save, what: str) -> None:
    """write_save, naming the file as what it is to the player (a save file, the game's record)."""
    write_text(path, json.dumps(save.to_json(), indent=1) + "\n", what)


def write_text(path: Path, text: str, what: str = "file") -> None:
    """Write atomically and durably: a temporary file beside the target, synced, then renamed over it.

    Never over a folder, device, pipe or symbolic link: only a regular file is replaced.
    """
    path = Path(path)
    shown = shown_path(path)
    _check_replaceable(path, what)
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


def _check_replaceable(path: Path, what: str) -> None:
    """A file name that can be written, where nothing but a regular file is (a file is replaced)."""
    shown = shown_path(path)
    if "\0" in os.fspath(path):
        raise NycRulesError(f"cannot write the {what} {shown}: a file name cannot hold a NUL byte (\\x00)")
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as err:
        raise NycRulesError(f"cannot write the {what} {shown}: {err.strerror or err}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a symbolic link" if stat.S_ISLNK(info.st_mode) else "a folder" if stat.S_ISDIR(info.st_mode) \
            else "not a regular file"
        raise NycRulesError(f"cannot write the {what} {shown}: it is {kind} (only a file is replaced)")


def check_target(path: Path, what: str = "file") -> None:
    """Fail now, before a game is played, if `path` could not be written (write_text) later:
    a folder, link or device there, no such folder, a folder that cannot be written, a name
    the file system refuses. (A disk that fills up meanwhile can only be met when writing.)"""
    path = Path(path)
    _check_replaceable(path, what)
    folder = path.parent
    if not folder.is_dir():
        raise NycRulesError(f"cannot write the {what} {shown_path(path)}: no folder {shown_path(folder)}")
    try:  # the only sure test: a file made there (permissions, a read-only disk, root or not)
        fd, temp = tempfile.mkstemp(prefix=".nycrules-", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(temp)
    except OSError as err:
        raise NycRulesError(f"cannot write the {what} {shown_path(path)}: {err.strerror or err}") from None


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
    """The user's data folder for nycrules: $XDG_DATA_HOME/nycrules or ~/.local/share/nycrules (a relative
    $XDG_DATA_HOME is ignored, as the XDG rule says)."""
    return xdg_folder("XDG_DATA_HOME", ".local", "share")


def save_keeping_others(save: Save, preferred: Path, fallback: bool = True) -> tuple[Path, str]:
    """Save a game without losing anything else (the autosave, and `save FILE` at the prompt): returns
    the file used and what to tell the player.

    An existing file there that holds another game (or anything but a save of this
    one) is kept under a new name, never replaced. When the file cannot be written,
    the save goes to the user's data folder (data_folder()) with `fallback` (the
    autosave); without it (a name the player typed) the error says why, to try another.
    """
    notes: list[str] = []
    if not fallback:
        return _save_in(save, Path(preferred), notes), " ".join(notes)
    used, moved = _or_in_data_folder(Path(preferred), lambda path: _save_in(save, path, notes))
    return used, " ".join(([moved] if moved else []) + notes)


def save_with_fallback(save: Save, path: Path, what: str = "save file") -> tuple[Path, str]:
    """Write a save (replacing an older file of that name, as a finished game's record does); when that
    fails, in the user's data folder instead. Returns the file written and what to tell the player."""
    def write(target: Path) -> Path:
        write_save_as(target, save, what)
        return target

    return _or_in_data_folder(Path(path), write)


def _or_in_data_folder(path: Path, write: Callable[[Path], Path]) -> tuple[Path, str]:
    """`write(path)`; when that fails, `write` to the same name in the user's data folder, and say so."""
    try:
        return write(path), ""
    except NycRulesError as first:
        fallback = data_folder() / _fallback_name(path)
        try:
            fallback.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            used = write(fallback)
        except (OSError, NycRulesError):
            raise first from None
        return used, f"{first.message}; saved in your data folder instead."


def _fallback_name(preferred: Path) -> str:
    """The name in the data folder: the preferred one, unless the file system refused that name."""
    name = preferred.name
    return name if name and "\0" not in name and len(os.fsencode(name)) <= 200 else "nycrules-save.json"


LOCK_WAIT = 5.0  # seconds to wait for another game saving in the same folder (it takes milliseconds)


@contextmanager
def _folder_lock(folder: Path) -> Iterator[None]:
    """One save at a time in a folder (an advisory lock on the folder itself), so that two games
    ending at once cannot both pick the same free name, or each replace the other's save."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        yield  # write_save reports what is wrong with the folder
        return
    try:
        import fcntl
    except ImportError:  # not on a POSIX system: no lock
        os.close(fd)
        yield
        return
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break  # a stuck process holds it: save anyway (the kept names are still never replaced)
                time.sleep(0.01)
            except OSError:  # a file system without locks
                break
        yield
    finally:
        os.close(fd)  # releases the lock


def _save_in(save: Save, path: Path, notes: list[str]) -> Path:
    """Save at `path`, keeping an older file there that is not a save of this game (another game's
    save, or any other file); anything but a file there is left alone (refused in one line)."""
    _check_replaceable(path, "save file")  # a name the system refuses, a link, a folder: said in one line
    with _folder_lock(path.parent):
        if path.exists():  # a regular file: anything else was refused above
            same = _same_game(path, save)
            if same is not True:
                kept = _keep(path)
                what = "save there, of another game," if same is False else "file there, not a save,"
                notes.append(f"the older {what} was kept as {shown_path(kept)}.")
        write_save(path, save)
    return path


def _keep(path: Path) -> Path:
    """A second name for the older file at `path`, one that nothing has (a hard link fails rather than
    replace a file made meanwhile); `path` itself is then free to be replaced."""
    for number in range(1, 10_000):
        kept = path.with_name(f"{path.stem}-{number}{path.suffix}")
        try:
            os.link(path, kept)
            return kept
        except FileExistsError:
            continue
        except OSError as err:
            if err.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise NycRulesError(f"cannot keep the older save {shown_path(path)}: "
                                    f"{err.strerror or err}") from None
        # no hard links on this file system: a rename, where nothing is yet
        if os.path.lexists(kept):
            continue
        try:
            os.rename(path, kept)
        except OSError as err:
            raise NycRulesError(f"cannot keep the older save {shown_path(path)}: {err.strerror or err}") from None
        return kept
    raise NycRulesError(f"cannot keep the older save {shown_path(path)}: too many saves beside it")


def _same_game(path: Path, save: Save) -> bool | None:
    """Whether the file is a save of this very game (same rules, seats and seed; its decisions a start
    of ours): True, False for a save of another game, None for a file that is no save."""
    try:
        data = _parse(read_bytes(path, MAX_SAVE_BYTES).decode("utf-8"), shown_path(path))
    except (NycRulesError, UnicodeDecodeError):
        return None
    mine = save.to_json()
    if not isinstance(data, dict) or not {"format", "decisions"} <= set(data):
        return None
    if any(data.get(key) != mine[key] for key in ("format", "ruleset", "seed", "seats")):
        return False
    old = data.get("decisions")
    return isinstance(old, list) and old == mine["decisions"][:len(old)]


def _refuse_float(text: str) -> None:
    raise ValueError(f"{text} is not a whole number")


def _whole(text: str) -> int:
    if numeral_too_long(text):
        raise ValueError(f"the number {text[:12]}... is too large")
    value = int(text)
    if not int_in_range(value):
        raise ValueError(f"the number {text[:12]} is too large")
    return value


class _DuplicateKey(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object, refused when a key appears twice (JSON would silently keep the last one)."""
    found: dict = {}
    for key, value in pairs:
        if key in found:
            raise _DuplicateKey(key)
        found[key] = value
    return found


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:]')


def _second_key_at(text: str, wanted: str) -> tuple[int, int]:
    """Line and column where the key `wanted` appears a second time in one object (it does: the parser said so)."""
    open_objects: list[set[str] | None] = []  # per open bracket: the keys seen (None for a list)
    last_string: re.Match | None = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "{[":
            open_objects.append(set() if token == "{" else None)
        elif token in "}]":
            if open_objects:
                open_objects.pop()
        elif token == ":" and last_string is not None and open_objects and open_objects[-1] is not None:
            key = json.loads(last_string.group())
            if key == wanted and key in open_objects[-1]:
                start = last_string.start()
                return text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
            open_objects[-1].add(key)
        last_string = match if token.startswith('"') else None
    return 1, 1


def _parse(text: str, shown: str) -> object:
    """JSON with whole numbers only, within limits.MAX_INT (no floats, NaN or Infinity), each key once."""
    try:
        return json.loads(text, parse_float=_refuse_float, parse_int=_whole, parse_constant=_refuse_float,
                          object_pairs_hook=_no_duplicates)
    except RecursionError:
        raise NycRulesError(f"{shown}: not a save file: nested too deeply") from None
    except json.JSONDecodeError as err:
        raise NycRulesError(f"{shown}:{err.lineno}:{err.colno}: not a save file: broken JSON ({err.msg}); "
                            "the file may be truncated") from None
    except _DuplicateKey as err:
        line, column = _second_key_at(text, err.key)
        raise NycRulesError(f"{shown}:{line}:{column}: not a valid save file: the key "
                            f"{shown_clipped(json.dumps(err.key, ensure_ascii=False), 40)} appears twice "
                            "in one object") from None
    except ValueError as err:
        raise NycRulesError(f"{shown}: not a valid save file: {err}") from None


def read_save(path: Path, ruleset: Ruleset) -> Save:
    from ..reading.schema_check import validator

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
    older = made_with_other_rules(shown, data["ruleset"]["name"], data["ruleset"]["digest"], ruleset)
    try:
        seats = read_seats(data["seats"], ruleset)
    except NycRulesError as err:
        raise NycRulesError(f"{shown}: not a valid save file ({err})") from None
    if older:  # an earlier version of this shipped ruleset: its decisions must replay (save_rules.py)
        replay_older(shown, data["ruleset"]["digest"], ruleset, seats, data["seed"], data["decisions"])
    return Save(ruleset.digest, data["ruleset"]["name"], seats, data["seed"], list(data["decisions"]))
