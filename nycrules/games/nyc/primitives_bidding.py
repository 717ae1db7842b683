"""Bids: playing cards, what a bid is worth, and who bids last."""

from __future__ import annotations

from typing import Any

from ...engine import ops
from .bids import bid_value as value_of_bid, value_to_win as needed_to_win
from ...language.runtime import rule_failed
from ...engine.state import Card, Seat
from .limits import MAX_BID_CARDS
from ...language.registry import primitive
from ...primitives import count as check_count, inline, not_negative, require

GAME = "nyc"  # its rulesets alone may call these
C = "bidding"


def _own(f: Any, seat: Seat, card: Card) -> None:
    require(f, card.zone is seat.hand or card.zone is seat.reserve,
            "{} can only play a card from its own hand or reserve", seat.name)


@primitive("play(seat: seat, card: card)", "Play a card (from the hand or the reserve) into the seat's bid.", C, game=GAME)
def play(f: Any, seat: Seat, card: Card) -> None:
    _own(f, seat, card)
    ops.move_card(card, seat.played)
    f.game.emit(seat, f"plays {card.type}")


@primitive("play_as(seat: seat, card: card, as: card_type, count: int)",
           "Play a card into the bid counting as `count` cards of another type.", C, counts=True, game=GAME)
def play_as(f: Any, seat: Seat, card: Card, as_type: str, count: int) -> None:
    check_count(f, count, "one card counting as")
    in_bid = sum(c.weight for c in seat.played) + len(seat.virtual) + count
    if in_bid > MAX_BID_CARDS:
        raise rule_failed(f, f"a bid counting {in_bid} cards is more than the limit of {MAX_BID_CARDS}")
    _own(f, seat, card)
    ops.move_card(card, seat.played)
    card.counted_as = as_type
    card.weight = count
    counted = "" if (as_type, count) == (card.type, 1) else f" as {count} {as_type}"
    f.game.emit(seat, f"plays {card.type}{counted}")


@primitive("add_to_bid(seat: seat, as: card_type, count: int)",
           "The bid counts `count` more cards of a type, with no card played.", C, game=GAME)
def add_to_bid(f: Any, seat: Seat, as_type: str, count: int) -> None:
    check_count(f, len(seat.virtual) + not_negative(f, count, "add_to_bid of"), "a bid with added cards numbering")
    seat.virtual.extend([as_type] * count)
    f.game.emit(seat, f"adds {count} {as_type} to the bid")


@primitive("bid_value(seat: seat) -> int", "What the seat's bid in this bidding round is worth so far.", C, game=GAME)
def bid_value(f: Any, seat: Seat) -> int:
    return value_of_bid(f.game, seat)


@primitive("value_to_win(seat: seat) -> int",
           "The lowest bid value that would give the seat the highest bid against the bids already made "
           "(more than the best, or as much when ahead of it on the press track).", C, game=GAME)
def value_to_win(f: Any, seat: Seat) -> int:
    return needed_to_win(f.game, seat)


@primitive("bid_last(seat: seat)", "The seat bids last in this bidding round.", C, game=GAME)
def bid_last(f: Any, seat: Seat) -> None:
    f.game.last_bidder = seat
    f.game.emit(seat, "will bid last in this bidding round")


@primitive("last_bidder_chosen() -> bool", "Whether a seat already chose to bid last in this bidding round.", C, game=GAME)
@inline("(f.game.last_bidder is not None)")
def last_bidder_chosen(f: Any) -> bool:
    return f.game.last_bidder is not None
