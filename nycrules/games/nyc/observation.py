"""What one seat may know of a game of New York City (its part's `observation`; engine/information.py).

The rulebook's public knowledge: every company, the board, the press track, the displays, the discard
pile, cards played, and how many cards each seat holds in hand and reserve. A seat also knows its own
hand and reserve, and which cards another seat took face up (a drafted pair, a card Tom draws before a
bidding round): `Seat.known` keeps, per seat, a lower bound of those card types still in its hand or
reserve. Hidden from it: the other seats' hands and reserves beyond that bound, the draw pile's order,
the order of the face-down character stacks and of the prestige stack (the part's `redeal`), and the
game's random generator.
"""

from __future__ import annotations

from typing import Any

from ...engine.state import Game, Seat


def _types(cards: Any) -> list[str]:
    return sorted(card.type for card in cards)


def _seat_view(game: Game, seat: Seat, own: bool) -> dict[str, Any]:
    view: dict[str, Any] = {
        "index": seat.index,
        "name": seat.name,
        "kind": seat.kind,
        "tom_mode": seat.tom_mode,
        "tom_cards": seat.tom_cards,
        "dollars": seat.dollars,
        "board": seat.board,
        "points": seat.points,
        "press_space": seat.token.space if seat.token else 0,
        "company": [[tile.uid, tile.char.id] for tile in seat.company],
        "used": sorted(seat.used),
        "vessels": [vessel.id for vessel in seat.vessels],
        "hand_count": len(seat.hand),
        "reserve_count": len(seat.reserve),
        "reserve_size": seat.reserve_size,
        "played": [[card.type, card.counted_as, card.weight] for card in seat.played],
        "added_to_bid": list(seat.virtual),
        "draft_turns_left": seat.draft_turns_left,
        "known_cards": {kind: n for kind, n in sorted(seat.known.items()) if n},
        "scores": dict(seat.scores),
    }
    if own:
        view["hand"] = _types(seat.hand)
        view["reserve"] = _types(seat.reserve)
    return view


def observation(game: Game, seat_index: int) -> dict[str, Any]:
    """Everything seat `seat_index` may know of the game now, as JSON-ready data (its part's observation)."""
    return {
        "seat": seat_index,
        "round": game.round,
        "bidding_round": game.bidding_card,
        "bidding_rounds_done": sorted(game.rounds_done),
        "scoring_step": game.scoring_step,
        "finished": game.finished,
        "mayor": game.mayor.id if game.mayor else None,
        "statue_flipped": game.statue_flipped,
        "press": [[token.seat.index if token.seat else None, token.space] for token in game.press],
        "boroughs": [{"id": b.id, "letter": b.letter, "base": b.base, "neutral": b.neutral,
                      "skyscrapers": list(b.counts),
                      "prestige": [[t.id, t.colour, t.value] for t in b.prestige]} for b in game.boroughs],
        "vessels_on_board": [vessel.id for vessel in game.board_vessels],
        "prestige_display": [[t.id, t.colour, t.value] for t in game.prestige_display],
        "prestige_stack": len(game.prestige_stack),
        "elevator": {str(value): {"face_up": [[t.uid, t.char.id] for t in game.elevator_rows[value]],
                                  "stack": len(game.elevator_stacks.get(value, []))}
                     for value in sorted(game.elevator_rows)},
        "start_stacks": [[[t.uid, t.char.id] for t in stack] for stack in game.start_stacks],
        "pairs": [_types(pair.cards) for pair in game.pairs],
        "taken_this_turn": _types(game.taken),
        "draw_pile": len(game.deck),
        "discard_pile": _types(game.discard),
        "bids": {str(seat.index): value for seat, value in game.bids_made.items()},
        "last_bidder": game.last_bidder.index if game.last_bidder else None,
        "seats": [_seat_view(game, seat, seat.index == seat_index) for seat in game.seats],
    }
