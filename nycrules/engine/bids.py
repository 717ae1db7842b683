"""What a bid is worth, and every legal bid a hand allows.

The counting rule (ruling 7): each card of the round's type counts 1; each
wild counts 1 but needs at least one other unit in the bid; two identical
cards of another type count 1 together; a wild with any other card counts 1.
Characters add cards that count as another type (`counted_as`, `weight`) or
cards with no card behind them (`Seat.virtual`).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from .state import Card, Game, Seat


def units(counts: Counter, round_type: str, wild: str, added_wilds: int = 0) -> int | None:
    """The value of a bid counted by type; None if some card could not count.

    `added_wilds` are wilds a character adds (14, 16): they count 1 each on top
    of a bid that stands without them, and never make a bid on their own.
    """
    matching = counts.get(round_type, 0)
    wilds = counts.get(wild, 0)
    pairs = odd = 0
    for kind, n in counts.items():
        if kind != round_type and kind != wild:
            pairs += n // 2
            odd += n % 2
    if odd > wilds:
        return None  # a lone card of another type with no wild to go with it
    spare_wilds = wilds - odd
    base = matching + pairs + odd
    if base > 0:
        value = base + spare_wilds
    elif spare_wilds >= 2:
        value = spare_wilds - 1  # two wilds make one card, each further wild adds one
    elif spare_wilds == 1:
        return None
    else:
        value = 0
    if added_wilds:
        return value + added_wilds if value > 0 else None
    return value


def bid_counts(seat: Seat, wild: str) -> tuple[Counter, int]:
    """What the seat's bid holds, by the type each card counts as, and the wilds characters added."""
    counts: Counter = Counter(kind for kind in seat.virtual if kind != wild)
    for card in seat.played:
        counts[card.counted_as] += card.weight
    return counts, sum(1 for kind in seat.virtual if kind == wild)


def bid_value(game: Game, seat: Seat) -> int:
    counts, added = bid_counts(seat, game.ruleset.wild_card)
    value = units(counts, game.bidding_card, game.ruleset.wild_card, added)
    return value or 0


def legal_bids(game: Game, seat: Seat) -> list[tuple[tuple[Card, ...], int]]:
    """Every distinct set of hand cards the seat may add to its bid, with the bid's value.

    Cards of one type are alike, so sets are counted by type (in type order). The
    empty set is included when what is already in the bid stands as a bid alone.
    This runs at every bidding decision, so it counts with plain integers.
    """
    by_type: dict[str, list[Card]] = {}
    for card in seat.hand:
        by_type.setdefault(card.type, []).append(card)
    kinds = sorted(by_type)
    round_type, wild = game.bidding_card, game.ruleset.wild_card
    base, added = bid_counts(seat, wild)
    others = sorted((set(base) | set(kinds)) - {round_type, wild})
    out = []
    for choice in product(*(range(len(by_type[k]) + 1) for k in kinds)):
        chosen = dict(zip(kinds, choice))
        matching = base.get(round_type, 0) + chosen.get(round_type, 0)
        wilds = base.get(wild, 0) + chosen.get(wild, 0)
        pairs = odd = 0
        for kind in others:
            n = base.get(kind, 0) + chosen.get(kind, 0)
            pairs += n >> 1
            odd += n & 1
        if odd > wilds:
            continue
        spare = wilds - odd
        value = matching + pairs + odd
        if value > 0:
            value += spare
        elif spare >= 2:
            value = spare - 1
        else:
            continue  # nothing, or a wild on its own
        if added:
            value += added
        cards = tuple(c for kind, n in zip(kinds, choice) for c in by_type[kind][:n])
        out.append((cards, value))
    return out


def value_to_win(game: Game, seat: Seat) -> int:
    """The lowest value that beats every bid already made (ties go to the seat ahead on the press track)."""
    best_value, best_seat = 0, None
    for other, value in game.bids_made.items():
        if other is seat or value <= 0:
            continue
        if value > best_value or (value == best_value and best_seat is not None
                                  and game.press_rank_of(other) < game.press_rank_of(best_seat)):
            best_value, best_seat = value, other
    if best_seat is None:
        return 1
    ahead = game.press_rank_of(seat) < game.press_rank_of(best_seat)
    return best_value if ahead else best_value + 1


def ranking(game: Game) -> list[tuple[Seat, int]]:
    """Seats with a bid above 0, highest first; ties to the seat ahead on the press track."""
    bids = [(seat, value) for seat, value in game.bids_made.items() if value > 0]
    bids.sort(key=lambda sv: (-sv[1], game.press_rank_of(sv[0])))
    return bids
