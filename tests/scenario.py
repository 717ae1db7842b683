"""A small harness for scenario tests: set a position up by hand, then let the rules act.

    game = table(seats=3)                       # a set-up game, decisions scripted
    seat = game.seats[0]
    give(game, seat, hand="press press wild", reserve="dollar dollar", dollars=2)
    tile = hire(game, seat, 19)                 # the seat now has character 19
    answer(game, "use 19")                      # the next decisions, by label prefix
    ...

Decisions are answered from a queue of label prefixes; a decision with no
answer left fails the test and shows the options, so a test always says which
choices it expects.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from nycrules.engine.decisions import Decision
from nycrules.engine.setup import SeatSpec, new_game
from nycrules.engine.state import Card, Game, Seat, Tile
from nycrules.loading.loader import load_ruleset
from nycrules.engine.model import Ruleset
from nycrules.resources import shipped_ruleset


@lru_cache(maxsize=1)
def nyc() -> Ruleset:
    return load_ruleset(shipped_ruleset())


class Unexpected(AssertionError):
    pass


class Scripted:
    """Answers decisions from a queue of label prefixes; records every decision asked."""

    def __init__(self) -> None:
        self.answers: deque[str] = deque()
        self.asked: list[Decision] = []

    def __call__(self, game: Game, decision: Decision) -> int:
        self.asked.append(decision)
        if not self.answers:
            raise Unexpected(f"no answer for {decision.seat.name}: {decision.prompt!r}; options: "
                             f"{decision.labels()}")
        wanted = self.answers.popleft()
        for i, label in enumerate(decision.labels()):
            if label == wanted:
                return i
        matches = [i for i, label in enumerate(decision.labels()) if label.startswith(wanted)]
        if len(matches) != 1:
            raise Unexpected(f"answer {wanted!r} matches {len(matches)} options of {decision.prompt!r}: "
                             f"{decision.labels()}")
        return matches[0]


def table(seats: int = 2, kinds: list[str] | None = None, seed: int = 1, ruleset: Ruleset | None = None,
          tom: str = "B4") -> Game:
    """A game after setup (setup decisions take the first option); later decisions are scripted."""
    kinds = kinds or ["human"] * seats
    specs = []
    for i, kind in enumerate(kinds):
        if kind == "tom":
            specs.append(SeatSpec(f"Tom{i}", "tom", tom[0], int(tom[1:])))
        else:
            specs.append(SeatSpec(["Ann", "Ben", "Cat", "Dan"][i], kind))
    game = new_game(ruleset or nyc(), specs, seed, lambda g, d: 0)
    game.chooser = Scripted()
    game.round = 1
    return game


def answer(game: Game, *labels: str) -> None:
    game.chooser.answers.extend(labels)


def assert_answered(game: Game) -> None:
    left = list(game.chooser.answers)
    assert not left, f"answers not used: {left}"


def _take(game: Game, kind: str) -> Card:
    for zone in (game.deck, game.discard):
        for card in zone:
            if card.type == kind:
                return card
    raise AssertionError(f"no free {kind} card left in the draw or discard pile")


def give(game: Game, seat: Seat, hand: str | None = None, reserve: str | None = None,
         dollars: int | None = None, board: int | None = None) -> None:
    """Replace the seat's hand/reserve with cards of these types (taken from the piles)."""
    from nycrules.engine.ops import move_card
    if hand is not None:
        for card in list(seat.hand):
            move_card(card, game.discard)
        for kind in hand.split():
            move_card(_take(game, kind), seat.hand)
    if reserve is not None:
        for card in list(seat.reserve):
            move_card(card, game.discard)
        for kind in reserve.split():
            move_card(_take(game, kind), seat.reserve)
        seat.reserve_size = max(seat.reserve_size, len(seat.reserve))
    if dollars is not None:
        seat.dollars = dollars
    if board is not None:
        seat.board = board


def stack_deck(game: Game, types: str) -> None:
    """Put cards of these types on top of the draw pile, the first listed drawn first."""
    from nycrules.engine.ops import move_card
    for kind in types.split():
        card = _take(game, kind)
        move_card(card, game.discard)  # out of the deck wherever it was
    for kind in reversed(types.split()):
        card = next(c for c in game.discard if c.type == kind)
        move_card(card, game.deck)


def hire(game: Game, seat: Seat, char_id: int) -> Tile:
    """Give the seat a tile of this character (from anywhere), as if hired."""
    tile = next((t for t in game.tiles if t.char.id == char_id and t.where in ("stack", "display", "box")), None)
    if tile is None:
        tile = Tile(len(game.tiles), game.ruleset.characters[char_id])
        game.tiles.append(tile)
    lift_tile(game, tile)
    tile.where = "company"
    seat.company.append(tile)
    return tile


def lift_tile(game: Game, tile: Tile) -> None:
    """Take a tile out of the elevator's rows and stacks, wherever it lies there."""
    for place in list(game.elevator_rows.values()) + list(game.elevator_stacks.values()):
        if tile in place:
            place.remove(tile)


def clear_company(seat: Seat) -> None:
    for tile in seat.company:
        tile.where = "box"
    seat.company.clear()


def borough(game: Game, ident: str):
    return game.borough_by_id[ident]


def texts(game: Game) -> list[str]:
    return [e.text for e in game.events]
