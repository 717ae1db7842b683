"""Cards: hands, reserves, the draw and discard piles, and the pairs of phase I."""

from __future__ import annotations

from typing import Any

from ...engine import ops
from . import mechanics
from ...engine.state import Card, Seat
from .state import Pair
from ...language.registry import primitive
from ...primitives import count as check_count, inline, not_negative, require

GAME = "nyc"  # its rulesets alone may call these
C = "cards"


@primitive("hand(seat: seat) -> list[card]", "The cards in the seat's hand (Tom's supply).", C, game=GAME)
@inline("list({0}.hand)")
def hand(f: Any, seat: Seat) -> list:
    return list(seat.hand)


@primitive("reserve(seat: seat) -> list[card]", "The cards in the seat's reserve, below its board.", C, game=GAME)
def reserve(f: Any, seat: Seat) -> list:
    return list(seat.reserve)


@primitive("reserve_size(seat: seat) -> int", "How many cards the seat's reserve holds when full.", C, game=GAME)
@inline("{0}.reserve_size")
def reserve_size(f: Any, seat: Seat) -> int:
    return seat.reserve_size


@primitive("played(seat: seat) -> list[card]", "The cards the seat has played in this bidding round.", C, game=GAME)
def played(f: Any, seat: Seat) -> list:
    return list(seat.played)


@primitive("type(card: card) -> card_type", "The card's type, as printed on it.", C, game=GAME)
@inline("{0}.type")
def type_(f: Any, card: Card) -> str:
    return card.type


@primitive("counts_as(card: card) -> card_type",
           "The type a played card counts as in the bid (its own type unless a character changed it).", C, game=GAME)
def counts_as(f: Any, card: Card) -> str:
    return card.counted_as


@primitive("card_types() -> list[card_type]", "Every card type, in the order of the components.", C, game=GAME)
def card_types(f: Any) -> list:
    return [c.id for c in f.game.ruleset.part.components.card_types]


@primitive("round_card() -> card_type", "The card type of the current bidding round.", C, game=GAME)
def round_card(f: Any) -> str:
    return f.game.bidding_card


@primitive("bidding_round_done(card: card_type) -> bool",
           "Whether that card type's bidding round is already over in this game round.", C, game=GAME)
def bidding_round_done(f: Any, card: str) -> bool:
    return card in f.game.rounds_done


@primitive("draw_cards(seat: seat, count: int) -> list[card]",
           "Draw cards from the draw pile into the hand; gives the cards drawn.", C, changes=True, counts=True, game=GAME)
def draw_cards(f: Any, seat: Seat, count: int) -> list:
    check_count(f, count, "draw_cards of")
    drawn = ops.draw_into(f.game, seat.hand, count)
    if drawn and f.game.log_events:  # event text only for a log that is kept
        f.game.emit(seat, f"draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}")
    return drawn


@primitive("discard(cards: list[card])", "Put the cards, wherever they are, on the discard pile.", C, game=GAME)
def discard(f: Any, cards: list) -> None:
    if cards:
        owner = f.vars.get("me")
        ops.discard_cards(f.game, cards)
        if f.game.log_events:  # event text only for a log that is kept
            f.game.emit(owner, f"discards {' '.join(c.type for c in cards)}")


@primitive("to_hand(seat: seat, cards: list[card])",
           "Move the cards (from a pair, the reserve or the bid) into the seat's hand.", C, game=GAME)
def to_hand(f: Any, seat: Seat, cards: list) -> None:
    shown: list[str] = []  # what the other seats see taken: not the cards of the face-down reserve
    from_reserve = 0
    for card in cards:
        require(f, any(card.zone is zone for zone in (seat.hand, seat.reserve, seat.played)) or
                (card.zone is not None and card.zone.name.startswith("pair")),
                "{} can only take cards from the display or its own reserve or bid", seat.name)
        if card.zone is not seat.hand:
            if card.zone is not None and card.zone.name.startswith("pair"):
                f.game.taken.append(card)  # taken from the display on this draft turn
            if card.zone is seat.reserve:
                from_reserve += 1
            else:
                shown.append(card.type)
            ops.move_card(card, seat.hand)
    if cards:
        public = None
        if from_reserve:
            public = f"takes {' '.join([*shown, f'{from_reserve} card(s) of the reserve'])} into the hand"
        f.game.emit(seat, f"takes {' '.join(c.type for c in cards)} into the hand", public=public)


