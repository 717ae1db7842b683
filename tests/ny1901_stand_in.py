"""A stand-in for the engine, for tests of New York 1901's rules before the engine runs them: the
rules of rulesets/ny1901/rules.yaml compiled as the loader compiles them, run by a small stand-in for
the procedure (setup, turns until the end is triggered, one final turn for each other seat, final
scoring), the game's invariants checked after every turn; and scripted answers for scenarios.

It goes once the loader and the engine run a ruleset of this game (docs/games.md): the games are
then played by `simulate` and the scenarios by the engine's own scenario helpers.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

from nycrules.engine.state import Game, Seat
from nycrules.games.ny1901.board import load_board
from nycrules.games.ny1901.city import FREE, OUT, City
from nycrules.games.ny1901.geometry import Geometry
from nycrules.games.ny1901.tiles import load_tiles
from nycrules.language.compiler import Compiler
from nycrules.language.parser import parse_effect, parse_expression
from nycrules.language.runtime import Fixed, Frame
from nycrules.language.scope import CheckContext
from nycrules.diagnostics import Sink, SourceTexts
from nycrules.reading.documents import DocumentLoader
from nycrules.language.checker import Checker

from test_ny1901_rules import RULES, symbols

FOLDER = RULES.parent
GEOMETRY = Geometry(load_board(FOLDER / "board.yaml"), load_tiles(FOLDER / "tiles.yaml"))
COLOURS = ("yellow", "blue", "red", "green", "pink")


class Rules:
    """The rules file compiled: each step, procedure effect and scoring step as a function of a frame."""

    def __init__(self, path: Path):
        sink = Sink()
        self.doc = doc = DocumentLoader(sink, SourceTexts()).load_ruleset(path)  # `extends:` merged, as the loader does
        assert doc is not None and not sink.items, [d.headline() for d in sink.items]
        checker = Checker(symbols(doc), sink, game="ny1901")
        trees = {}
        for key, text, names, expected in self._pieces():
            tree = parse_effect(text, text.span, sink) if expected is None else parse_expression(text, text.span, sink)
            if expected is None:
                checker.check_effect(tree, CheckContext(names))
            else:
                checker.check_expression(tree, CheckContext(names, pure=True), expected)
            trees[key] = (tree, expected)
        assert not sink.items, [d.headline() for d in sink.items]
        params = {str(k): (dict(v) if isinstance(v, dict) else v) for k, v in doc["params"].items()}
        compiler = Compiler(checker.calls, {c: Fixed(c) for c in COLOURS}, params)
        self.params = params
        self.run = {key: (compiler.effect(tree) if expected is None else compiler.expr(tree))
                    for key, (tree, expected) in trees.items()}

    def _pieces(self):
        doc = self.doc
        for name, text in doc["steps"].items():
            yield ("step", str(name)), text, {"me": "seat"}, None
        for step in doc["final_scoring"]:
            yield ("score", str(step["id"])), step["effect"], {"me": "seat"}, None
        for node in doc["procedure"]["setup"]:
            yield ("setup", str(node["id"])), node["do"], {"me": "seat"} if "as" in node else {}, None
            if "when" in node:
                yield ("when", str(node["id"])), node["when"], {}, "bool"
        turns = doc["procedure"]["play"][0]
        yield ("until",), turns["until"], {}, "bool"
        yield ("winner",), doc["winner"], {}, "list[seat]"


RULESET = Rules(RULES)


def new_game(seats: int, seed: int, geometry: Geometry = GEOMETRY, rules: Rules = RULESET) -> Game:
    """A table with an empty city (nothing set up), its decisions answered at random from the seed."""
    ruleset = SimpleNamespace(geometry=geometry, card_type_index={}, rules=rules)
    game = Game(ruleset, [Seat(i, f"seat {i + 1}", "bot:random") for i in range(seats)], seed)  # type: ignore[arg-type]
    game.city = City(geometry, seats, RULESET.params["workers"])
    chooser = random.Random(seed * 7919 + 1)
    game.chooser = lambda g, decision: chooser.randrange(decision.count)
    return game


def scripted(game: Game, answers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Answer the game's decisions in order: each (words of the prompt, words of the option's label).
    Gives the list of decisions asked, as (prompt, label chosen), for the test to read."""
    asked: list[tuple[str, str]] = []

    def chooser(g: Game, decision) -> int:
        assert answers, f"an unexpected decision: {decision.prompt}"
        prompt, label = answers.pop(0)
        assert prompt in decision.prompt, (prompt, decision.prompt)
        labels = [decision.option(i).label for i in range(decision.count)]
        found = [i for i, text in enumerate(labels) if text == label] or [
            i for i, text in enumerate(labels) if label in text]
        assert len(found) == 1, (label, labels)
        asked.append((decision.prompt, labels[found[0]]))
        return found[0]

    game.chooser = chooser
    return asked


