"""Every effect and expression of a ruleset document, with the names it may see, and its parse."""

from __future__ import annotations

from typing import Any, Iterator

from . import procedure_form
from ..diagnostics import Sink
from ..language.scope import ME, CheckContext, ScriptSpec
from ..limits import MAX_EFFECT_TEXT
from ..reading.marked_yaml import MDict, MStr, location_of


def scripts_of(doc: MDict, own: Any = None) -> Iterator[ScriptSpec]:
    """Every effect and expression of the document, with its context (tolerates a broken document).
    `own(doc, shared)`, from the ruleset's game, gives them all in its order, its own sections' among
    the shared ones (`shared`: each shared section's by its name); without it, the shared ones."""
    shared = {"steps": _steps, "final_scoring": _final_scoring, "procedure": _procedure}
    if own is not None:
        yield from own(doc, shared)
        return
    for section in shared.values():
        yield from section(doc)


def _steps(doc: MDict) -> Iterator[ScriptSpec]:
    steps = doc.get("steps")
    if isinstance(steps, dict):
        for key, text in steps.items():
            yield ScriptSpec(("steps", key), text, "effect", f"step {key}", CheckContext(dict(ME)))


def _final_scoring(doc: MDict) -> Iterator[ScriptSpec]:
    scoring = doc.get("final_scoring")
    if isinstance(scoring, list):
        for i, step in enumerate(scoring):
            if isinstance(step, dict) and "effect" in step:
                label = f"final scoring: {step.get('id')}"
                yield ScriptSpec(("final_scoring", i, "effect"), step["effect"], "effect", label,
                                 CheckContext(dict(ME), label=label))


def _procedure(doc: MDict) -> Iterator[ScriptSpec]:
    for spec in procedure_form.specs(doc):  # checked by procedure_form, with the names in scope at each node
        yield ScriptSpec(spec.key, spec.text, spec.kind, spec.label, CheckContext({}), checkable=False)


def parse(spec: ScriptSpec, sink: Sink, doc: MDict) -> Any:
    """The tree of one script (an int stands for itself); None when it does not parse."""
    if not isinstance(spec.text, MStr):
        if isinstance(spec.text, int) and not isinstance(spec.text, bool):
            if spec.expected == "bool":
                where = location_of(doc, spec.key) or doc.loc
                sink.error("E404", "this must be a condition (yes or no), such as `board(me) > 0`, not a number",
                           where)
                return None
            return spec.text
        return None
    from ..language.parser import parse_effect, parse_expression  # Lark, imported only when a ruleset is not cached

    try:
        if spec.kind == "effect":
            return parse_effect(spec.text, spec.text.span, sink)
        return parse_expression(spec.text, spec.text.span, sink)
    except RecursionError:
        sink.error("E303", "this is nested too deeply to read; split it into simpler steps", spec.text.loc)
        return None


def parse_all(specs: list[ScriptSpec], sink: Sink, doc: MDict) -> list[tuple[ScriptSpec, Any]]:
    """Parse every script, up to MAX_EFFECT_TEXT characters of them in all (parsing costs time)."""
    parsed, total = [], 0
    for spec in specs:
        total += len(spec.text) if isinstance(spec.text, str) else 0
        if total > MAX_EFFECT_TEXT:
            sink.error("E304", f"the effects of this ruleset pass {MAX_EFFECT_TEXT} characters in all here; "
                               "that is far more than a game needs", spec.text.loc)
            break
        parsed.append((spec, parse(spec, sink, doc)))
    return parsed
