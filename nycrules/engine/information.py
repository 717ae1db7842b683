"""What one seat may know of a game, and a game re-dealt to fit that knowledge.

The rulebook's public knowledge: every company, the board, the press track, the
displays, the discard pile, cards played, and how many cards each seat holds in
hand and reserve. A seat also knows its own hand and reserve, and which cards
another seat took face up (a drafted pair, a card Tom draws before a bidding
round): `Seat.known` keeps, per seat, a lower bound of those card types still
in its hand or reserve (ops.move_card updates it as cards move).

Hidden from the seat: the other seats' hands and reserves beyond that bound,
the draw pile's order, the order of the face-down character stacks and of the
prestige stack, and the game's random generator (its future draws).

`observation` gives exactly the known part as plain JSON data; `determinize`
re-deals, in place, only the unknown part, so a search can play on a game that
is as likely as the real one from that seat's point of view.
"""

from __future__ import annotations

import random
from typing import Any

from .state import Card, Game, Seat


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
    """Everything seat `seat_index` may know of the game now, as JSON-ready data (its part's, model.GamePart)."""
    return game.ruleset.part.observation(game, seat_index)


def nyc_observation(game: Game, seat_index: int) -> dict[str, Any]:
    """New York City's observation (its part's, games/nyc/part.py)."""
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


def _kept_known(seat: Seat, seen: set[int]) -> tuple[list[Card], list[Card]]:
    """The seat's cards split into ones standing for its publicly known types, and the rest; a card
    seen as itself (`seen`: ids of card objects, such as the cards taken this turn) first."""
    need = dict(seat.known)
    kept: list[Card] = []
    rest: list[Card] = []
    for card in sorted([*seat.hand, *seat.reserve], key=lambda c: (c.type, id(c) not in seen, c.id)):
        if need.get(card.type, 0) > 0:
            need[card.type] -= 1
            kept.append(card)
        else:
            rest.append(card)
    if any(need.values()):  # the tracking in ops.move_card is out of step with the cards
        raise AssertionError(f"{seat.name} is known to hold cards it does not hold: {need}")
    return kept, rest


def _deal(dealt: list[tuple[list[Card], list[Card]]], kept: set[int]) -> None:
    """Each zone gets the cards dealt to it. A card known or seen as itself (`kept`: ids of card
    objects) goes there itself; every other card object stays where it lay (with its seat, or in the
    draw pile), in order, and takes the number and type of a card dealt there. So a name an effect bound before the deal (`cards =
    hand(me)`) holds cards of the sampled world, and no hidden card object keeps its real face."""
    hidden = iter([card for zone, _ in dealt for card in zone if id(card) not in kept])  # where they lay, in order
    placed = []
    for zone, cards in dealt:
        here = []
        for card in cards:
            if id(card) in kept:
                here.append(card)
            else:
                stand_in = next(hidden)
                here.append((stand_in, card.id, card.type))
        placed.append((zone, here))
    for zone, here in placed:
        zone.clear()
        for item in here:
            if isinstance(item, tuple):
                card, number, kind = item
                card.id, card.type, card.counted_as = number, kind, kind
            else:
                card = item
            zone.append(card)
            card.zone = zone  # type: ignore[assignment]


def determinize(game: Game, seat_index: int, rng: random.Random) -> None:
    """Re-deal, in place, what seat `seat_index` cannot know, keeping all it knows.

    Kept: every public zone, the seat's own hand and reserve, how many cards each
    other seat holds in hand and reserve, and the card types known to be there.
    Re-dealt: the rest of the other seats' cards together with the draw pile; the
    face-down character and prestige stacks are reshuffled, and the game's random
    generator is reseeded from `rng`. The result depends only on what the seat
    knows and on `rng` (hidden cards are sorted before they are shuffled).
    """
    others = [seat for seat in game.seats if seat.index != seat_index]
    pool: list[Card] = sorted(game.deck, key=lambda c: (c.type, c.id))
    seen = {id(card) for card in game.taken}
    kept_by_seat = []
    for seat in others:
        kept, rest = _kept_known(seat, seen)
        kept_by_seat.append(kept)
        pool += rest
    pool.sort(key=lambda c: (c.type, c.id))
    rng.shuffle(pool)
    dealt: list[tuple[list[Card], list[Card]]] = []  # (a zone, the cards dealt to it, in order)
    for seat, kept in zip(others, kept_by_seat):
        hand_count = len(seat.hand)
        cards = kept + [pool.pop() for _ in range(hand_count + len(seat.reserve) - len(kept))]
        rng.shuffle(cards)  # which known card is in the hand and which in the reserve is not known
        dealt += [(seat.hand, cards[:hand_count]), (seat.reserve, cards[hand_count:])]
    dealt.append((game.deck, pool))
    _deal(dealt, seen | {id(card) for kept in kept_by_seat for card in kept})
    game.cards.sort(key=lambda card: card.id)  # by number, as dealt at the start (card objects took new numbers)
    for task in game.stack:  # what a task worked out from the cards dealt anew (a bidding turn's menus)
        task.dealt_anew()
    game.ruleset.part.redeal(game, seat_index, rng)  # what the game's part added (model.GamePart)
    game.rng.seed(rng.getrandbits(64))
