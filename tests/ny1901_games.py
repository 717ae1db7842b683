"""New York 1901 played by the engine, for tests: the ruleset loaded as `simulate` loads it, tables
for scenarios (an empty city, nothing set up, or set up by the ruleset's own `setup` list), answers
scripted or random, and whole games with the game's invariants checked after every turn.

A whole game is played under a mod of the shipped ruleset that only adds a note at the end of each
turn (MARKS below: no rule reads it, no random number is drawn for it, so the games are the shipped
ruleset's own); the note's event is where the invariants are checked, the table being between two
turns there.
"""

from __future__ import annotations

import atexit
import dataclasses
import random
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any, Callable

from nycrules.engine.effects import run_script
from nycrules.engine.model import Ruleset
from nycrules.engine.procedure import play as play_on
from nycrules.engine.scoring import ranking
from nycrules.engine.setup import SeatSpec, new_game as engine_game
from nycrules.engine.state import Game, Seat
from nycrules.games.ny1901.city import FREE, OUT
from nycrules.games.ny1901.geometry import Geometry
from nycrules.games.ny1901.part import Part
from nycrules.loading.loader import load_ruleset

FOLDER = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901"
RULES = FOLDER / "ruleset.yaml"
RULESET = load_ruleset(FOLDER)
GEOMETRY: Geometry = RULESET.part.geometry  # type: ignore[union-attr]
ADVANCED, BEGINNER = load_ruleset(FOLDER / "advanced.yaml"), load_ruleset(FOLDER / "beginner.yaml")

MARKS = """extends: {base}
ruleset: {{id: {id}_marked, name: {name} (turns marked), version: 1, game: ny1901}}
procedure:
  play:
    - id: turns
      do:
        - id: turn_over
          do: note("{note}")
"""
NOTE = "-- end of a turn --"


def _marked(base: str) -> Ruleset:
    """The ruleset `base` (a file of the shipped folder) with a note at the end of every turn."""
    folder = Path(tempfile.mkdtemp(prefix="ny1901-marks-"))
    atexit.register(shutil.rmtree, folder, True)
    shutil.copytree(FOLDER, folder / "ny1901")
    loaded = load_ruleset(FOLDER / base)
    mod = folder / "ny1901" / "marked.yaml"
    mod.write_text(MARKS.format(base=base, id=loaded.id, name=loaded.name, note=NOTE), encoding="utf-8")
    return load_ruleset(mod)


MARKED = {"ruleset.yaml": _marked("ruleset.yaml"), "advanced.yaml": _marked("advanced.yaml"),
          "beginner.yaml": _marked("beginner.yaml")}


def ruleset_on(geometry: Geometry, ruleset: Ruleset = RULESET) -> Ruleset:
    """The ruleset played on another board and tile set (a scenario's)."""
    part = ruleset.part
    assert isinstance(part, Part)
    return dataclasses.replace(ruleset, part=Part(geometry, part.seat_counts, part.workers, part.fingerprint))


def new_game(seats: int, seed: int, geometry: Geometry | None = None, ruleset: Ruleset = RULESET) -> Game:
    """A table with an empty city (nothing set up), its decisions answered at random from the seed."""
    if geometry is not None:
        ruleset = ruleset_on(geometry, ruleset)
    game = Game(ruleset, [Seat(i, f"seat {i + 1}", "bot:random") for i in range(seats)], seed)
    ruleset.part.setup(game)  # type: ignore[union-attr]
    chooser = random.Random(seed * 7919 + 1)
    game.chooser = lambda g, decision: chooser.randrange(decision.count)
    return game


def set_up(seats: int, seed: int, ruleset: Ruleset = RULESET) -> Game:
    """A table after the ruleset's `setup` list, its decisions answered at random from the seed."""
    chooser = random.Random(seed * 7919 + 1)
    return engine_game(ruleset, [SeatSpec(f"seat {i + 1}", "bot:random") for i in range(seats)], seed,
                       lambda g, decision: chooser.randrange(decision.count))


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


def run(game: Game, key: tuple, me: Seat | None = None) -> Any:
    """Run one part of the ruleset now: ("step", name) for `me`, ("score", step id) for `me`, or
    ("winner",): the seats ranked."""
    ruleset = game.ruleset
    if key[0] == "step":
        return run_script(game, ruleset.steps[key[1]], {"me": me})
    if key[0] == "score":
        step = next(s for s in ruleset.final_scoring if s.id == key[1])
        return run_script(game, step.effect, {"me": me})
    assert key == ("winner",), key
    return ranking(game)


