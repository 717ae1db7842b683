"""What a bid is worth, and every legal bid a hand allows.

A bid holds cards, each counting as a type (`Card.counted_as`, `Card.weight`:
characters can change both), and the cards characters add with no card
behind them (`Seat.virtual`). Here they are counted into matching cards,
wilds, pairs and singles of other types; the ruleset's `bidding.value`
effect turns those counts into the bid's worth. Its answers are remembered,
since few different counts ever occur.
"""

from __future__ import annotations

from typing import Mapping

from ..compiler import Frame
from ..model import Ruleset
from .state import Card, Game, Seat


def worth(ruleset: Ruleset, matching: int, wilds: int, pairs: int, singles: int, added: int) -> int:
    """The ruleset's value of a bid with these counts (0 or less: not a bid)."""
    key = (matching, wilds, pairs, singles, added)
    cached = ruleset.worth_cache.get(key)
    if cached is None:
        frame = Frame(None, {"matching": matching, "wilds": wilds, "pairs": pairs, "singles": singles,
                             "added": added, "worth": 0})
        ruleset.bid_value.run(frame)
        cached = ruleset.worth_cache[key] = max(frame.vars["worth"], 0)
    return cached


def value_of(game: Game, counts: Mapping[str, int], added: int) -> int:
    """The worth of a bid holding these counted types (and `added` wilds from characters)."""
    round_type, wild = game.bidding_card, game.ruleset.wild_card
    pairs = singles = 0
    for kind, n in counts.items():
        if kind != round_type and kind != wild:
            pairs += n // 2
            singles += n % 2
    return worth(game.ruleset, counts.get(round_type, 0), counts.get(wild, 0), pairs, singles, added)


def bid_counts(seat: Seat, wild: str) -> tuple[dict[str, int], int]:
    """What the seat's bid holds, by the type each card counts as, and the wilds characters added."""
    counts: dict[str, int] = {}
    added = 0
    for kind in seat.virtual:
        if kind == wild:
            added += 1
        else:
            counts[kind] = counts.get(kind, 0) + 1
    for card in seat.played:
        counts[card.counted_as] = counts.get(card.counted_as, 0) + card.weight
    return counts, added


def bid_value(game: Game, seat: Seat) -> int:
    return value_of(game, *bid_counts(seat, game.ruleset.wild_card))


def legal_bids(game: Game, seat: Seat) -> list[tuple[tuple[Card, ...], int]]:
    """Every distinct set of hand cards the seat may add to its bid, with the bid's value."""
    table = BidTable(game, seat)
    return [(table.cards(i), table.value(i)) for i in range(len(table))]


class BidTable:
    """The legal bids of a seat now, lowest value first, each built only when asked for.

    Cards of one type are alike, so sets are counted by type (in type order). The
    empty set is included when what is already in the bid stands as a bid alone.
    This runs at every bidding decision, so both the number of bids and the bids
    themselves are remembered. The number depends only on the shape of the hand
    (how many cards of the round's type, wilds, and of each other type, whichever
    they are), which repeats far more often than the hand itself; the ordered
    table (by value, then by the cards' names) is made only once a bid is read.
    """

    __slots__ = ("game", "hand", "held", "base", "added", "count", "_table", "_by_type")

    def __init__(self, game: Game, seat: Seat):
        held: dict[str, int] = {}
        for card in seat.hand:
            held[card.type] = held.get(card.type, 0) + 1
        if seat.played or seat.virtual:
            base, added = bid_counts(seat, game.ruleset.wild_card)
        else:  # the usual case: nothing in the bid yet
            base, added = {}, 0
        self.game, self.hand, self.held, self.base, self.added = game, seat.hand, held, base, added
        self._table: tuple[list[str], list[tuple[tuple[int, ...], int, str]]] | None = None
        self._by_type: dict[str, list[Card]] | None = None
        counts = game.ruleset.bid_counts_cache
        shape = _shape(game, base, added, held)
        count = counts.get(shape)
        if count is None:
            if len(counts) > 200_000:  # a bound for very long simulations
                counts.clear()
            count = counts[shape] = len(self.table()[1])
        self.count = count

    def __len__(self) -> int:
        return self.count

    def table(self) -> tuple[list[str], list[tuple[tuple[int, ...], int, str]]]:
        """The hand's types in order, and each bid: how many cards of each type, its value, its label."""
        if self._table is None:
            game, base, held = self.game, self.base, self.held
            key = (game.bidding_card, self.added, tuple(sorted(base.items())), tuple(sorted(held.items())))
            cache = game.ruleset.bids_cache
            table = cache.get(key)
            if table is None:
                if len(cache) > 200_000:
                    cache.clear()
                kinds = sorted(held)
                table = cache[key] = (kinds, _count_bids(game, base, self.added, kinds, held))
            self._table = table
        return self._table

    def cards(self, index: int) -> tuple[Card, ...]:
        by_type = self._by_type
        if by_type is None:  # only needed once a bid is chosen or shown
            by_type = self._by_type = {}
            for card in self.hand:
                by_type.setdefault(card.type, []).append(card)
        kinds, choices = self.table()
        return tuple(c for kind, n in zip(kinds, choices[index][0]) for c in by_type[kind][:n])

    def value(self, index: int) -> int:
        return self.table()[1][index][1]

    def label(self, index: int) -> str:
        """The cards' types as text, in type order ("" for the bid as it stands)."""
        return self.table()[1][index][2]


