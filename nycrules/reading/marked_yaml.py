"""A safe YAML loader that remembers where every value came from.

Mappings load as `MDict`, sequences as `MList` and strings as `MStr`; each
knows its own location and its children's, so any later stage (schema, model,
effect parser) can point at the exact line and column of a problem (a string
down to each of its characters: text_span.py). Duplicate keys are errors, not silently overwritten.
"""

from __future__ import annotations

from typing import Any, Union

import yaml

from ..diagnostics import Location, Sink
from ..limits import (MAX_SCALAR_CHARS, MAX_YAML_CHARS, MAX_YAML_DEPTH, MAX_YAML_VALUES, int_in_range,
                      numeral_too_long)
from .text_span import TextSpan, align
from .yaml_hints import explain

try:  # the C loader composes several times faster, when libyaml is present
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

Key = Union[str, int]


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


class TooLarge(Exception):
    """A file over one of the loading limits; stops building at once (one error, little memory)."""

    def __init__(self, message: str, mark: Any):
        super().__init__(message)
        self.message = message
        self.mark = mark


def _check_chars(count: int, node: yaml.Node) -> None:
    if count > MAX_YAML_CHARS:
        raise TooLarge(f"more than {MAX_YAML_CHARS} characters of text in one file (anchors and aliases expanded)",
                       node.start_mark)


def _measure(root: yaml.Node) -> None:
    """Refuse, before building anything, a document too deep or too large once its aliases are expanded.

    An alias is the same node met again, so sizes are counted once per node: a
    few hundred bytes of nested aliases (an "alias bomb") are refused at once.
    """
    sizes: dict[int, int] = {}
    chars: dict[int, int] = {}  # characters of text under each node, aliases expanded
    seen_chars = 0

    def size(node: yaml.Node, depth: int) -> int:
        nonlocal seen_chars
        known = sizes.get(id(node))
        if known is not None:
            if known < 0:
                raise TooLarge("an alias (*name) that contains itself", node.start_mark)
            seen_chars += chars[id(node)]
            _check_chars(seen_chars, node)
            return known
        if depth > MAX_YAML_DEPTH:
            raise TooLarge(f"values nested more than {MAX_YAML_DEPTH} deep", node.start_mark)
        sizes[id(node)] = -1
        total = 1
        before = seen_chars
        if isinstance(node, yaml.ScalarNode):
            seen_chars += len(node.value)
            _check_chars(seen_chars, node)
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                total += size(item, depth + 1)
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                total += size(key, depth + 1) + size(value, depth + 1)
        if total > MAX_YAML_VALUES:
            raise TooLarge(f"more than {MAX_YAML_VALUES} values in one file (anchors and aliases expanded)",
                           node.start_mark)
        sizes[id(node)] = total
        chars[id(node)] = seen_chars - before
        return total

    size(root, 0)


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
        if isinstance(node, yaml.ScalarNode):
            value = self._scalar(node)
            if isinstance(value, str):
                return MStr(value, self._span(node, value))
            return value
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node)
        out = MList(self.build(item) for item in node.value)
        out.loc = _location(self.file, node.start_mark)
        out.item_locs = [_location(self.file, item.start_mark) for item in node.value]
        return out

    def _scalar(self, node: yaml.ScalarNode) -> Any:
        """A scalar's value: whole numbers within the limits, never a float."""
        if len(node.value) > MAX_SCALAR_CHARS:
            raise TooLarge(f"a value of more than {MAX_SCALAR_CHARS} characters", node.start_mark)
        if node.tag == "tag:yaml.org,2002:int" and numeral_too_long(node.value):
            raise TooLarge(f"the number {node.value[:12]}... is too large (the limit is 10^18)", node.start_mark)
        value = self.constructor.construct_object(node, deep=True)
        if isinstance(value, float):
            raise yaml.constructor.ConstructorError(
                None, None, f"{node.value} is not a whole number; numbers in rules are whole (write 5, not 5.0)",
                node.start_mark)
        if isinstance(value, int) and not isinstance(value, bool) and not int_in_range(value):
            raise TooLarge(f"the number {node.value[:12]} is too large (the limit is 10^18)", node.start_mark)
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
            key = self._scalar(key_node)
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
                        align(value, self.lines, line0, start, node.end_mark.line, style), value)


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
        hint = explain(text, problem, loc.line, loc.column)
        if hint is not None:
            message, line, column = hint
            sink.error("E101", message, Location(file, line, column))
            return None
        sink.error("E101", f"YAML syntax: {problem}", loc)
        return None
    except yaml.YAMLError as err:  # e.g. a reader error for control characters
        sink.error("E101", f"YAML syntax: {err}", Location(file, 1, 1))
        return None
    if node is None:
        return None
    try:
        _measure(node)
        return _Builder(file, text, sink).build(node)
    except TooLarge as err:
        sink.error("E107", f"too large to load: {err.message}", _location(file, err.mark))
        return None
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
