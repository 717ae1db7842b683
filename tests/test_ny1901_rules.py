"""New York 1901's rules (rulesets/ny1901/ruleset.yaml), before the loader runs them: every effect and
expression parses and type-checks against the shared primitives and the game's own, with the names
each place of the procedure gives it. A mistake in the rules fails here with its file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

import nycrules.games.ny1901  # noqa: F401  (registers the game's primitives)
from nycrules import primitives  # noqa: F401
from nycrules.diagnostics import Sink, SourceTexts, render
from nycrules.language.checker import Checker
from nycrules.language.parser import parse_effect, parse_expression
from nycrules.language.scope import CheckContext, Symbols
from nycrules.reading.marked_yaml import MDict, MStr, load

RULES = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901" / "ruleset.yaml"
LOOP_TYPES = {"seats()": "seat", "scoring_steps()": "scoring_step"}  # what the procedure's loops go through


def symbols(doc: MDict) -> Symbols:
    params = {}
    for name, value in doc["params"].items():
        params[str(name)] = "map[int,int]" if isinstance(value, dict) else "int" if isinstance(value, int) else "str"
    return Symbols({colour: "district" for colour in ("yellow", "blue", "red", "green", "pink")}, params)


def places(doc: MDict):
    """(text, names in scope, expected type or None for an effect, whether it is a node of the procedure)
    for every piece of the rules."""
    for name, text in doc["steps"].items():
        yield text, {"me": "seat"}, None, False
    for step in doc["final_scoring"]:
        yield step["effect"], {"me": "seat"}, None, False
    yield doc["winner"]["rank"], {}, "list[seat]", False
    yield doc["winner"]["by"], {"me": "seat"}, "list[int]", False

    def nodes(items, names):
        for node in items:
            inner = dict(names)
            for key, expected in (("when", "bool"), ("turns", "list[seat]"), ("for_each", "list"),
                                  ("until", "bool"), ("at_most", "int")):
                if key in node:
                    yield node[key], dict(names), expected, True
            if "as" in node:
                loop = node.get("turns", node.get("for_each"))
                inner[str(node["as"])] = "seat" if "turns" in node else LOOP_TYPES[str(loop)]
            body = node.get("do")
            if isinstance(body, str):
                yield body, inner, None, True
            elif body is not None:
                yield from nodes(body, inner)
    for part in ("setup", "play"):
        yield from nodes(doc["procedure"][part], {})


def check_rules(text: str, name: str = "ruleset.yaml") -> list[str]:
    sink, sources = Sink(), SourceTexts()
    sources.add(name, text)
    doc = load(text, name, sink)
    assert doc is not None, [d.headline() for d in sink.items]
    checker = Checker(symbols(doc), sink, game="ny1901")
    for value, names, expected, procedure in places(doc):
        if isinstance(value, int) and expected == "int":
            continue  # a number written as a number
        assert isinstance(value, MStr), value
        if expected is None:
            tree = parse_effect(value, value.span, sink)
            if tree is not None:
                checker.check_effect(tree, CheckContext(names, procedure=procedure))
        else:
            tree = parse_expression(value, value.span, sink)
            if tree is not None and expected != "list":
                checker.check_expression(tree, CheckContext(names, pure=True), expected)
            elif tree is not None:
                checker.type_of(tree, CheckContext(names, pure=True), "list")
    return [render(d, sources) for d in sink.sorted()]


def test_every_rule_parses_and_type_checks():
    assert check_rules(RULES.read_text(encoding="utf-8")) == []


def test_a_slip_in_the_rules_is_found_where_it_is(tmp_path):
    text = RULES.read_text(encoding="utf-8")
    slipped = text.replace("claim(me, choose(fits(c),", "claim(me, choose(market(),", 1)
    assert slipped != text
    found = check_rules(slipped)
    line = slipped[:slipped.index("claim(me, choose(market(),")].count("\n") + 1
    assert len(found) == 1 and found[0].startswith(f"ruleset.yaml:{line}:") and "E40" in found[0]


def test_the_games_primitives_are_not_new_york_citys():
    text = RULES.read_text(encoding="utf-8")
    sink = Sink()
    doc = load(text, "ruleset.yaml", sink)
    value = doc["steps"]["turn"]
    tree = parse_effect(value, value.span, sink)
    Checker(symbols(doc), sink).check_effect(tree, CheckContext({"me": "seat"}))  # no game: New York City's view
    assert sink.items and all(d.code.startswith("E40") for d in sink.items)
    assert any("unknown primitive 'market'" in d.message for d in sink.items)


@pytest.mark.parametrize("ruling", ["A1", "A3", "A5", "A7", "A8", "A9", "A11", "A12", "A13", "A14", "A15", "A16",
                                    "A17", "A19", "A20", "A21", "A22", "A23", "A24", "A25", "A26", "A28", "A29",
                                    "A30"])
def test_the_rulings_applied_are_cited(ruling):
    """Each ruling the rules or the game's primitives apply is named where it applies."""
    folder = RULES.parent.parent.parent / "nycrules" / "games" / "ny1901"
    texts = [RULES.read_text(encoding="utf-8")] + [p.read_text(encoding="utf-8") for p in folder.glob("*.py")]
    assert any(f"{ruling})" in t or f"{ruling}," in t or f"{ruling}:" in t or f"({ruling}" in t for t in texts)


def test_the_games_reference_is_up_to_date():
    from nycrules.games.ny1901.reference import reference
    doc = RULES.parent.parent.parent / "docs" / "ny1901-dsl.md"
    assert doc.read_text(encoding="utf-8") == reference(), \
        "docs/ny1901-dsl.md is stale: run `python -m nycrules.games.ny1901.reference > docs/ny1901-dsl.md`"
