"""Read a ruleset's YAML files and merge them into one marked document.

A ruleset is a folder with `ruleset.yaml`, or a single YAML file. The top file
may list `include:` files (each adds top-level sections) and may name a ruleset
it `extends:` (`nyc` for the shipped one, or a path). Extending merges deeply:
mappings key by key, and lists of items with an `id` item by item, so a mod
can change one value of one character or add a new one with a few lines. A mod
that lists every item of such a list (by id, new ones among them) also sets its
order: that is how a mod reorders the procedure's nodes.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import Any

from ..diagnostics import Location, Sink, SourceTexts
from .files import FileRefused, name_too_long, read_text
from ..limits import MAX_RULESET_BYTES, MAX_RULESET_FILE_BYTES, MAX_RULESET_FILES
from .marked_yaml import MDict, MList, load
from .merging import copy_marked, deep_merge, has_ids, note_new_items, removed
from ..resources import data_dir
from ..text import shown_path


def display_path(path: Path) -> str:
    """A path as shown in diagnostics: relative to the working folder when inside it.

    Files of the shipped rulesets show as `rulesets/NAME/FILE`, where they are in
    the source tree, rather than deep inside an installed package.
    """
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):  # a loop of symbolic links
        return shown_path(path)
    try:
        return shown_path(Path("rulesets") / resolved.relative_to(data_dir("rulesets").resolve()))
    except ValueError:
        pass
    try:
        return shown_path(resolved.relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return shown_path(path)


def resolve_ruleset_path(name_or_path: str | Path) -> Path:
    """What a command names: `nyc` (a shipped ruleset's name) or a path to a folder or file."""
    candidate = Path(name_or_path)
    if not os.path.lexists(candidate) and _SHIPPED_NAME.fullmatch(str(name_or_path)) \
            and (data_dir("rulesets") / str(name_or_path)).is_dir():
        candidate = data_dir("rulesets") / str(name_or_path)
    if os.path.isdir(candidate):
        candidate = candidate / "ruleset.yaml"
    return candidate


def ruleset_argument_problem(name_or_path: str, option: str = "--ruleset") -> str | None:
    """Why what a command's --ruleset (or `option`) names cannot be a ruleset (None: it may be; loading it
    tells more)."""
    if not name_or_path:
        return f"{option} '' names no ruleset: give a ruleset folder, a YAML file, or the name of a shipped one (nyc)"
    too_long = name_too_long(Path(name_or_path))
    if too_long:
        return f"no ruleset at {shown_path(name_or_path)}: {too_long}"
    if not os.path.lexists(name_or_path) and not (_SHIPPED_NAME.fullmatch(name_or_path)
                                                  and (data_dir("rulesets") / name_or_path).is_dir()):
        return (f"no ruleset at {shown_path(name_or_path)}: give a ruleset folder, a YAML file, or the name of a "
                "shipped one (nyc)")
    return None


def top_file_problem(path: Path) -> str | None:
    """Why the top file of a ruleset may not be read: a symbolic link out of its own folder (a mod's
    ruleset.yaml linked to a file elsewhere would show that file's text in its errors), or a name
    too long for the file system. None: it may be read (reading it may still fail, and says why)."""
    too_long = name_too_long(path)
    if too_long:
        return too_long
    if not path.is_symlink():
        return None
    found = file_inside(path.parent, path.name)
    if isinstance(found, str) and found.startswith("a symbolic link"):
        return "a symbolic link out of its folder; a ruleset may only read files in its own folder"
    return None


_SHIPPED_NAME = re.compile(r"[A-Za-z0-9_-]+")


def file_inside(folder: Path, name: str) -> Path | str:
    """The file `name` in `folder` (or a folder below it), or why it may not be read.

    A ruleset may only read files beside the file that names them: no absolute
    paths, no `..`, no symbolic link leading out of the folder.
    """
    if "\x00" in name:
        return "a file name cannot hold a NUL character"
    candidate = Path(name)
    if candidate.is_absolute():
        return "an absolute path; a ruleset may only read files in its own folder"
    if ".." in candidate.parts:
        return "outside the ruleset's folder ('..'); a ruleset may only read files in its own folder"
    too_long = name_too_long(folder / candidate)
    if too_long:
        return too_long
    try:
        root = folder.resolve()
        resolved = (folder / candidate).resolve()
    except (OSError, RuntimeError):
        return "a loop of symbolic links"
    if resolved != root and root not in resolved.parents:
        return "a symbolic link out of the ruleset's folder; a ruleset may only read files in its own folder"
    return resolved


def base_ruleset_path(name: str, folder: Path) -> Path | str:
    """What `extends: NAME` names: a shipped ruleset, or a ruleset file or folder inside `folder`."""
    shipped = data_dir("rulesets") / name
    if _SHIPPED_NAME.fullmatch(name) and not os.path.lexists(folder / name) and os.path.isdir(shipped):
        return shipped / "ruleset.yaml"
    found = file_inside(folder, name)
    if isinstance(found, Path) and found.is_dir():
        found = file_inside(folder, str(Path(name) / "ruleset.yaml"))
    return found


def shipped_rulesets() -> list[str]:
    """The names `extends:` and the commands know without a path (nyc, ...)."""
    folder = data_dir("rulesets")
    return sorted(p.name for p in folder.iterdir() if (p / "ruleset.yaml").is_file()) if folder.is_dir() else []


def _no_such_base(name: str) -> str:
    """Why `extends: NAME` names nothing: neither a shipped ruleset nor a file; the shipped ones listed."""
    shipped = shipped_rulesets()
    close = difflib.get_close_matches(name, shipped, n=1, cutoff=0.3)
    hint = f"; did you mean {close[0]}?" if close else ""
    return (f"there is no shipped ruleset of that name, nor a file or folder beside this file; the shipped "
            f"rulesets are: {', '.join(shipped)}{hint}")


class DocumentLoader:
    def __init__(self, sink: Sink, sources: SourceTexts):
        self.sink = sink
        self.sources = sources
        self.files: list[Path] = []  # every file read, for the digest
        self.texts: list[tuple[str, str]] = []  # (shown name, text) of every file read, for ruleset_cache
        self.bytes = 0  # characters read so far, for limits.MAX_RULESET_BYTES
        self.extends: str | None = None  # what the top file `extends:`, if anything
        self.own_files: tuple[str, ...] = ()  # the top file and its includes (not the bases'), as shown

    def read(self, path: Path, at: Location | None = None,
             what: str = "a ruleset file must hold a mapping of sections (such as `characters:`)",
             limit: int = MAX_RULESET_FILE_BYTES) -> Any:
        """One YAML file as a marked mapping; problems go to the sink (`what` says what it must hold)."""
        shown = display_path(path)
        too_long = name_too_long(path)
        if too_long:
            self.sink.error("E100", f"cannot read {shown}: {too_long}", at or Location(shown, 1, 1))
            return None
        if not path.exists() and not path.is_symlink():
            self.sink.error("E100", f"file not found: {shown}", at or Location(shown, 1, 1))
            return None
        if len(self.files) >= MAX_RULESET_FILES:
            self.sink.error("E100", f"cannot read {shown}: a ruleset may read at most {MAX_RULESET_FILES} files",
                            at or Location(shown, 1, 1))
            return None
        try:
            text = read_text(path, limit, shown)
        except FileRefused as err:
            self.sink.error("E100", err.message, at or Location(shown, 1, 1))
            return None
        self.bytes += len(text)
        if self.bytes > MAX_RULESET_BYTES:
            self.sink.error("E100", f"cannot read {shown}: the files of a ruleset may hold at most "
                                    f"{MAX_RULESET_BYTES} bytes in all", at or Location(shown, 1, 1))
            return None
        self.files.append(path)
        self.texts.append((shown, text))
        self.sources.add(shown, text, path)
        data = load(text, shown, self.sink)
        if data is None and shown not in {d.location.file for d in self.sink.items}:
            self.sink.error("E103", f"the file is empty; {what}", Location(shown, 1, 1))
        elif data is not None and not isinstance(data, MDict):
            where = getattr(data, "loc", None) or getattr(getattr(data, "span", None), "start", None)
            self.sink.error("E103", what, where or Location(shown, 1, 1))
            return None
        if data is not None:
            _check_unique_ids(data, self.sink)
        return data

    def load_ruleset(self, path: Path, chain: tuple[Path, ...] = (), at: Location | None = None) -> MDict | None:
        try:
            path = path.resolve() if path.exists() else path
        except (OSError, RuntimeError):
            pass  # a loop of symbolic links: reading it says so
        if path in chain:
            self.sink.error("E106", f"ruleset extends itself through {display_path(path)}",
                            at or Location(display_path(path), 1, 1))
            return None
        top = self.read(path, at)
        if top is None:
            return None
        merged = self._with_includes(top, path)
        if not chain:
            self.own_files = tuple(shown for shown, _ in self.texts)  # before any base is read
        base_name = top.get("extends")
        if base_name is None:
            return merged
        if not isinstance(base_name, str):
            self.sink.error("E203", "extends must be a text: `nyc` or the path of a ruleset",
                            top.value_locs["extends"])
            return None
        if not chain:
            self.extends = base_name
        base_path = base_ruleset_path(base_name, path.parent)
        if isinstance(base_path, Path) and not base_path.exists() and not base_path.is_symlink():
            base_path = _no_such_base(base_name)
        if isinstance(base_path, str):
            self.sink.error("E105", f"cannot extend '{shown_path(base_name)}': {base_path}", top.value_locs["extends"])
            return None
        base = self.load_ruleset(base_path, chain + (path,), top.value_locs["extends"])
        if base is None:
            return None
        overlay = MDict({k: v for k, v in merged.items() if k not in ("extends", "include")})
        overlay.loc = merged.loc
        overlay.key_locs = {k: v for k, v in merged.key_locs.items() if k in overlay}
        overlay.value_locs = {k: v for k, v in merged.value_locs.items() if k in overlay}
        _same_game(base, overlay, shown_path(base_name), self.sink)
        base = removed(base, overlay, shown_path(base_name), self.sink)
        note_new_items(base, overlay, shown_path(base_name))
        return deep_merge(base, overlay)

    def _with_includes(self, top: MDict, path: Path) -> MDict:
        if "include" not in top:
            return top
        includes = top["include"]
        if not isinstance(includes, MList):
            self.sink.error("E203", "include must be a list of file names, such as [characters.yaml]",
                            top.value_locs["include"])
            return top
        merged = copy_marked(top)
        for index, name in enumerate(includes):
            if not isinstance(name, str) or not name:
                self.sink.error("E203", f"include[{index}] must be the name of a file in this folder",
                                includes.item_locs[index])
                continue
            found = file_inside(path.parent, name)
            if isinstance(found, str):
                self.sink.error("E105", f"cannot include '{shown_path(name)}': {found}", includes.item_locs[index])
                continue
            part = self.read(found, includes.item_locs[index])
            if part is None:
                continue
            for key, value in part.items():
                if key in merged:
                    first = merged.key_locs[key]
                    self.sink.error("E104", f"section '{key}' is defined twice (first at {first})",
                                    part.key_locs[key])
                    continue
                merged[key] = value
                merged.key_locs[key] = part.key_locs[key]
                merged.value_locs[key] = part.value_locs[key]
        return merged


def _check_unique_ids(node: object, sink: Sink) -> None:
    """Items of one list must not share an id: a second one would silently merge into the first."""
    if isinstance(node, MDict):
        for value in node.values():
            _check_unique_ids(value, sink)
    elif isinstance(node, MList):
        if node and has_ids(node):
            seen: dict[object, Location] = {}
            for item in node:
                ident = item["id"]
                where = item.value_locs.get("id", item.loc) if isinstance(item, MDict) else node.loc
                if ident in seen:
                    sink.error("E407", f"duplicate id {ident!r} in this list (first at line {seen[ident].line})",
                               where)
                else:
                    seen[ident] = where
        for value in node:
            _check_unique_ids(value, sink)


def _game_named(doc: MDict) -> object:
    header = doc.get("ruleset")
    return header.get("game", "nyc") if isinstance(header, MDict) else "nyc"


def _same_game(base: MDict, overlay: MDict, base_name: str, sink: Sink) -> None:
    """A mod plays its base's game: its own `ruleset: {game: ...}` may only repeat it (docs/games.md)."""
    header = overlay.get("ruleset")
    if not isinstance(header, MDict) or "game" not in header:
        return
    mine, theirs = header["game"], _game_named(base)
    if mine != theirs:
        sink.error("E204", f"ruleset.game: a mod plays the game of the ruleset it extends ({base_name} is "
                           f"{theirs}), not {str(mine)[:40]}", header.value_locs.get("game", header.loc))


def extends(ruleset: str | Path, base: str | Path | None) -> bool:
    """Whether a ruleset extends `base` (a name or path), directly or through others; any base for None.

    It follows the `extends:` of the top files only, for a ruleset that has loaded cleanly.
    """
    import yaml

    target = None if base is None else resolve_ruleset_path(base).resolve()
    path, seen = resolve_ruleset_path(ruleset).resolve(), set()
    while path not in seen and len(seen) < MAX_RULESET_FILES:
        seen.add(path)
        try:
            top = yaml.safe_load(read_text(path, MAX_RULESET_FILE_BYTES, display_path(path)))
        except (FileRefused, OSError, yaml.YAMLError):
            return False
        name = top.get("extends") if isinstance(top, dict) else None
        if not isinstance(name, str):
            return False
        found = base_ruleset_path(name, path.parent)
        if isinstance(found, str):
            return False
        path = found.resolve()
        if target is None or path == target:
            return True
    return False
