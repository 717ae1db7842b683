"""JSON Schema validation (draft 2020-12) with every error mapped to a line and column."""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from typing import Any

import jsonschema

from .diagnostics import Location, Sink
from .marked_yaml import location_of
from .resources import schema_path


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
            sink.error("E203", f"{where} must be {_type_name(err.validator_value)}", loc)
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
