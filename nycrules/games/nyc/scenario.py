"""New York City's part of the scenarios (nycrules/scenario.py, docs/api.md "Scenarios"): its table set
by hand. They are reached as before through the public module: `scenario.give(game, ann, hand="press
wild", dollars=2)`, `scenario.hire(game, ann, 19)`, `scenario.borough(game, "bronx")`."""

from __future__ import annotations

from ...engine.ops import move_card
from ...engine.state import Card, Game, Seat
from .state import Borough, Tile

__all__ = ["give", "stack_deck", "hire", "lift_tile", "clear_company", "borough"]


def _take(game: Game, kind: str) -> Card:
    for zone in (game.deck, game.discard):
        for card in zone:
            if card.type == kind:
                return card
    raise AssertionError(f"no free {kind} card left in the draw or discard pile")  # the test asks too much


def give(game: Game, seat: Seat, hand: str | None = None, reserve: str | None = None,
         dollars: int | None = None, board: int | None = None) -> None:
    """Replace the seat's hand/reserve with cards of these types (taken from the piles); set its dollars
    and the skyscrapers on its board."""
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
        tile = Tile(len(game.tiles), game.ruleset.part.characters[char_id])
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
    """The seat's characters go back to the box."""
    for tile in seat.company:
        tile.where = "box"
    seat.company.clear()


def borough(game: Game, ident: str) -> Borough:
    return game.borough_by_id[ident]