def _shape(game: Game, base: dict[str, int], added: int, held: dict[str, int]) -> tuple:
    """All the number of legal bids depends on: the counts by the part each type plays, not the types."""
    round_type, wild = game.bidding_card, game.ruleset.wild_card
    if not base:  # the usual case: nothing in the bid yet
        others = [n for kind, n in held.items() if kind != round_type and kind != wild]
        others.sort()
        return added, held.get(round_type, 0), held.get(wild, 0), tuple(others)
    in_bid = sorted((n, base.get(kind, 0)) for kind, n in held.items() if kind != round_type and kind != wild)
    fixed = sorted(n for kind, n in base.items() if kind not in held and kind != round_type and kind != wild)
    return (added, held.get(round_type, 0), held.get(wild, 0), base.get(round_type, 0), base.get(wild, 0),
            tuple(fixed), tuple(in_bid))


def _count_bids(game: Game, base: dict[str, int], added: int, kinds: list[str],
                held: dict[str, int]) -> list[tuple[tuple[int, ...], int, str]]:
    """Each number of cards of each hand type that makes a bid: those numbers, the worth, the types as text.

    The sets are built one type at a time, carrying the running counts (matching cards,
    wilds, pairs and singles of other types) and the label, so each set costs a few additions.
    """
    ruleset = game.ruleset
    round_type, wild = game.bidding_card, ruleset.wild_card
    # Other types already in the bid but not in the hand count the same in every set.
    fixed = [base[k] for k in base if k not in held and k != round_type and k != wild]
    start = (base.get(round_type, 0), base.get(wild, 0), sum(n // 2 for n in fixed), sum(n % 2 for n in fixed))
    partial: list[tuple[tuple[int, ...], str, int, int, int, int]] = [((), "") + start]
    for kind in kinds:
        already = base.get(kind, 0)
        words = [" ".join([kind] * n) for n in range(held[kind] + 1)]
        if kind == round_type:
            steps = [(n, words[n], n, 0, 0, 0) for n in range(len(words))]
        elif kind == wild:
            steps = [(n, words[n], 0, n, 0, 0) for n in range(len(words))]
        else:
            steps = [(n, words[n], 0, 0, (already + n) // 2, (already + n) % 2) for n in range(len(words))]
        partial = [(choice + (n,), f"{text} {word}" if text and word else text or word, m + dm, w + dw, p + dp, s + ds)
                   for choice, text, m, w, p, s in partial for n, word, dm, dw, dp, ds in steps]
    out = []
    cache = ruleset.worth_cache
    for choice, text, m, w, p, s in partial:
        value = cache.get((m, w, p, s, added))
        if value is None:
            value = worth(ruleset, m, w, p, s, added)
        if value > 0:
            out.append((value, text, choice))
    out.sort()  # by value, then by the cards' names (which tell the sets apart)
    return [(choice, value, text) for value, text, choice in out]


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
