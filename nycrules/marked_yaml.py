"""A safe YAML loader that remembers where every value came from.

Mappings load as `MDict`, sequences as `MList` and strings as `MStr`; each
knows its own location and its children's, so any later stage (schema, model,
effect parser) can point at the exact line and column of a problem.
Duplicate keys are errors, not silently overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

import yaml

from .diagnostics import Location, Sink

try:  # the C loader composes several times faster, when libyaml is present
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

Key = Union[str, int]


@dataclass(frozen=True)
class TextSpan:
    """Where the text of a string scalar sits, to map positions inside it to the file.

    Literal blocks (`|`) and one-line plain scalars map by offset. Other styles
    (quoted, folded, plain over several lines) change the text while reading it,
    so for them `chars` holds the file position of every character of the value.
    """

    file: str
    line0: int  # 0-based line of the scalar's first character (or block indicator)
    col0: int  # 0-based column of the same
    style: str | None
    indent: int  # for block scalars, the indentation of the content
    chars: tuple[tuple[int, int], ...] | None = None  # 1-based (line, column) per value character
    value: str = ""

    def locate(self, line: int, column: int) -> Location:
        """Map a 1-based line/column inside the scalar's value to the file."""
        if self.chars is not None:
            offset = _offset(self.value, line, column)
            if not self.chars:
                return self.start
            if offset < len(self.chars):
                return Location(self.file, *self.chars[offset])
            file_line, file_col = self.chars[-1]  # just past the end of the text
            return Location(self.file, file_line, file_col + offset - len(self.chars) + 1)
        if self.style == "|":
            return Location(self.file, self.line0 + 1 + line, self.indent + column)
        return Location(self.file, self.line0 + line, (self.col0 if line == 1 else 0) + column)

    @property
    def start(self) -> Location:
        return Location(self.file, self.line0 + 1, self.col0 + 1)


def _offset(value: str, line: int, column: int) -> int:
    """The index in `value` of a 1-based line and column."""
    lines = value.split("\n")
    return sum(len(text) + 1 for text in lines[:line - 1]) + column - 1


def _align(value: str, lines: list[str], line0: int, col0: int) -> tuple[tuple[int, int], ...]:
    """The file position of each character of a scalar whose text was folded or unescaped.

    Characters of the value appear in the file in order; escapes and folded line
    breaks are skipped over, so each visible character is matched to the next
    equal character in the file.
    """
    out = []
    row, col = line0, col0
    for ch in value:
        if ch in " \n\t":
            out.append((row + 1, col + 1))
            continue
        while row < len(lines):
            text = lines[row]
            if col < len(text) and text[col] == ch:
                break
            col += 1
            if col >= len(text):
                row, col = row + 1, 0
        out.append((row + 1, col + 1))
        col += 1
    return tuple(out)


class MStr(str):
    span: TextSpan

    def __new__(cls, value: str, span: TextSpan) -> "MStr":
        obj = super().__new__(cls, value)
        obj.span = span
        return obj

    def __deepcopy__(self, memo: dict) -> "MStr":
        return self  # immutable, like any string (a trial copy of a game may reach one)

    @property
    def loc(self) -> Location:
        return self.span.start


class MDict(dict):
    """A mapping with the location of itself, each key and each value."""

    loc: Location
    key_locs: dict[Any, Location]
    value_locs: dict[Any, Location]


class MList(list):
    loc: Location
    item_locs: list[Location]


_PLAIN_TAGS = {f"tag:yaml.org,2002:{name}" for name in
               ("map", "seq", "str", "int", "float", "bool", "null", "timestamp", "merge")}


def _location(file: str, mark: Any) -> Location:
    return Location(file, mark.line + 1, mark.column + 1)