@primitive("reveal(seat: seat, cards: list[card])",
           "The cards, just drawn into the seat's hand or reserve, were shown to everyone: "
           "from now on every seat knows the seat holds them (until they are seen leaving).", C, game=GAME)
def reveal(f: Any, seat: Seat, cards: list) -> None:
    for card in cards:
        require(f, card.zone is seat.hand or card.zone is seat.reserve,
                "only cards in {}'s hand or reserve can be revealed as theirs", seat.name)
        seat.known[card.type] = seat.known.get(card.type, 0) + 1


@primitive("grow_reserve(seat: seat, count: int)",
           "The reserve holds `count` more cards from now on; they are drawn into it at once.", C, counts=True, game=GAME)
def grow_reserve(f: Any, seat: Seat, count: int) -> None:
    check_count(f, seat.reserve_size + not_negative(f, count, "grow_reserve of"), "a reserve of")
    seat.reserve_size += count
    ops.draw_into(f.game, seat.reserve, count)
    f.game.emit(seat, f"has a reserve of {seat.reserve_size} cards")


@primitive("refill_reserve(seat: seat)", "Draw cards into the reserve until it is full again.", C, game=GAME)
def refill_reserve(f: Any, seat: Seat) -> None:
    mechanics.refill_reserve(f.game, seat)


@primitive("display_pairs() -> list[pair]", "The pairs of cards still on display in phase I.", C, game=GAME)
@inline("list(f.game.pairs)")
def display_pairs(f: Any) -> list:
    return list(f.game.pairs)


@primitive("display_cards() -> list[card]", "Every card of the pairs on display.", C, game=GAME)
def display_cards(f: Any) -> list:
    return [card for pair in f.game.pairs for card in pair.cards]


@primitive("pair_of(card: card) -> pair", "The displayed pair the card belongs to.", C, game=GAME)
def pair_of(f: Any, card: Card) -> Pair:
    pair = next((p for p in f.game.pairs if p.cards is card.zone), None)
    require(f, pair is not None, f"the {card.type} card is not in a displayed pair")
    return pair


@primitive("take_pair(seat: seat, pair: pair)", "Take a displayed pair into the hand.", C, game=GAME)
def take_pair(f: Any, seat: Seat, pair: Pair) -> None:
    require(f, pair in f.game.pairs, "that pair is no longer on display")
    f.game.taken.extend(mechanics.take_pair(f.game, seat, pair))


@primitive("merge_pairs(a: pair, b: pair)", "The cards left in pair b join pair a, making one pair.", C, game=GAME)
def merge_pairs(f: Any, a: Pair, b: Pair) -> None:
    for card in list(b.cards):
        ops.move_card(card, a.cards)
    if b in f.game.pairs:
        f.game.pairs.remove(b)
    if not a.cards and a in f.game.pairs:
        f.game.pairs.remove(a)
    f.game.emit(None, f"the leftover cards form a new pair: {a.name()}")


@primitive("draft_turns_left(seat: seat) -> int",
           "The seat's phase I turns still to come, the current one included.", C, game=GAME)
@inline("{0}.draft_turns_left")
def draft_turns_left(f: Any, seat: Seat) -> int:
    return seat.draft_turns_left


@primitive("skip_draft_turn(seat: seat)", "The seat gives up its next phase I turn.", C, game=GAME)
def skip_draft_turn(f: Any, seat: Seat) -> None:
    seat.draft_turns_left = max(seat.draft_turns_left - 1, 1)
    f.game.emit(seat, "will skip its next turn of phase I")
