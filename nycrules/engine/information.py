"""What one seat may know of a game, and a game re-dealt to fit that knowledge.

Public: what lies face up, and how many cards each seat holds in the zones it keeps
hidden (its game's part says which: `held`, the hand unless it says more). A seat
also knows its own cards, and which cards another seat took face up: `Seat.known`
keeps, per seat, a lower bound of those card types still in its hidden zones
(ops.move_card updates it as cards move).

Hidden from the seat: the other seats' cards beyond that bound, the draw pile's
order, what its game's part says is hidden of the state it added (its `redeal`),
and the game's random generator (its future draws).

`observation` gives exactly the known part as plain JSON data (its game's part
writes it); `determinize` re-deals, in place, only the unknown part, so a search
can play on a game that is as likely as the real one from that seat's point of view.
"""

from __future__ import annotations

import random
from typing import Any

from .state import Card, Game, Seat


def observation(game: Game, seat_index: int) -> dict[str, Any]:
    """Everything seat `seat_index` may know of the game now, as JSON-ready data (its part's, model.GamePart)."""
    return game.ruleset.part.observation(game, seat_index)


def _kept_known(seat: Seat, zones: tuple[list[Card], ...], seen: set[int]) -> tuple[list[Card], list[Card]]:
    """The seat's hidden cards (in `zones`) split into ones standing for its publicly known types, and the rest; a card
    seen as itself (`seen`: ids of card objects, such as the cards taken this turn) first."""
    need = dict(seat.known)
    kept: list[Card] = []
    rest: list[Card] = []
    for card in sorted([card for zone in zones for card in zone], key=lambda c: (c.type, id(c) not in seen, c.id)):
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

    Kept: every public zone, the seat's own cards, how many cards each other seat
    holds in each zone it keeps hidden, and the card types known to be there.
    Re-dealt: the rest of the other seats' hidden cards together with the draw pile;
    what the game's part says is hidden of its own state (its `redeal`); and the
    game's random generator is reseeded from `rng`. The result depends only on what
    the seat knows and on `rng` (hidden cards are sorted before they are shuffled).
    """
    part = game.ruleset.part
    others = [seat for seat in game.seats if seat.index != seat_index]
    pool: list[Card] = sorted(game.deck, key=lambda c: (c.type, c.id))
    seen = {id(card) for card in part.seen_cards(game)}
    held = [part.held(seat) for seat in others]
    kept_by_seat = []
    for seat, zones in zip(others, held):
        kept, rest = _kept_known(seat, zones, seen)
        kept_by_seat.append(kept)
        pool += rest
    pool.sort(key=lambda c: (c.type, c.id))
    rng.shuffle(pool)
    dealt: list[tuple[list[Card], list[Card]]] = []  # (a zone, the cards dealt to it, in order)
    for zones, kept in zip(held, kept_by_seat):
        cards = kept + [pool.pop() for _ in range(sum(map(len, zones)) - len(kept))]
        rng.shuffle(cards)  # which known card is in which of the seat's zones is not known
        start = 0
        for zone in zones:
            dealt.append((zone, cards[start:start + len(zone)]))
            start += len(zone)
    dealt.append((game.deck, pool))
    _deal(dealt, seen | {id(card) for kept in kept_by_seat for card in kept})
    game.cards.sort(key=lambda card: card.id)  # by number, as dealt at the start (card objects took new numbers)
    for task in game.stack:  # what a task worked out from the cards dealt anew (a menu of the cards in hand)
        task.dealt_anew()
    part.redeal(game, seat_index, rng)  # what the game's part added (model.GamePart)
    game.rng.seed(rng.getrandbits(64))