class _Builder:
    def __init__(self, file: str, text: str, sink: Sink):
        self.file = file
        self.lines = text.splitlines()
        self.sink = sink
        self.constructor = yaml.SafeLoader("")  # only used for resolving scalars

    def build(self, node: yaml.Node) -> Any:
        if node.tag not in _PLAIN_TAGS:
            raise yaml.constructor.ConstructorError(None, None, f"the tag {node.tag} is not allowed",
                                                    node.start_mark)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node)
        if isinstance(node, yaml.SequenceNode):
            out = MList(self.build(item) for item in node.value)
            out.loc = _location(self.file, node.start_mark)
            out.item_locs = [_location(self.file, item.start_mark) for item in node.value]
            return out
        value = self.constructor.construct_object(node, deep=True)
        if isinstance(value, str):
            return MStr(value, self._span(node, value))
        return value

    def _mapping(self, node: yaml.MappingNode) -> MDict:
        out = MDict()
        out.loc = _location(self.file, node.start_mark)
        out.key_locs = {}
        out.value_locs = {}
        for key_node, value_node in node.value:
            key_loc = _location(self.file, key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode):
                self.sink.error("E103", "a mapping key must be a plain value", key_loc)
                continue
            if key_node.tag == "tag:yaml.org,2002:merge":
                self.sink.error("E103", "YAML merge keys (<<) are not supported; repeat the values or use an "
                                        "anchor (&name) and alias (*name) for a whole value", key_loc)
                continue
            key = self.constructor.construct_object(key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                self.sink.error("E103", f"a mapping key must be text or a whole number, not {key!r}", key_loc)
                continue
            if key in out:
                first = out.key_locs[key]
                self.sink.error("E102", f"duplicate key '{key}' (first defined at line {first.line})", key_loc)
                continue
            out[key] = self.build(value_node)
            out.key_locs[key] = key_loc
            out.value_locs[key] = _location(self.file, value_node.start_mark)
        return out

    def _span(self, node: yaml.ScalarNode, value: str) -> TextSpan:
        line0, col0 = node.start_mark.line, node.start_mark.column
        style = node.style or None
        if style == "|":
            header = self.lines[line0][col0:] if line0 < len(self.lines) else ""
            digits = [ch for ch in header.split("#")[0] if ch.isdigit()]
            if digits:  # an explicit indentation indicator, relative to the key's line
                key_line = self.lines[line0]
                return TextSpan(self.file, line0, col0, style, len(key_line) - len(key_line.lstrip(" ")) + int(digits[0]))
            indent = 0
            for text in self.lines[line0 + 1:]:
                if text.strip():
                    indent = len(text) - len(text.lstrip(" "))
                    break
            return TextSpan(self.file, line0, col0, style, indent)
        if not style and node.end_mark.line == line0:
            return TextSpan(self.file, line0, col0, style, 0)
        start = col0 + (1 if style in ("'", '"') else 0)
        if style == ">":
            line0, start = line0 + 1, 0
        return TextSpan(self.file, node.start_mark.line, col0, style, 0,
                        _align(value, self.lines, line0, start), value)


def load(text: str, file: str, sink: Sink) -> Any:
    """Parse one YAML document; report syntax errors to the sink and return None then."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except RecursionError:
        sink.error("E101", "YAML nested too deeply to read", Location(file, 1, 1))
        return None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        loc = _location(file, mark) if mark is not None else Location(file, 1, 1)
        problem = err.problem or err.context or "invalid YAML"
        opened = err.context_mark
        if (err.context and err.context.startswith("while parsing a flow") and opened is not None
                and err.problem_mark is not None):
            bracket = "[" if "sequence" in err.context else "{"
            at = err.problem_mark
            sink.error("E101", f"YAML syntax: this {bracket} is not closed ({problem} at line {at.line + 1}, "
                               f"column {at.column + 1})", _location(file, opened))
            return None
        sink.error("E101", f"YAML syntax: {problem}", loc)
        return None
    except yaml.YAMLError as err:  # e.g. a reader error for control characters
        sink.error("E101", f"YAML syntax: {err}", Location(file, 1, 1))
        return None
    if node is None:
        return None
    try:
        return _Builder(file, text, sink).build(node)
    except RecursionError:
        sink.error("E101", "YAML value nested too deeply to read", _location(file, node.start_mark))
        return None
    except yaml.constructor.ConstructorError as err:
        mark = err.problem_mark
        loc = _location(file, mark) if mark is not None else Location(file, 1, 1)
        sink.error("E101", f"YAML value: {err.problem}", loc)
        return None


def location_of(root: Any, path: tuple[Key, ...], key: bool = False) -> Location | None:
    """The location of the value at `path` (or of its key, with key=True)."""
    node = root
    best: Location | None = getattr(root, "loc", None)
    for i, step in enumerate(path):
        last = i == len(path) - 1
        if isinstance(node, MDict) and step in node:
            locs = node.key_locs if (key and last) else node.value_locs
            best = locs.get(step, best)
            node = node[step]
        elif isinstance(node, MList) and isinstance(step, int) and 0 <= step < len(node):
            best = node.item_locs[step]
            node = node[step]
        else:
            break
    return best
