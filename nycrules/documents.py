"""Read a ruleset's YAML files and merge them into one marked document.

A ruleset is a folder with `ruleset.yaml`, or a single YAML file. The top file
may list `include:` files (each adds top-level sections) and may name a ruleset
it `extends:` (`nyc` for the shipped one, or a path). Extending merges deeply:
mappings key by key, and lists of items with an `id` item by item, so a mod
can change one value of one character or add a new one with a few lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .diagnostics import Location, Sink, SourceTexts
from .marked_yaml import MDict, MList, load
from .resources import data_dir


def display_path(path: Path) -> str:
    """A path as shown in diagnostics: relative to the working folder when inside it.

    Files of the shipped rulesets show as `rulesets/NAME/FILE`, where they are in
    the source tree, rather than deep inside an installed package.
    """
    resolved = path.resolve()
    try:
        return str(Path("rulesets") / resolved.relative_to(data_dir("rulesets").resolve()))
    except ValueError:
        pass
    try:
        return str(resolved.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def resolve_ruleset_path(name_or_path: str | Path, base: Path | None = None) -> Path:
    """`nyc` (a shipped ruleset's name) or a path to a folder or file."""
    candidate = Path(name_or_path)
    if base is not None and not candidate.is_absolute():
        relative = base / candidate
        if relative.exists():
            candidate = relative
    if not candidate.exists() and "/" not in str(name_or_path) and (data_dir("rulesets") / str(name_or_path)).is_dir():
        candidate = data_dir("rulesets") / str(name_or_path)
    if candidate.is_dir():
        candidate = candidate / "ruleset.yaml"
    return candidate


class DocumentLoader:
    def __init__(self, sink: Sink, sources: SourceTexts):
        self.sink = sink
        self.sources = sources
        self.files: list[Path] = []  # every file read, for the digest

    def read(self, path: Path, at: Location | None = None,
             what: str = "a ruleset file must hold a mapping of sections (such as `characters:`)") -> Any:
        """One YAML file as a marked mapping; problems go to the sink (`what` says what it must hold)."""
        shown = display_path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.sink.error("E100", f"file not found: {shown}", at or Location(shown, 1, 1))
            return None
        except (OSError, UnicodeDecodeError) as err:
            reason = "not UTF-8 text" if isinstance(err, UnicodeDecodeError) else (err.strerror or str(err))
            self.sink.error("E100", f"cannot read {shown}: {reason}", at or Location(shown, 1, 1))
            return None
        self.files.append(path)
        self.sources.add(shown, text)
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
        path = path.resolve() if path.exists() else path
        if path in chain:
            self.sink.error("E106", f"ruleset extends itself through {display_path(path)}",
                            at or Location(display_path(path), 1, 1))
            return None
        top = self.read(path, at)
        if top is None:
            return None
        merged = self._with_includes(top, path)
        base_name = top.get("extends")
        if base_name is None:
            return merged
        if not isinstance(base_name, str):
            self.sink.error("E203", "extends must be a text: `nyc` or the path of a ruleset",
                            top.value_locs["extends"])
            return None
        base_path = resolve_ruleset_path(base_name, path.parent)
        base = self.load_ruleset(base_path, chain + (path,), top.value_locs["extends"])
        if base is None:
            return None
        overlay = MDict({k: v for k, v in merged.items() if k not in ("extends", "include")})
        overlay.loc = merged.loc
        overlay.key_locs = {k: v for k, v in merged.key_locs.items() if k in overlay}
        overlay.value_locs = {k: v for k, v in merged.value_locs.items() if k in overlay}
        return deep_merge(base, overlay)

    def _with_includes(self, top: MDict, path: Path) -> MDict:
        includes = top.get("include")
        if not isinstance(includes, MList):
            return top
        merged = _copy(top)
        for index, name in enumerate(includes):
            if not isinstance(name, str):
                continue  # the schema reports it
            part = self.read(path.parent / name, includes.item_locs[index])
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


def _copy(d: MDict) -> MDict:
    out = MDict(d)
    out.loc = d.loc
    out.key_locs = dict(d.key_locs)
    out.value_locs = dict(d.value_locs)
    return out


def deep_merge(base: Any, overlay: Any) -> Any:
    """Overlay wins; mappings merge by key, lists of items with ids merge by id."""
    if isinstance(base, MDict) and isinstance(overlay, MDict):
        out = _copy(base)
        out.loc = overlay.loc
        for key, value in overlay.items():
            out[key] = deep_merge(base[key], value) if key in base else value
            out.key_locs[key] = overlay.key_locs[key]
            out.value_locs[key] = overlay.value_locs[key]
        return out
    if isinstance(base, MList) and isinstance(overlay, MList) and _has_ids(base) and _has_ids(overlay):
        out = MList(base)
        out.loc = overlay.loc
        out.item_locs = list(base.item_locs)
        index = {item["id"]: i for i, item in enumerate(base)}
        for item, loc in zip(overlay, overlay.item_locs):
            if item["id"] in index:
                i = index[item["id"]]
                out[i] = deep_merge(out[i], item)
                out.item_locs[i] = loc
            else:
                index[item["id"]] = len(out)
                out.append(item)
                out.item_locs.append(loc)
        return out
    return overlay


def _check_unique_ids(node: object, sink: Sink) -> None:
    """Items of one list must not share an id: a second one would silently merge into the first."""
    if isinstance(node, MDict):
        for value in node.values():
            _check_unique_ids(value, sink)
    elif isinstance(node, MList):
        if node and _has_ids(node):
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


def _has_ids(items: list) -> bool:
    return all(isinstance(item, dict) and isinstance(item.get("id"), (str, int))
               and not isinstance(item.get("id"), bool) for item in items)
