"""The user's cache folder, used only when nobody else can put files in it.

What is read back from a cache is input someone else may have planted, so a
cache is used only from a folder owned by this user that nobody else can write
to, inside a folder nobody else can change (or a sticky one such as /tmp), and
only files owned by this user that nobody else can write. Otherwise nothing is
cached: the work is simply done again each time.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


def xdg_folder(variable: str, *default: str) -> Path:
    """$VARIABLE/nycrules, or ~/DEFAULT.../nycrules when it is unset or relative (the XDG rule: a
    relative path is ignored, so nothing is ever put in the current folder)."""
    given = os.environ.get(variable, "")
    return Path(given if os.path.isabs(given) else Path.home().joinpath(*default)) / "nycrules"


def private_folder() -> Path | None:
    """$XDG_CACHE_HOME/nycrules (or ~/.cache/nycrules), created if missing; None if it is not private."""
    try:
        # The cache's parent as it is now, links followed (XDG_CACHE_HOME may be a link to a folder of
        # one's own): every check below and every later use is of that real folder.
        base = Path(os.path.realpath(xdg_folder("XDG_CACHE_HOME", ".cache").parent)) / "nycrules"
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        if _ours(base) and (_ours(base.parent) or _sticky(base.parent)):
            return base
    except (OSError, RuntimeError, KeyError):  # no home folder, or not writable: no cache
        pass
    return None


def usable_file(path: Path) -> bool:
    """A cache file that may be read (it is ours) or written (it does not exist yet)."""
    try:
        return not os.path.lexists(path) or _ours(path)
    except OSError:
        return False


def _ours(path: Path) -> bool:
    """Owned by this user, not a symbolic link, and writable by nobody else."""
    info = path.lstat()
    return (not stat.S_ISLNK(info.st_mode) and info.st_uid == os.getuid()
            and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def _sticky(path: Path) -> bool:
    """A shared folder where nobody may rename or remove the files of others (as /tmp)."""
    return bool(path.stat().st_mode & stat.S_ISVTX)
