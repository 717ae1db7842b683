"""JSON Schema validation (draft 2020-12) with every error mapped to a line and column."""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from typing import Any

import jsonschema

from ..diagnostics import Location, Sink
from .marked_yaml import location_of
from ..resources import schema_path


@lru_cache(maxsize=None)
def validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads(schema_path(name).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _where(path: tuple, data: Any = None, top: str = "the ruleset") -> str:
    """A readable path: `characters[43].effect` names a list item by its id when it has one."""
    if not path:
        return top
    out = ""
    node = data
    for step in path:
        if isinstance(step, int):
            item = node[step] if isinstance(node, list) and step < len(node) else None
            ident = item.get("id") if isinstance(item, dict) else None
            out += f"[{ident}]" if isinstance(ident, (str, int)) and not isinstance(ident, bool) else f"[{step}]"
        else:
            out += f".{step}" if out else str(step)
        node = node[step] if isinstance(node, (dict, list)) and _has(node, step) else None
    return out


def _has(node: Any, step: Any) -> bool:
    if isinstance(node, dict):
        return step in node
    return isinstance(step, int) and 0 <= step < len(node)


def _misspelt(item: Any, allowed: set[str], missing: list[str]) -> set[str]:
    """The missing keys that an unknown key of the item most likely meant (`titel` for `title`): the
    unknown key's own error is their cause, told at its line."""
    unknown = [str(key) for key in item if key not in allowed]
    return {key for key in missing if difflib.get_close_matches(key, unknown, n=1)}


def _new_item_message(what: str, item: Any, required: list[str], allowed: set[str]) -> str | None:
    """An item with an id its base lacks and keys missing: most likely a mistyped id, so say both;
    None when each missing key is a misspelt one (its own error says so). `what` is what one item of
    its list is called (the `title` of the schema of its items: "character")."""
    ident, new = item["id"], item.new_item
    missing = [key for key in required if key not in item]
    missing = [key for key in missing if key not in _misspelt(item, allowed, missing)]
    if not missing:
        return None
    guess = closest_id(ident, new.base_ids)
    needs = f"a new {what} also needs {', '.join(missing)}"
    hint = f"; did you mean {guess}? {needs[0].upper()}{needs[1:]}" if guess is not None else f"; {needs}"
    return f"adds a new {what} {ident} (no such {what} in {new.base}){hint}"


def closest_id(ident: Any, known: tuple) -> Any:
    """The known id a mistyped one most likely meant: the longest it starts with (230 -> 23), else the
    shortest that starts with it, else the closest spelling; None when none is close, or when a
    number is just past the known ones (43 after 42: a new id, not a mistyped 4)."""
    numbers = [k for k in known if isinstance(k, int) and not isinstance(k, bool)]
    if isinstance(ident, int) and numbers and max(numbers) < ident <= max(numbers) + 10:
        return None
    text = str(ident)
    heads = [k for k in known if text.startswith(str(k))]
    if heads:
        return max(heads, key=lambda k: len(str(k)))
    longer = [k for k in known if str(k).startswith(text)]
    if longer:
        return min(longer, key=lambda k: len(str(k)))
    close = difflib.get_close_matches(text, [str(k) for k in known], n=1)
    return next((k for k in known if str(k) == close[0]), None) if close else None


def _quote_it(path: tuple, value: Any, expected: Any) -> str:
    """A text that YAML read as something else (`when: false`, `for_each: [s in seats()]`): how to
    write it so that it stays a text."""
    if "string" not in (expected if isinstance(expected, list) else [expected]) or not path:
        return ""
    key = path[-1]
    if isinstance(value, bool):
        written = "true" if value else "false"
        return f"; YAML reads {written} as a yes-or-no value: put it in quotes, as {key}: \"{written}\""
    if isinstance(value, list) and all(isinstance(item, (str, int, float)) for item in value):
        written = "[" + ", ".join(str(item) for item in value) + "]"
        return (f"; YAML reads [...] as a list: put the expression in quotes, as {key}: "
                f"\"{written.replace(chr(34), chr(39))}\"")
    return ""


def _type_name(kind: Any) -> str:
    names = {"object": "a mapping", "array": "a list", "string": "a text", "integer": "a whole number",
             "boolean": "true or false", "number": "a number", "null": "nothing"}
    if isinstance(kind, list):
        return " or ".join(names.get(k, k) for k in kind)
    return names.get(kind, str(kind))


def check(data: Any, schema_name: str, sink: Sink, fallback: Location, top: str = "the ruleset") -> int:
    """Validate `data`; report each error at its location (`top` names the whole document).
    Returns the number of errors."""
    count = 0
    errors = list(validator(schema_name).iter_errors(data))
    bad_ids = {tuple(e.absolute_path)[:-1] for e in errors
               if e.validator == "type" and tuple(e.absolute_path)[-1:] == ("id",)}
    told_new: set[tuple] = set()  # items told as new to their base once, for all their missing keys
    for err in errors:
        count += 1
        path = tuple(err.absolute_path)
        loc = location_of(data, path) or fallback
        where = _where(path, data, top)
        kind = err.validator
        if "propertyNames" in err.relative_schema_path:
            key_loc = location_of(data, path + (err.instance,), key=True) or loc
            sink.error("E204", f"{where} has a badly formed key {err.instance!r} "
                               "(use lower-case letters, digits and _)", key_loc)
            continue
        if kind == "required" and path in bad_ids:
            continue  # the wrong id made this a new item; its missing keys are noise
        if kind == "required" and getattr(err.instance, "new_item", None) is not None:
            if path not in told_new:
                told_new.add(path)
                message = _new_item_message(err.schema.get("title", "item"), err.instance, err.validator_value,
                                            set(err.schema.get("properties", {})))
                if message is not None:
                    sink.error("E201", message, loc)
                else:
                    count -= 1  # the misspelt key's error (E202) is the one to tell
            continue
        if kind == "additionalProperties" and isinstance(err.instance, dict):
            allowed = set(err.schema.get("properties", {}))
            for key in sorted((k for k in err.instance if k not in allowed), key=str):
                hint = difflib.get_close_matches(str(key), sorted(allowed), n=1)
                extra = f"; did you mean '{hint[0]}'?" if hint else f"; expected one of: {', '.join(sorted(allowed))}"
                key_loc = location_of(data, path + (key,), key=True) or loc
                sink.error("E202", f"unknown key '{key}' in {where}{extra}", key_loc)
            continue
        if kind == "required":
            missing = err.message.split("'")[1] if "'" in err.message else "?"
            sink.error("E201", f"{where} is missing the required key '{missing}'", loc)
        elif kind == "type":
            sink.error("E203", f"{where} must be {_type_name(err.validator_value)}"
                               f"{_quote_it(path, err.instance, err.validator_value)}", loc)
        elif kind == "enum":
            options = ", ".join(str(v) for v in err.validator_value)
            sink.error("E204", f"{where} must be one of: {options} (not {err.instance!r})", loc)
        elif kind in ("minimum", "maximum"):
            word = "at least" if kind == "minimum" else "at most"
            sink.error("E204", f"{where} must be {word} {err.validator_value} (not {err.instance})", loc)
        elif kind in ("minItems", "maxItems"):
            word = "at least" if kind == "minItems" else "at most"
            sink.error("E204", f"{where} must have {word} {err.validator_value} items", loc)
        elif kind == "minLength":
            sink.error("E204", f"{where} must not be empty", loc)
        elif kind == "pattern":
            sink.error("E204", f"{where} has a badly formed value {err.instance!r}", loc)
        elif kind == "uniqueItems":
            sink.error("E204", f"{where} lists the same item twice", loc)
        else:
            sink.error("E205", f"{where}: {err.message}", loc)
    return count


def failing_sections(data: Any, schema_name: str) -> set[Any]:
    """The top-level sections of `data` that fail the schema (a missing section counts as failing)."""
    out = set()
    for err in validator(schema_name).iter_errors(data):
        path = tuple(err.absolute_path)
        if path:
            out.add(path[0])
        elif err.validator == "required" and isinstance(err.instance, dict):
            out.update(key for key in err.validator_value if key not in err.instance)
        else:
            out.add(None)  # the document itself is wrong
    return out
