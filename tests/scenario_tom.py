"""Scenario helpers for Tom, the automa.

    game = tom_table("B4")                      # Ann (a person) and Tom, both stripped bare
    ann, tom = game.seats
    stack_deck(game, "plans")                   # (scenario.py) what Tom draws next
    before_bid(game, tom, "dollar")             # Tom's draw before the dollar round
    tom_bid(game, tom, "prestige")              # Tom's bid, against the bids already made
    tom_notes(game, tom)                        # what Tom wrote in the log
    set_letters(game, manhattan="D", bronx="X", ...)
    tom_game(["bot:random", "tom:B4"], seed=3)  # a whole seeded game, Tom watched
"""

from __future__ import annotations

from nycrules.agents import make_agent
from nycrules.engine.effects import run_script
from nycrules.games.nyc.bids import bid_value
from nycrules.engine.procedure import play
from nycrules.engine.setup import new_game
from nycrules.engine.state import Game, Seat
from nycrules.agents.seating import parse_seats

from invariants import Invariants
from scenario import clear_company, give, lift_tile, nyc, table
from scenario_more import set_press


def tom_table(tom: str = "B4", kinds: list[str] | None = None, seed: int = 1) -> Game:
    """A set-up game (Ann and Tom by default) emptied like scenario_more.bare().

    No seat has characters, dollars, cards, board skyscrapers, points or
    skyscrapers in a borough; no neutral skyscrapers; every press token on 0
    in seat order. Tom keeps his mode and card count.
    """
    kinds = kinds or ["human", "tom"]
    game = table(kinds=kinds, seed=seed, tom=tom)
    for seat in game.seats:
        clear_company(seat)
        give(game, seat, hand="", reserve="", dollars=0, board=0)
        seat.points = 0
    for b in game.boroughs:
        b.counts = [0] * len(game.seats)
        b.neutral = 0
    set_press(game, (None, game.neutral_token.space), *[(s, 0) for s in game.seats])
    return game


def start_round(game: Game, round_id: str, done: tuple[str, ...] = ()) -> None:
    """Make `round_id` the current bidding round, with nothing bid yet; `done` rounds are over."""
    game.bidding_card = game.ruleset.part.round(round_id).card
    game.bids_made = {}
    game.last_bidder = None
    game.rounds_done = set(done)


def before_bid(game: Game, tom: Seat, round_id: str, done: tuple[str, ...] = ()) -> None:
    """Tom's draw before this bidding round (and what he does with the card)."""
    start_round(game, round_id, done)
    run_script(game, game.ruleset.part.tom.before_bid, {"me": tom})


def tom_bid(game: Game, tom: Seat, round_id: str | None = None) -> int:
    """Tom's bid in the current bidding round (or start `round_id` first); gives its value."""
    if round_id is not None:
        start_round(game, round_id)
    run_script(game, game.ruleset.part.tom.bid, {"me": tom})
    game.bids_made[tom] = bid_value(game, tom)
    return game.bids_made[tom]


def tom_notes(game: Game, tom: Seat) -> list[str]:
    """The texts of the events about this seat."""
    return [e.text for e in game.events if e.seat == tom.index]


def set_letters(game: Game, **letters: str) -> None:
    """Put sequence tiles on boroughs: set_letters(game, manhattan="D", bronx="X", ...)."""
    order = game.ruleset.part.components.sequence_tiles
    for ident, letter in letters.items():
        b = game.borough_by_id[ident]
        b.letter = letter
        b.letter_rank = order.index(letter) + 1
    shown = [b.letter for b in game.boroughs]
    assert sorted(shown) == sorted(order), f"each letter once: {shown}"


def row(game: Game, value: int, *char_ids: int) -> list:
    """Lay out the elevator row of this value with tiles of these characters, left to right."""
    tiles = []
    for char_id in char_ids:
        tile = next((t for t in game.tiles if t.char.id == char_id and t.where in ("stack", "display")
                     and t not in tiles), None)
        assert tile is not None, f"no free tile of character {char_id}"
        lift_tile(game, tile)
        tile.where = "display"
        tiles.append(tile)
    for old in game.elevator_rows[value]:
        old.where = "box"
    game.elevator_rows[value] = tiles
    return tiles


class TomWatch:
    """Checks Tom's limits after every event of a game (on top of tests/invariants.py)."""

    def __init__(self, game: Game):
        self.game = game
        self.dollars = {s.index: s.dollars for s in game.seats}
        self.before_scoring: dict[int, int] | None = None  # each seat's dollars when final scoring began
        self.checked = 0
        original = game.emit

        def emit(seat, text, kind="", public=None):
            original(seat, text, kind, public)
            self.check(seat, text)
        game.emit = emit  # type: ignore[method-assign]

    def check(self, seat, text: str) -> None:
        game = self.game
        self.checked += 1
        if game.scoring_step and self.before_scoring is None:
            self.before_scoring = dict(self.dollars)
        for tom in (s for s in game.seats if s.is_tom):
            where = f"after {text!r} (round {game.round}, {game.rule})"
            assert tom.board == 0, f"{tom.name} has board skyscrapers {where}"
            assert not tom.reserve and tom.reserve_size == 0, f"{tom.name} has a reserve {where}"
            assert not tom.used, f"{tom.name} used a character {where}"
            for b in game.boroughs:
                assert b.counts[tom.index] <= 5, f"{tom.name} has {b.counts[tom.index]} in {b.name} {where}"
            if not game.scoring_step and not game.finished:
                assert tom.dollars >= self.dollars[tom.index], f"{tom.name} paid a dollar {where}"
        for other in game.seats:
            self.dollars[other.index] = other.dollars
        if seat is not None and seat.is_tom:
            assert not text.startswith("uses character"), f"{seat.name}: {text}"


class OnlyState:
    """What a bot reads of its session: the state (these games run the engine directly)."""

    def __init__(self, state: Game):
        self.state = state


def tom_game(seats: list[str], seed: int) -> tuple[Game, Invariants, TomWatch, list]:
    """A whole seeded game from `--seat` values; gives the game, both watchers and every decision asked."""
    specs = parse_seats(seats, nyc())
    agents = {i: make_agent(s.kind, seed * 11 + i) for i, s in enumerate(specs) if s.kind.startswith("bot")}
    asked = []
    holder: dict = {}

    def chooser(game, decision):
        asked.append(decision)
        return agents[decision.seat.index].choose(OnlyState(game), decision)

    game = new_game(nyc(), specs, seed, chooser)
    holder["inv"] = Invariants(game)
    holder["watch"] = TomWatch(game)
    holder["inv"].check()
    holder["watch"].check(None, "setup")
    play(game)
    return game, holder["inv"], holder["watch"], asked
