"""No rule of the game hides in Python: the engine never tests for a particular card, borough or character."""

import ast
import re
from pathlib import Path

from scenario import nyc

PACKAGE = Path(__file__).resolve().parent.parent / "nycrules"
RULE_ATTRIBUTES = {"counted_as", "bidding_card", "colour", "lantern", "letter", "wild_card", "when", "phase"}
ID_ATTRIBUTES = {"id"}  # compared with a number: a particular character


def component_names() -> set[str]:
    comp = nyc().part.components
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
    assert sorted(ruleset.part.characters) == list(range(1, 43))
    for char in ruleset.part.characters.values():
        assert char.effect.loc.file.endswith("characters.yaml")
    assert [r.card for r in ruleset.part.rounds] == ["press", "dollar", "elevator", "plans", "prestige", "skyscraper"]


# ------------------------------------------------------------------ the order of the game
RUNNER = PACKAGE / "engine" / "procedure.py"


def procedure_words() -> set[str]:
    """What the shipped procedure is made of: node ids, steps, rounds, scoring steps, hooks, cards,
    and the words of its phases."""
    from nycrules.language.hooks import HOOKS
    ruleset = nyc()
    words = set(ruleset.procedure.by_id) | set(ruleset.steps) | set(ruleset.part.tom.steps)
    words |= {r.id for r in ruleset.part.rounds} | {s.id for s in ruleset.final_scoring} | set(HOOKS)
    words |= component_names()
    words -= set(nyc().part.components.sequence_tiles)  # single letters
    return words | {"phase", "round", "bid", "bids", "draft", "pair", "mayor", "tom", "score", "prestige", "press"}


def names_in_code(tree: ast.AST) -> set[str]:
    """Identifiers, attributes and texts of the code (docstrings left out)."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.alias):
            found.add(node.asname or node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.add(node.value)
    return found


def game_words_in(names: set[str], words: set[str]) -> list[str]:
    """The names (identifiers or texts) holding one of the words, whole or as a part of a snake_case name."""
    found = []
    for name in names:
        tokens = {token.lower() for token in re.split(r"[^A-Za-z0-9]+", name) if token}
        parts = {part for token in re.split(r"[^A-Za-z0-9_]+", name.lower()) for part in token.split("_") if part}
        if (tokens | parts) & words or any(name.lower() == word for word in words):
            found.append(name)
    return sorted(found)


def test_the_runner_names_no_phase_round_or_step_of_the_game():
    words = {word.lower() for word in procedure_words()}
    named = names_in_code(ast.parse(RUNNER.read_text(encoding="utf-8")))
    offenders = game_words_in(named, words)
    assert offenders == [], f"engine/procedure.py names parts of New York City: {offenders}"


def test_the_runner_check_finds_a_named_phase():
    words = {word.lower() for word in procedure_words()}
    named = names_in_code(ast.parse("def phase1(game):\n    run_part(game, 'bidding_round')\n    x = 'Tom bids'\n"))
    assert game_words_in(named, words) == ["Tom bids", "bidding_round", "phase1"]


def test_reordering_the_procedure_in_a_mod_reorders_the_game(tmp_path):
    """The bidding rounds played backwards and the draft after them: the log follows the mod."""
    from nycrules.agents import seat_agents
    from nycrules.engine.runner import Session
    from nycrules.loading.loader import check_ruleset
    from nycrules.agents.seating import parse_seats

    path = tmp_path / "backwards.yaml"
    path.write_text("""extends: nyc
procedure:
  play:
    - id: game_round
      do:
        - id: phase0
        - id: phase2
          do:
            - id: bidding_rounds
              for_each: reversed(bidding_rounds())
        - id: phase1
        - id: phase3
        - id: end_of_round
    - id: final_scoring
""", encoding="utf-8")
    mod = check_ruleset(path).ruleset
    assert mod is not None

    def round_one(ruleset):
        specs = parse_seats(["bot:random", "bot:random"], ruleset)
        events = Session(ruleset, specs, 2, seat_agents(specs, 2)).run().events
        start = next(i for i, e in enumerate(events) if e.text == "Game round 1")
        end = next(i for i, e in enumerate(events) if e.text == "Game round 2")
        return [(e.rule, e.text) for e in events[start:end] if e.kind == "section" or "takes the pair" in e.text]

    def shape(events):
        return [text if rule != "phase I" else "draft" for rule, text in events]

    titles = [f"Phase II: {r.title} bidding round" for r in nyc().part.rounds]
    prepare, draft, characters = ["Phase 0: preparation"], ["draft"] * 5, ["Phase III: characters"]
    assert shape(round_one(nyc())) == prepare + draft + titles + characters
    assert shape(round_one(mod)) == prepare + titles[::-1] + draft + characters