def run(game: Game, key: tuple, me: Seat | None = None, rules: Rules | None = None):
    return (rules or game.ruleset.rules).run[key](Frame(game, {} if me is None else {"me": me}))


def check_invariants(game: Game, seats: int) -> None:
    city, board = game.city, GEOMETRY.board
    params = game.ruleset.rules.params
    removed = {"pink"} if seats == 2 else set()
    for seat in range(seats):
        on_board = sum(1 for t, h in enumerate(city.holder) if h == seat and city.worker[t])
        assert city.free_workers[seat] + on_board == params["workers"]  # workers conserved
    in_play = [t for t in board.territories if t.district not in removed]
    cards = sum(len(h) for h in city.held) + len(city.open_market) + len(city.future)
    assert cards == len(in_play)  # cards conserved
    piles = Counter((GEOMETRY.cards[c].district, GEOMETRY.cards[c].size) for c in city.open_market + city.future)
    free = Counter((board.territories[t].district, board.territories[t].size)
                   for t, h in enumerate(city.holder) if h == FREE)
    assert piles == free  # the deck matches the free territories
    assert all((h == OUT) == (board.territories[t].district in removed) for t, h in enumerate(city.holder))
    for number in city.standing():
        owner, spot = city.owner(number), city.spot_of(GEOMETRY, number)
        assert all(city.holder[GEOMETRY.territory_at[c]] == owner for c in spot.cells)  # inside the estate
        tile = GEOMETRY.order[spot.tile]
        assert tile.generation == 0 or spot.fronts  # touching a street or park
        assert all(city.under[c] == number for c in spot.cells)


def play(seats: int, seed: int, rules: Rules = RULESET) -> tuple[Game, int, list[int]]:
    """A whole game: its table, the turns played, the order of the final turns (empty when the game
    went the most rounds `at_most` allows without the end being triggered)."""
    game = new_game(seats, seed, rules=rules)
    for node in rules.doc["procedure"]["setup"]:
        key = str(node["id"])
        if ("when", key) in rules.run and not run(game, ("when", key)):
            continue
        if "as" in node:
            for seat in game.seats:
                run(game, ("setup", key), seat)
        else:
            run(game, ("setup", key))
    check_invariants(game, seats)
    turns, seat, final, last = 0, 0, None, []
    while True:
        me = game.seats[seat]
        points_before = me.points
        built_before = set(game.city.standing())
        run(game, ("step", "turn"), me)
        run(game, ("step", "construction_boom"), me)
        turns += 1
        for number in set(game.city.standing()) - built_before:  # a generation only once unlocked (A11)
            tile = GEOMETRY.order[game.city.buildings[number][0]]
            needed = rules.params["silver_at"] if tile.generation == 2 else rules.params["gold_at"]
            assert tile.generation <= 1 or points_before >= needed or me.points - tile.points >= needed
        check_invariants(game, seats)
        if final is not None:
            last.append(seat)
            if len(last) == seats - 1:
                break
        elif run(game, ("until",)):
            final = seat  # the others have one more turn each (2.9)
        elif seat == seats - 1 and turns // seats >= rules.doc["procedure"]["play"][0]["at_most"]:
            break  # as many rounds as `at_most` allows: the procedure goes on to the final scoring
        seat = (seat + 1) % seats
    for step in rules.doc["final_scoring"]:
        for me in game.seats:
            run(game, ("score", str(step["id"])), me)
    return game, turns, last
