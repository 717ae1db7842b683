"""Reading a file a user named: a regular file, under a size limit, never blocking.

A FIFO would block a plain `open` forever and `/dev/zero` would fill the memory;
a folder or a symlink loop gives an unhelpful error. Files are opened without
blocking, checked to be regular files, and read up to their limit plus one byte,
so an oversized file is refused after reading no more than its limit.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..diagnostics import NycRulesError
from ..text import shown_path


class FileRefused(NycRulesError):
    """A file that cannot be read as asked; the message names the file, never its contents."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _reason(err: OSError) -> str:
    if err.errno == errno.ELOOP:
        return "a loop of symbolic links"
    if err.errno == errno.ENOENT:
        return "no such file"
    return err.strerror or str(err)


def name_too_long(path: Path) -> str | None:
    """Why the file system would refuse this name as too long (a part, or the whole path), else None."""
    try:
        longest = os.pathconf(path.anchor or ".", "PC_NAME_MAX")
        whole = os.pathconf(path.anchor or ".", "PC_PATH_MAX")
    except (OSError, ValueError):
        longest, whole = 255, 4096
    part = max((len(os.fsencode(p)) for p in path.parts), default=0)
    if part > longest:
        return f"a file name of {part} bytes; the file system allows {longest}"
    if len(os.fsencode(str(path))) >= whole:
        return f"a path of {len(os.fsencode(str(path)))} bytes; the file system allows {whole - 1}"
    return None


def read_bytes(path: Path, limit: int, shown: str | None = None) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; FileRefused otherwise."""
    name = shown if shown is not None else shown_path(path)
    if "\0" in os.fspath(path):  # os.stat would raise a ValueError of its own
        raise FileRefused(f"cannot read {name}: a file name cannot hold a NUL byte (\\x00)")
    try:
        before = os.stat(path)
    except OSError as err:
        raise FileRefused(f"cannot read {name}: {_reason(err)}") from None
    if not stat.S_ISREG(before.st_mode):
        raise FileRefused(f"cannot read {name}: it is {_kind(before.st_mode)}, not a file")
    if before.st_size > limit:
        raise FileRefused(f"cannot read {name}: it is {before.st_size} bytes; the limit is {limit}")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise FileRefused(f"cannot read {name}: {_reason(err)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # replaced between the check and the open
            raise FileRefused(f"cannot read {name}: it is {_kind(mode)}, not a file")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as err:
        raise FileRefused(f"cannot read {name}: {_reason(err)}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileRefused(f"cannot read {name}: it is more than {limit} bytes; the limit is {limit}")
    return b"".join(chunks)


def read_text(path: Path, limit: int, shown: str | None = None) -> str:
    """A UTF-8 text file of at most `limit` bytes (see read_bytes)."""
    data = read_bytes(path, limit, shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        name = shown if shown is not None else shown_path(path)
        raise FileRefused(f"cannot read {name}: not UTF-8 text (byte {err.start + 1})") from None
