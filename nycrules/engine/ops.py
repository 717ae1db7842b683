"""Mechanics of the table every game has: moving cards, shuffling, drawing (the random events an outside
sampler may pick: engine/chance.py).

These are the small physical operations (what a hand does, not what a rule
says); both the procedure and the primitives call them. They emit no events
of their own, except where a rule cannot (a reshuffle): the primitive or step
that calls them reports the change. A game's own are its own (New York City's:
games/nyc/mechanics.py).
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from .state import Card, Game, Zone


# ------------------------------------------------------------------- cards
def move_card(card: Card, dest: Zone) -> None:
    src = card.zone
    if src[-1] is card:  # the usual case (the last card of a hand or pair): no search through the zone
        src.pop()
    else:
        src.remove(card)
    dest.append(card)
    card.zone = dest
    card.counted_as = card.type
    card.weight = 1
    known, now_known = src.known, dest.known
    if known is not now_known:  # between seats' hidden zones and the table: what others know
        if known:  # it leaves face up: a known card of its type may be the one
            left = known.get(card.type, 0)
            if left:
                known[card.type] = left - 1
        if now_known is not None and src.public:  # taken face up from the table
            now_known[card.type] = now_known.get(card.type, 0) + 1


def move_cards(cards: list[Card], dest: Zone) -> None:
    """move_card for each of these cards in order; in one go when they are a whole zone, as they
    usually are (cards taken or discarded together): one call, no search through the zone."""
    src = cards[0].zone if cards else None
    if src is None or src is dest or src != cards:  # != compares the cards by identity, in C
        for card in list(cards):
            move_card(card, dest)
        return
    moved = list(src)
    src.clear()
    dest.extend(moved)
    for card in moved:
        card.zone = dest
        card.counted_as = card.type
        card.weight = 1
    known, now_known = src.known, dest.known
    if known is not now_known:  # as move_card, card by card
        if known:
            for card in moved:
                left = known.get(card.type, 0)
                if left:
                    known[card.type] = left - 1
        if now_known is not None and src.public:
            for card in moved:
                now_known[card.type] = now_known.get(card.type, 0) + 1


def shuffle(rng: random.Random, items: list) -> None:
    """rng.shuffle(items): the same order from the same generator state, in half the time.

    Random.shuffle calls Random._randbelow for each position, which draws as many random
    bits as the bound has until the number is below it; this is that loop written out, so
    a shuffle of the draw pile makes one Python call per card instead of two, and the bit
    count is worked out once per run of bounds of one length. (A test compares it with
    Random.shuffle: seeded games must not change.)
    """
    getrandbits = rng.getrandbits
    top = len(items) - 1
    while top > 0:
        bits = (top + 1).bit_length()  # the same for every bound from 2 ** (bits - 1) up to top + 1
        low = (1 << (bits - 1)) - 1  # the last position whose bound has that many bits
        for i in range(top, low - 1, -1):
            j = getrandbits(bits)
            while j > i:  # j >= bound, the bound being i + 1
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]
        top = low - 1


# ------------------------------------------------------------------- chance
# Every random event of a game goes through these four, so that an outside sampler (Game.chance,
# engine/chance.py: OpenSpiel's chance nodes) can pick each outcome. Without one, the seeded random
# source shuffles as before. With one, a face-down pile is not shuffled: each draw takes one of the
# items left, each as likely (the same as the top of a shuffled pile), picked when it is drawn. A
# pick tells the sampler how many `more` picks follow from the same items in the same way (the one
# picked goes to the end of the list and leaves it), so that it can offer them without a run.

def shuffle_face_down(game: Game, pile: list) -> None:
    """Shuffle a pile that is only ever taken from its top, one item at a time, by `draw_from`."""
    if game.chance is None:
        shuffle(game.rng, pile)


def shuffle_in_view(game: Game, items: list) -> None:
    """Shuffle items whose order is read as a whole (laid out in a random order, or a pile whose order
    counts beyond its top: cards go under it): with a sampler, each place from the last to the second
    is picked among the items not yet placed."""
    chance = game.chance
    if chance is None:
        shuffle(game.rng, items)
        return
    for top in range(len(items) - 1, 0, -1):
        pick = chance.pick(game, items[:top + 1], top - 1)
        items[top], items[pick] = items[pick], items[top]


def at_random(game: Game, items: list) -> int:
    """The place of one of the items, each as likely (the seeded source's randrange, or the sampler's pick)."""
    chance = game.chance
    return game.rng.randrange(len(items)) if chance is None else chance.pick(game, items)


def draw_from(game: Game, pile: list, more: int = 0) -> Any:
    """Take the top item of a face-down pile (one `shuffle_face_down` shuffled); with a sampler, the
    item it picks among those left (`more` draws from the pile follow at once)."""
    chance = game.chance
    if chance is not None:
        pick = chance.pick(game, pile, more)
        pile[-1], pile[pick] = pile[pick], pile[-1]
    return pile.pop()


def looks(item: Any, part: Any = None) -> str:
    """What the players see of a drawn or shuffled item: items that look alike (two cards of a type, two
    tiles of one kind) are one outcome of a draw to a sampler. A game names its items (`part`: the
    ruleset's GamePart, its `looks`); a card is its type, a list its items; an item of another kind is
    its repr."""
    if part is not None:
        seen = part.looks(item)
        if seen is not None:
            return seen
    if isinstance(item, Card):
        return item.type
    if isinstance(item, list):
        return " + ".join(looks(each, part) for each in item)
    return item if isinstance(item, str) else repr(item)


def reshuffle(game: Game) -> bool:
    """Refill the empty draw pile from the shuffled discard pile; False if there is nothing to shuffle."""
    if not game.discard:
        return False
    refill = list(game.discard)
    shuffle_face_down(game, refill)
    game.discard.clear()
    for card in refill:
        game.deck.append(card)
        card.zone = game.deck
    game.emit(None, "the discard pile is shuffled into a new draw pile")
    return True


def draw_into(game: Game, dest: Zone, count: int) -> list[Card]:
    """Draw up to `count` cards from the top of the draw pile (reshuffled when it runs out)."""
    deck = game.deck
    if 0 < count <= len(deck) and game.chance is None:  # the usual case: the top `count` cards, top first, at once
        drawn = deck[-count:]
        del deck[-count:]
        drawn.reverse()
        dest.extend(drawn)
        for card in drawn:
            card.zone = dest
        return drawn
    drawn = []
    for _ in range(count):
        if not deck and not reshuffle(game):
            break
        # What move_card does, less what a face-down pile of plain cards needs: nobody knows them yet.
        card = draw_from(game, deck, min(count - len(drawn), len(deck)) - 1)
        dest.append(card)
        card.zone = dest
        drawn.append(card)
    return drawn


def discard_cards(game: Game, cards: Iterable[Card]) -> None:
    move_cards(cards if isinstance(cards, list) else list(cards), game.discard)