# ------------------------------------------------------------------ the invariants
def check_invariants(game: Game) -> None:
    """What holds between two turns, whatever was played (issue 29's list)."""
    city, geometry = game.city, game.ruleset.part.geometry  # type: ignore[union-attr]
    board, seats, params = geometry.board, len(game.seats), game.ruleset.params
    removed = {"pink"} if seats == 2 else set()
    for seat in range(seats):
        on_board = sum(1 for t, h in enumerate(city.holder) if h == seat and city.worker[t])
        assert city.free_workers[seat] + on_board == params["workers"]  # workers conserved
        held = Counter((geometry.cards[c].district, geometry.cards[c].size) for c in city.held[seat])
        owned = Counter((board.territories[t].district, board.territories[t].size) for t in city.territories_of(seat))
        assert held == owned  # a territory card on the character card for each territory of the estate
    in_play = [t for t in board.territories if t.district not in removed]
    cards = sum(len(h) for h in city.held) + len(city.open_market) + len(city.future)
    assert cards == len(in_play)  # cards conserved
    assert len(set(c for h in city.held for c in h) | set(city.open_market) | set(city.future)) == cards
    piles = Counter((geometry.cards[c].district, geometry.cards[c].size) for c in city.open_market + city.future)
    free = Counter((board.territories[t].district, board.territories[t].size)
                   for t, h in enumerate(city.holder) if h == FREE)
    assert piles == free  # the market and deck match the free territories
    assert all((h == OUT) == (board.territories[t].district in removed) for t, h in enumerate(city.holder))
    assert len(city.open_market) <= params["market_size"]
    for number in city.standing():
        owner, spot = city.owner(number), city.spot_of(geometry, number)
        assert all(city.holder[geometry.territory_at[c]] == owner for c in spot.cells)  # inside the estate
        tile = geometry.order[spot.tile]
        assert tile.generation == 0 or spot.fronts  # touching a street or park
        assert all(city.under[c] == number for c in spot.cells)
    for seat in range(seats):  # each of the seat's skyscrapers once, unbuilt or on the board
        standing = [b[0] for b in city.buildings if b is not None and b[1] == seat
                    and 0 < geometry.order[b[0]].generation and not geometry.order[b[0]].legendary]
        assert sorted(city.unbuilt[seat]) == sorted(set(city.unbuilt[seat]))
        assert not set(standing) & set(city.unbuilt[seat]) and len(standing) == len(set(standing))

def touching(game: Game, number: int) -> set[int]:
    """The other buildings standing that share an edge with the building."""
    city, geometry = game.city, game.ruleset.part.geometry  # type: ignore[union-attr]
    cells = city.spot_of(geometry, number).cells
    return {city.under[c] for c in geometry.board.grid.around(cells)} - {FREE, number}


class Watch:
    """A whole game's turns as they end: who played, what they built and demolished, the points each
    build earned, the invariants checked at every turn's end (see the module's docstring)."""

    def __init__(self, game: Game):
        self.game = game
        self.turns: list[int] = []  # the seat of each turn, in order
        self.final: list[int] = []  # the seats of the turns after the end was triggered
        self.triggered: list[bool] = []  # per turn before them: whether the end was triggered at its end
        self.earned = [0] * len(game.seats)  # printed points of every building put down, Gold Prestige too
        self.known = {n: self._record(n) for n in game.city.standing()}  # number -> (tile, owner, squares)
        self.built = 0  # skyscrapers of the seats' sets put down (not the legendaries): each leaves the unbuilt
        self.points = [s.points for s in game.seats]  # at the start of the turn under way
        self.demolished = 0
        emit = game.emit

        def watched(seat: Seat | None, text: str, kind: str = "", public: str | None = None) -> None:
            emit(seat, text, kind, public)
            if text == NOTE:
                self.turn_over(seat)
        game.emit = watched  # type: ignore[method-assign]

    def turn_over(self, seat: Seat | None) -> None:
        game, geometry = self.game, self.game.ruleset.part.geometry  # type: ignore[union-attr]
        assert seat is not None
        check_invariants(game)
        city, params = game.city, game.ruleset.params
        place = next(p for p in game.cursor.places if game.ruleset.procedure.nodes[p.node].id == "turns")
        (self.final if place.final else self.turns).append(seat.index)
        if not place.final:  # whether this turn ended with the end triggered (2.9)
            self.triggered.append(any(len(u) <= params["end_unbuilt"] for u in city.unbuilt)
                                  or (len(city.open_market) < params["market_size"] and not city.future))
        standing = set(city.standing())
        new = sorted(standing - set(self.known))
        for number in new:
            self.known[number] = self._record(number)
        gone = [n for n in self.known if n not in standing]
        for number in new:
            tile, owner = geometry.order[city.buildings[number][0]], city.owner(number)
            assert owner == seat.index  # only the seat whose turn it is builds
            self.earned[owner] += tile.points
            self.built += not tile.legendary
            needed = {1: 0, 2: params["silver_at"], 3: params["gold_at"]}[tile.generation]
            assert self.points[owner] >= needed or seat.points - tile.points >= needed  # unlocked (A11)
            if tile.generation == 3 and city.bonus == "gold_prestige":
                self.earned[owner] += sum(1 for b in touching(game, number) if city.owner(b) != owner
                                          and 1 <= geometry.order[city.buildings[b][0]].generation <= 2)
        for old in gone:  # a demolition: the seat's own, under the turn's first new building, of a higher
            tile, owner, cells = self.known.pop(old)  # generation (A7-A9); Construction Boom's may use its rest
            above = [n for n in new if cells & self.known[n][2]]
            assert owner == seat.index and not geometry.order[tile].legendary and above and above[0] == new[0]
            assert geometry.order[tile].generation < geometry.order[self.known[above[0]][0]].generation
            self.demolished += 1
        self.points = [s.points for s in game.seats]

    def _record(self, number: int) -> tuple[int, int, frozenset]:
        city, geometry = self.game.city, self.game.ruleset.part.geometry  # type: ignore[union-attr]
        return city.buildings[number][0], city.owner(number), city.spot_of(geometry, number).cells


