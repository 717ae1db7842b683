"""No rule of the game hides in Python: the engine never tests for a particular card, borough or character."""

import ast
from pathlib import Path

from scenario import nyc

PACKAGE = Path(__file__).resolve().parent.parent / "nycrules"
RULE_ATTRIBUTES = {"counted_as", "bidding_card", "colour", "lantern", "letter", "wild_card", "when", "phase"}
ID_ATTRIBUTES = {"id"}  # compared with a number: a particular character


def component_names() -> set[str]:
    comp = nyc().components
    return ({c.id for c in comp.card_types} | {b.id for b in comp.boroughs} | {v.id for v in comp.vessel_kinds}
            | set(comp.colours) | set(comp.sequence_tiles))


def special_cases(tree: ast.AST, names: set[str]) -> list[int]:
    """Lines comparing a rule attribute with a constant, or anything with a component's name."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        constants = []
        for side in sides:
            if isinstance(side, ast.Constant):
                constants.append(side.value)
            elif isinstance(side, (ast.Tuple, ast.List, ast.Set)):
                constants += [e.value for e in side.elts if isinstance(e, ast.Constant)]
        attrs = [s.attr for s in sides if isinstance(s, ast.Attribute)]
        strings = [c for c in constants if isinstance(c, str)]
        numbers = [c for c in constants if isinstance(c, int) and not isinstance(c, bool)]
        if any(c in names for c in strings):
            found.append(node.lineno)
        elif strings and any(a in RULE_ATTRIBUTES for a in attrs):
            found.append(node.lineno)
        elif numbers and any(a in ID_ATTRIBUTES for a in attrs):
            found.append(node.lineno)
    return found


def test_the_package_has_no_special_cases_for_cards_boroughs_or_characters():
    names = component_names()
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line in special_cases(ast.parse(path.read_text(encoding="utf-8")), names):
            offenders.append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    assert offenders == [], "rule behaviour special-cased in Python: " + ", ".join(offenders)


def test_the_check_finds_a_special_case():
    names = component_names()
    assert special_cases(ast.parse("if card.type == 'press':\n    pass"), names) == [1]
    assert special_cases(ast.parse("if tile.char.id in (13, 20):\n    pass"), names) == [1]
    assert special_cases(ast.parse("if x == 'manhattan':\n    pass"), names) == [1]
    assert special_cases(ast.parse("if game.bidding_card == 'x':\n    pass"), names) == [1]
    assert special_cases(ast.parse("if token.type == '_NL':\n    pass"), names) == []


def test_every_character_and_round_is_written_in_the_ruleset():
    ruleset = nyc()
    assert sorted(ruleset.characters) == list(range(1, 43))
    for char in ruleset.characters.values():
        assert char.effect.loc.file.endswith("characters.yaml")
    assert [r.card for r in ruleset.rounds] == ["press", "dollar", "elevator", "plans", "prestige", "skyscraper"]
