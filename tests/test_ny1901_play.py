"""New York 1901's rules played, before the engine runs them: whole seeded games of random choices,
the rules of rulesets/ny1901/rules.yaml compiled as the loader compiles them and run by a small
stand-in for the procedure (setup, turns until the end is triggered, one final turn for each other
seat, final scoring), with the game's invariants checked after every turn.

The stand-in goes once the loader and the engine run a ruleset of this game (docs/games.md): these
games are then played by `simulate`, and the invariants move to that check.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from nycrules.engine.state import Game, Seat
from nycrules.games.ny1901.board import load_board
from nycrules.games.ny1901.city import FREE, OUT, City
from nycrules.games.ny1901.geometry import Geometry
from nycrules.games.ny1901.tiles import load_tiles
from nycrules.language.compiler import Compiler
from nycrules.language.parser import parse_effect, parse_expression
from nycrules.language.runtime import Fixed, Frame
from nycrules.language.scope import CheckContext
from nycrules.reading.marked_yaml import load
from nycrules.diagnostics import Sink
from nycrules.language.checker import Checker

from test_ny1901_rules import RULES, symbols

FOLDER = RULES.parent
GEOMETRY = Geometry(load_board(FOLDER / "board.yaml"), load_tiles(FOLDER / "tiles.yaml"))
COLOURS = ("yellow", "blue", "red", "green", "pink")


class Rules:
    """The rules file compiled: each step, procedure effect and scoring step as a function of a frame."""

    def __init__(self, path: Path):
        sink = Sink()
        self.doc = doc = load(path.read_text(encoding="utf-8"), path.name, sink)
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


def new_game(seats: int, seed: int) -> Game:
    ruleset = SimpleNamespace(geometry=GEOMETRY, card_type_index={})
    game = Game(ruleset, [Seat(i, f"seat {i + 1}", "bot:random") for i in range(seats)], seed)  # type: ignore[arg-type]
    game.city = City(GEOMETRY, seats, RULESET.params["workers"])
    chooser = random.Random(seed * 7919 + 1)
    game.chooser = lambda g, decision: chooser.randrange(decision.count)
    return game


def run(game: Game, key: tuple, me: Seat | None = None):
    return RULESET.run[key](Frame(game, {} if me is None else {"me": me}))


def check_invariants(game: Game, seats: int) -> None:
    city, board = game.city, GEOMETRY.board
    removed = {"pink"} if seats == 2 else set()
    for seat in range(seats):
        on_board = sum(1 for t, h in enumerate(city.holder) if h == seat and city.worker[t])
        assert city.free_workers[seat] + on_board == RULESET.params["workers"]  # workers conserved
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


def play(seats: int, seed: int) -> tuple[Game, int, list[int]]:
    """A whole game: its table, the turns played, the order of the final turns (empty when the game
    went the most rounds `at_most` allows without the end being triggered)."""
    game = new_game(seats, seed)
    for node in RULESET.doc["procedure"]["setup"]:
        key = str(node["id"])
        if ("when", key) in RULESET.run and not run(game, ("when", key)):
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
            assert tile.generation <= 1 or me.points - tile.points >= (6 if tile.generation == 2 else 18) \
                or points_before >= (6 if tile.generation == 2 else 18)
        check_invariants(game, seats)
        if final is not None:
            last.append(seat)
            if len(last) == seats - 1:
                break
        elif run(game, ("until",)):
            final = seat  # the others have one more turn each (2.9)
        elif seat == seats - 1 and turns // seats >= RULESET.doc["procedure"]["play"][0]["at_most"]:
            break  # as many rounds as `at_most` allows: the procedure goes on to the final scoring
        seat = (seat + 1) % seats
    for step in RULESET.doc["final_scoring"]:
        for me in game.seats:
            run(game, ("score", str(step["id"])), me)
    return game, turns, last


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", range(1, 6))
def test_whole_games_end_with_the_invariants_kept(seats, seed):
    game, turns, last = play(seats, seed)
    if last:
        trigger = (last[0] - 1) % seats
        assert last == [(trigger + i) % seats for i in range(1, seats)]  # every other seat, once, in order
    else:
        assert turns == seats * RULESET.doc["procedure"]["play"][0]["at_most"]
    assert all(s.points >= 0 for s in game.seats) and max(s.points for s in game.seats) > 0
    winner = run(game, ("winner",))
    assert winner[0].points == max(s.points for s in game.seats)


def test_a_game_is_the_same_for_the_same_seed():
    first, again = play(3, 11)[0], play(3, 11)[0]
    assert [s.points for s in first.seats] == [s.points for s in again.seats]
    assert [e.text for e in first.events] == [e.text for e in again.events]


def test_two_seats_play_without_the_pink_district():
    game, _, _ = play(2, 3)
    assert all(GEOMETRY.board.territories[t].district != "pink" for t, h in enumerate(game.city.holder) if h >= 0)
    assert "the pink district is not played" in [e.text for e in game.events]