def play(seats: int, seed: int, base: str = "ruleset.yaml",
         chooser: Callable[[Game, Any], int] | None = None) -> tuple[Game, Watch]:
    """A whole game of the ruleset file `base` (random answers from the seed, or `chooser`), watched."""
    ruleset = MARKED[base]
    rng = random.Random(seed * 7919 + 1)
    game = engine_game(ruleset, [SeatSpec(f"seat {i + 1}", "bot:random") for i in range(seats)], seed,
                       chooser or (lambda g, decision: rng.randrange(decision.count)))
    check_invariants(game)
    watch = Watch(game)
    play_on(game)
    assert game.finished
    return game, watch


def play_with_bots(seats: int, seed: int, kind: str, base: str = "ruleset.yaml") -> tuple[Game, Watch]:
    """A whole game of bots of one kind (bot:greedy...), through a Session, watched as `play` watches."""
    from nycrules.agents import seat_agents
    from nycrules.engine.runner import Session
    specs = [SeatSpec(f"seat {i + 1}", kind) for i in range(seats)]
    session = Session(MARKED[base], specs, seed, seat_agents(specs, seed), log_events=True, pause_at=0)
    session.decision()  # the first decision, before any turn is over: the watch goes on the table now
    assert session.state is not None
    watch = Watch(session.state)
    session.run()
    return session.state, watch


def recount(game: Game, watch: Watch) -> list[dict[str, int]]:
    """Each seat's points worked out again from the final position (and the points its builds earned,
    which a demolition does not take back), by category as the final scoring books them."""
    city, geometry, params = game.city, game.ruleset.part.geometry, game.ruleset.params  # type: ignore[union-attr]
    standing = [(geometry.order[city.buildings[n][0]], city.owner(n), city.spot_of(geometry, n))
                for n in city.standing()]
    seats = range(len(game.seats))
    out = [{"during the game": watch.earned[s], "streets": 0, "bonus": 0, "action_cards": 0} for s in seats]
    for letter in city.streets:
        on = [sum(1 for _, owner, spot in standing if owner == s and letter in spot.streets) for s in seats]
        if max(on) > 0 and on.count(max(on)) == 1:
            out[on.index(max(on))]["streets"] += params["street_points"]
    for s in seats:
        mine = [(tile, spot) for tile, owner, spot in standing if owner == s]
        if city.bonus == "bronze_baron":
            bronzes = sum(1 for tile, _ in mine if tile.generation == 1)
            out[s]["bonus"] = params["bronze_baron"].get(min(bronzes, 6), 0)
        elif city.bonus == "master_architect":
            odd = sum(1 for tile, _ in mine if tile.irregular)
            out[s]["bonus"] = params["master_architect"].get(min(odd, 5), 0)
        elif city.bonus == "generation_king":
            for g in (1, 2, 3):
                counts = [sum(1 for tile, owner, _ in standing if tile.generation == g and owner == t) for t in seats]
                if counts[s] > 0 and all(counts[t] < counts[s] for t in seats if t != s):
                    out[s]["bonus"] += params["generation_king"]
        elif city.bonus == "gold_tycoon":
            districts = {geometry.board.territories[t].district for t, h in enumerate(city.holder) if h != OUT}
            out[s]["bonus"] = params["gold_tycoon"] * sum(
                1 for d in districts if sum(1 for tile, spot in mine if tile.generation == 3 and d in spot.districts) >= 2)
        if params["action_cards"]:
            out[s]["action_cards"] = 3 - len(city.used_actions[s])
    return out
