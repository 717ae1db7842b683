"""Every effect and expression of a ruleset document, with the names it may see, and its parse."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from . import procedure_form
from ..diagnostics import Sink
from ..language.scope import CheckContext
from ..language.hooks import HOOKS
from ..limits import MAX_EFFECT_TEXT
from ..reading.marked_yaml import MDict, MStr, location_of

_ME = {"me": "seat"}
BID_VALUE_NAMES = {name: "int" for name in ("matching", "wilds", "pairs", "singles", "added", "worth")}
_ME_VALUE = {"me": "seat", "value": "int"}


@dataclass
class ScriptSpec:
    """One script found in the document: where it is and what it may see."""

    key: tuple  # its path in the document
    text: Any  # MStr, or an int for a constant expression
    kind: str  # effect or expression
    label: str
    ctx: CheckContext
    expected: str = "int"
    checkable: bool = True  # false when its context is unknown (an unknown hook: reported already)


def scripts_of(doc: MDict) -> Iterator[ScriptSpec]:
    """Every effect and expression of the document, with its context (tolerates a broken document)."""
    game = doc.get("game")
    if isinstance(game, dict):
        for key in ("start_stacks_revealed", "pairs_dealt"):
            if key in game:
                yield ScriptSpec(("game", key), game[key], "expression", f"game.{key}",
                            CheckContext({}, pure=True, what="a game number"))
        if "exchanges_per_turn" in game:
            yield ScriptSpec(("game", "exchanges_per_turn"), game["exchanges_per_turn"], "expression",
                        "game.exchanges_per_turn", CheckContext(dict(_ME), pure=True, what="a game number"))
    steps = doc.get("steps")
    if isinstance(steps, dict):
        for key, text in steps.items():
            yield ScriptSpec(("steps", key), text, "effect", f"step {key}", CheckContext(dict(_ME)))
    characters = doc.get("characters")
    if isinstance(characters, list):
        for i, char in enumerate(characters):
            if not isinstance(char, dict):
                continue
            hook = HOOKS.get(char.get("when")) if isinstance(char.get("when"), str) else None
            names = {"me": "seat", "this": "tile", **(hook.context if hook else {})}
            writable = hook.writable if hook else ()
            label = f"character {char.get('id')}"
            known = hook is not None
            own = char.get("when") if known and hook.mode in ("automatic", "ordered") else None
            at = hook.name if known else None
            if "effect" in char:
                yield ScriptSpec(("characters", i, "effect"), char["effect"], "effect", label,
                            CheckContext(names, writable, label=label, own_hook=own, hook=at), checkable=known)
            if "requires" in char:
                yield ScriptSpec(("characters", i, "requires"), char["requires"], "expression", label,
                            CheckContext(dict(names), pure=True, label=label, hook=at), "bool", checkable=known)
    bidding = doc.get("bidding")
    if isinstance(bidding, dict):
        rounds = bidding.get("rounds")
        if isinstance(rounds, list):
            for i, rnd in enumerate(rounds):
                if isinstance(rnd, dict):
                    for key in ("action", "bonus", "runner_up"):
                        if key in rnd:
                            label = f"{rnd.get('id')} round {key.replace('_', '-')}"
                            yield ScriptSpec(("bidding", "rounds", i, key), rnd[key], "effect", label,
                                        CheckContext(dict(_ME_VALUE), label=label))
        if "value" in bidding:
            yield ScriptSpec(("bidding", "value"), bidding["value"], "effect", "bid value",
                        CheckContext(dict(BID_VALUE_NAMES), ("worth",), pure=True, what="the bid value"))
        if "after_each_round" in bidding:
            yield ScriptSpec(("bidding", "after_each_round"), bidding["after_each_round"], "effect",
                        "after each bidding round", CheckContext({}))
    scoring = doc.get("final_scoring")
    if isinstance(scoring, list):
        for i, step in enumerate(scoring):
            if isinstance(step, dict) and "effect" in step:
                label = f"final scoring: {step.get('id')}"
                yield ScriptSpec(("final_scoring", i, "effect"), step["effect"], "effect", label,
                            CheckContext(dict(_ME), label=label))
    tom = doc.get("tom")
    if isinstance(tom, dict):
        yield from _tomscripts_of(tom)
    for spec in procedure_form.specs(doc):  # checked by procedure_form, with the names in scope at each node
        yield ScriptSpec(spec.key, spec.text, spec.kind, spec.label, CheckContext({}), checkable=False)


def _tomscripts_of(tom: dict) -> Iterator[ScriptSpec]:
    game = tom.get("game")
    if isinstance(game, dict):
        for key, text in game.items():
            yield ScriptSpec(("tom", "game", key), text, "expression", f"Tom: game.{key}",
                        CheckContext({}, pure=True, what="a game number"))
    steps = tom.get("steps")
    if isinstance(steps, dict):
        for key, text in steps.items():
            yield ScriptSpec(("tom", "steps", key), text, "effect", f"Tom: step {key}", CheckContext(dict(_ME)))
    for key in ("phase1", "before_bid", "bid"):
        if key in tom:
            yield ScriptSpec(("tom", key), tom[key], "effect", f"Tom: {key.replace('_', ' ')}", CheckContext(dict(_ME)))
    rounds = tom.get("rounds")
    if isinstance(rounds, dict):
        for rid, parts in rounds.items():
            if isinstance(parts, dict):
                for key, text in parts.items():
                    label = f"Tom: {rid} round {key.replace('_', '-')}"
                    yield ScriptSpec(("tom", "rounds", rid, key), text, "effect", label,
                                CheckContext(dict(_ME_VALUE), label=label))
    final = tom.get("final_scoring")
    if isinstance(final, dict):
        for key, text in final.items():
            label = f"Tom: final scoring: {key}"
            yield ScriptSpec(("tom", "final_scoring", key), text, "effect", label, CheckContext(dict(_ME), label=label))


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
