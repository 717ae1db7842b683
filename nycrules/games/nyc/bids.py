"""What a bid is worth, and every legal bid a hand allows.

A bid holds cards, each counting as a type (`Card.counted_as`, `Card.weight`:
characters can change both), and the cards characters add with no card
behind them (`Seat.virtual`). Here they are counted into matching cards,
wilds, pairs and singles of other types; the ruleset's `bidding.value`
effect turns those counts into the bid's worth. Its answers are remembered,
since few different counts ever occur.
"""

from __future__ import annotations

import struct
from itertools import compress, repeat
from operator import attrgetter, is_, itemgetter
from typing import Mapping

from ...language.runtime import Frame
from ...diagnostics import RuleRuntimeError
from .limits import MAX_BID_SETS
from ...engine.model import Ruleset
from ...engine.state import Card, Game, Seat
from . import mechanics


def worth(ruleset: Ruleset, matching: int, wilds: int, pairs: int, singles: int, added: int) -> int:
    """The ruleset's value of a bid with these counts (0 or less: not a bid)."""
    return _worth_of(ruleset, _packed_counts(matching, wilds, pairs, singles, added))


def _packed_counts(matching: int, wilds: int, pairs: int, singles: int, added: int) -> int:
    """What a bid holds as one number, 16 bits per count (see `_count_bids`)."""
    return added << 64 | matching << 48 | wilds << 32 | pairs << 16 | singles


def _worth_of(ruleset: Ruleset, counts: int) -> int:
    """`worth` of packed counts; the ruleset's answers are remembered, since few different counts occur."""
    cached = ruleset.part.worth_cache.get(counts)
    if cached is None:
        fields = [(counts >> shift) & (_FIELD - 1) for shift in (48, 32, 16, 0)]
        frame = Frame(None, {"matching": fields[0], "wilds": fields[1], "pairs": fields[2], "singles": fields[3],
                             "added": counts >> 64, "worth": 0})
        ruleset.part.bid_value.run(frame)
        cached = ruleset.part.worth_cache[counts] = max(frame.vars["worth"], 0)
    return cached


def value_of(game: Game, counts: Mapping[str, int], added: int) -> int:
    """The worth of a bid holding these counted types (and `added` wilds from characters)."""
    round_type, wild = game.bidding_card, game.ruleset.part.wild_card
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
    return value_of(game, *bid_counts(seat, game.ruleset.part.wild_card))


def legal_bids(game: Game, seat: Seat) -> list[tuple[tuple[Card, ...], int]]:
    """Every distinct set of hand cards the seat may add to its bid, with the bid's value."""
    table = BidTable(game, seat)
    return [(table.cards(i), table.value(i)) for i in range(len(table))]


class HandCounts:
    """All the legal bids of a seat depend on: its hand counted by type, and what its bid holds already.

    `key` packs the hand's counts in one number, 16 bits per card type in the ruleset's
    order of types, so that a hand is recognised without sorting anything and an exchange
    changes it by two additions. Immutable: `exchanged` gives new counts.
    """

    __slots__ = ("held", "key", "base", "added", "base_key")

    def __init__(self, game: Game, seat: Seat):
        held: dict[str, int] = {}
        for card in seat.hand:
            held[card.type] = held.get(card.type, 0) + 1
        index = game.ruleset.card_type_index
        key = 0
        for kind, n in held.items():
            key += n << (16 * index[kind])
        self.held, self.key = held, key
        if seat.played or seat.virtual:
            self.base, self.added = bid_counts(seat, game.ruleset.part.wild_card)
            self.base_key: tuple = (self.added, tuple(sorted(self.base.items())))
        else:  # the usual case: nothing in the bid yet
            self.base, self.added, self.base_key = {}, 0, ()

    def exchanged(self, game: Game, out_type: str, in_type: str) -> "HandCounts":
        """The counts once a card of `out_type` has left the hand and one of `in_type` come in."""
        twin = HandCounts.__new__(HandCounts)
        held = moved(self.held, out_type, in_type)
        index = game.ruleset.card_type_index
        twin.held, twin.key = held, self.key - (1 << (16 * index[out_type])) + (1 << (16 * index[in_type]))
        twin.base, twin.added, twin.base_key = self.base, self.added, self.base_key
        return twin


def moved(counts: dict[str, int], out_type: str, in_type: str) -> dict[str, int]:
    """Counts by type after one card of `out_type` left and one of `in_type` came in (a new dict)."""
    counts = dict(counts)
    if counts[out_type] == 1:
        del counts[out_type]
    else:
        counts[out_type] -= 1
    counts[in_type] = counts.get(in_type, 0) + 1
    return counts


class BidTable:
    """The legal bids of a seat now, lowest value first, each built only when asked for.

    Cards of one type are alike, so sets are counted by type (in type order). The
    empty set is included when what is already in the bid stands as a bid alone.
    This runs at every bidding decision, so both the number of bids and the bids
    themselves are remembered for each hand (and round type, and bid so far). The
    number depends only on the shape of the hand (how many cards of the round's type,
    wilds, and of each other type, whichever they are), which repeats far more often
    than the hand itself, so a hand seen for the first time looks it up by its shape.
    The ordered table (by value, then by the cards' names) is made only once a bid is
    read, and is shared by all hands with the same pattern (`_pattern`), as are the
    places of each bid's cards in the hand sorted by type (`_places`).
    """

    __slots__ = ("game", "hand", "counts", "count", "_known", "_sorted")

    def __init__(self, game: Game, seat: Seat, counts: HandCounts | None = None):
        """`counts`: the seat's HandCounts, from a caller that keeps them up to date (a bidding turn)."""
        counts = counts if counts is not None else HandCounts(game, seat)
        self.game, self.hand, self.counts = game, seat.hand, counts
        self._sorted: list[Card] | None = None
        cache = game.ruleset.part.bids_cache
        key = (game.bidding_card, counts.base_key, counts.key)
        # [number of bids, (the hand's types in order, the table, places of its bids) once made]
        self._known = known = cache.get(key)
        if known is None:
            if len(cache) > 200_000:  # a bound for very long simulations
                cache.clear()
            self._known = known = [0, None]
            known[0] = self._count_by_shape()
            cache[key] = known
        self.count: int = known[0]

    def __len__(self) -> int:
        return self.count

    def _count_by_shape(self) -> int:
        game, counts = self.game, self.counts
        shapes = game.ruleset.part.bid_counts_cache
        shape = _shape(game, counts.base, counts.added, counts.held)
        count = shapes.get(shape)
        if count is None:
            if len(shapes) > 200_000:
                shapes.clear()
            count = shapes[shape] = len(self.table()[1])
        return count

    def table(self) -> tuple[list[str], list[tuple[int, int]], dict[int, tuple[int, ...]], dict]:
        """The hand's types in order, each bid: how many cards of each type (packed, see
        `_count_bids`) and its value, the places of the bids' cards found so far, and what callers
        remembered of the table (`remembered`)."""
        known = self._known
        if known[1] is None:
            kinds = sorted(self.counts.held)
            _check_size(self.game, self.hand, self.counts.held)
            pattern = _pattern(self.game, self.counts, kinds)
            ruleset = self.game.ruleset
            tables = ruleset.part.bid_tables_cache
            table = tables.get(pattern)
            if table is None:
                tabled = ruleset.setup_cache.get(_TABLED, 0)
                if len(tables) > 200_000 or tabled > _MOST_TABLED:  # a bound for long simulations and big hands
                    tables.clear()
                    ruleset.part.bids_cache.clear()  # it holds tables too
                    tabled = 0
                table = tables[pattern] = (_count_bids(ruleset, pattern), {}, {})
                ruleset.setup_cache[_TABLED] = tabled + len(table[0])
            known[1] = (kinds, *table)
        return known[1]

    def cards(self, index: int) -> tuple[Card, ...]:
        return self.bid(index)[0]

    def value(self, index: int) -> int:
        return self.table()[1][index][1]

    def bid(self, index: int) -> tuple[tuple[Card, ...], int]:
        """Bid `index`: the hand's cards it adds (by type in type order, each type's first ones), its value."""
        kinds, bids, places, _ = self.table()
        packed, value = bids[index]
        at = places.get(index)
        if at is None:
            held = self.counts.held
            at = places[index] = _places(packed, [held[kind] for kind in kinds])
        ordered = self._sorted
        if ordered is None:  # only needed once a bid is chosen or shown
            ordered = self._sorted = sorted(self.hand, key=_type)  # stable: each type's cards in hand order
        return tuple([ordered[i] for i in at]), value

    def by_place(self) -> list[tuple[int, tuple[int, ...]]]:
        """Each bid's value and how many cards of each of the hand's types (`kinds`, by place) it adds; made
        once per pattern, whose hands all share it."""
        kinds, table, _, memo = self.table()
        bids = memo.get(_BY_PLACE)
        if bids is None:  # a set's 16-bit counts read as bytes (little-endian), in C
            size, counts = 2 * len(kinds), struct.Struct(f"<{len(kinds)}H").unpack
            bids = memo[_BY_PLACE] = [(value, counts((packed >> _SET_BITS).to_bytes(size, "little")))
                                      for packed, value in table]
            setup = self.game.ruleset.setup_cache
            setup[_TABLED] = setup.get(_TABLED, 0) + len(bids)  # within the tables' bound too
        return bids

    def kinds(self) -> list[str]:
        """The hand's card types in type order: the places `by_place` counts cards of."""
        return self.table()[0]

    def remembered(self, key: tuple) -> list | None:
        """What a caller remembered under `key` (`remember`) of the bids of a hand of this pattern."""
        return self.table()[3].get(key)

    def remember(self, key: tuple, values: list) -> None:
        """Keep `values` (one per bid: a bot's scores) with the table of the hand's pattern, which every hand
        of that pattern shares: `key` holds all else they depend on, the types only by place (`kinds`)."""
        ruleset = self.game.ruleset
        tabled = ruleset.setup_cache.get(_TABLED, 0)
        if tabled <= _MOST_TABLED:  # counted with the tables, within their bound (the next new table clears all)
            self.table()[3][key] = values
            ruleset.setup_cache[_TABLED] = tabled + len(values)

    def label(self, index: int) -> str:
        """The cards' types as text, in type order ("" for the bid as it stands)."""
        kinds, bids = self.table()[:2]
        return " ".join(kind for kind, n in zip(kinds, unpacked(bids[index][0], len(kinds))) for _ in range(n))


_type = attrgetter("type")
_BY_PLACE = ("by place",)  # BidTable.by_place's key among what is remembered of a table
_TABLED = "bids tabled"  # the bids in the tables of ruleset.part.bid_tables_cache, in its setup_cache
_MOST_TABLED = 2_000_000  # about 250 MB of tables at most


def _check_size(game: Game, hand: list[Card], held: dict[str, int]) -> None:
    """Refuse a hand allowing more sets of cards than MAX_BID_SETS (games/nyc/limits.py): each would be tabled."""
    sets = 1
    for n in held.values():
        sets *= n + 1
        if sets > MAX_BID_SETS:
            seat = next((s for s in game.seats if s.hand is hand), None)
            raise RuleRuntimeError(f"a hand of {len(hand)} cards allows more than {MAX_BID_SETS} different bids; "
                                   "that is far beyond what a game needs (MAX_BID_SETS in docs/ruleset.md)", game.where,
                                   game.rule, seat.name if seat else None, game.decisions_taken)


def _places(packed: int, held: list[int]) -> tuple[int, ...]:
    """Where a set's cards are in a hand sorted by type: the first ones of each type, `held[i]` of type i."""
    places: list[int] = []
    start = 0
    cards = packed >> _SET_BITS
    for count in held:
        n = cards & (_FIELD - 1)
        if n:
            places += range(start, start + n)
        cards >>= 16
        start += count
    return tuple(places)


def _shape(game: Game, base: dict[str, int], added: int, held: dict[str, int]) -> tuple:
    """All the number of legal bids depends on: the counts by the part each type plays, not the types."""
    round_type, wild = game.bidding_card, game.ruleset.part.wild_card
    if not base:  # the usual case: nothing in the bid yet
        others = [n for kind, n in held.items() if kind != round_type and kind != wild]
        others.sort()
        return added, held.get(round_type, 0), held.get(wild, 0), tuple(others)
    in_bid = sorted((n, base.get(kind, 0)) for kind, n in held.items() if kind != round_type and kind != wild)
    fixed = sorted(n for kind, n in base.items() if kind not in held and kind != round_type and kind != wild)
    return (added, held.get(round_type, 0), held.get(wild, 0), base.get(round_type, 0), base.get(wild, 0),
            tuple(fixed), tuple(in_bid))


# The part a card type plays in a bid: the round's type, the wild card, or another type.
_MATCHING, _WILD, _OTHER = 0, 1, 2


def _pattern(game: Game, counts: HandCounts, kinds: list[str]) -> tuple:
    """All the ordered table of bids depends on: the wilds characters added, what the bid holds
    already of types not in the hand, and for each hand type in name order its part in the
    bid, its cards in the hand and its cards already in the bid. Not the names themselves."""
    round_type, wild = game.bidding_card, game.ruleset.part.wild_card
    base, held = counts.base, counts.held
    parts = tuple([(_MATCHING if kind == round_type else _WILD if kind == wild else _OTHER, held[kind],
                    base.get(kind, 0)) for kind in kinds])
    if not base:  # the usual case: nothing in the bid yet
        return counts.added, (0, 0, 0, 0), parts
    # Other types already in the bid but not in the hand count the same in every set.
    fixed = [n for kind, n in base.items() if kind not in held and kind != round_type and kind != wild]
    start = (base.get(round_type, 0), base.get(wild, 0), sum(n // 2 for n in fixed), sum(n % 2 for n in fixed))
    return counts.added, start, parts


_FIELD = 1 << 16  # a hand has fewer cards than this (limits.MAX_GAME_NUMBER * 10 cards in all)
_COUNT = _FIELD - 1  # the bits of one count
_SET_BITS = 5 * 16  # a set's cards are above the five 16-bit counts of the bid (`_packed_counts`)
_SETS = 1 << _SET_BITS  # the unit of a set's first type
_HOLDS = _SETS - 1  # the bits of what a set's bid holds


def _count_bids(ruleset: Ruleset, pattern: tuple) -> list[tuple[int, int]]:
    """Each number of cards of each hand type (in name order) that makes a bid, with its worth,
    lowest worth first, then in the order of the cards' names as text.

    Card type ids have no spaces (the schema), so the texts sort like the lists of types
    they spell; the sets are made in that order and a stable sort by worth finishes the
    job, with no text made. A set is one number, built from the last type back so that
    each costs one addition: 16 bits per hand type for its cards in the set (`unpacked`)
    above what the bid then holds (`_packed_counts`: the wilds characters added, the
    matching cards, wilds, pairs and singles), which is also the key of its worth.
    Numbers, unlike tuples, are not tracked by the garbage collector.
    """
    added, (m0, w0, p0, s0), parts = pattern
    p0 += sum(already // 2 for part, _, already in parts if part == _OTHER)
    matching, wilds, pair = _FIELD ** 3, _FIELD ** 2, _FIELD
    # Sets of the types from some type on, in text order; the first has no card.
    sets = [_packed_counts(m0, w0, p0, s0, added)]
    for i in range(len(parts) - 1, -1, -1):
        part, most, already = parts[i]
        card = _SETS << (16 * i)
        if part == _MATCHING:
            steps = [n * (card + matching) for n in range(most + 1)]
        elif part == _WILD:
            steps = [n * (card + wilds) for n in range(most + 1)]
        else:  # the pairs this type adds to those already in the bid, and whether a single is left
            steps = [n * card + ((already + n) // 2 - already // 2) * pair + (already + n) % 2 for n in range(most + 1)]
        # n cards of this type and none after come first (a text is before any longer one), then
        # the sets with cards of later types: more of this type first (its name is before theirs).
        none, rest = sets[0], sets[1:]
        sets = [none + add for add in steps]
        steps.reverse()
        sets += [add + later for add in steps for later in rest]
    holds = [packed & _HOLDS for packed in sets]  # a mask, not `% _SETS`: division of long numbers costs far more
    known = ruleset.part.worth_cache
    values = list(map(known.get, holds))
    if None in values:  # counts not met before: worked out once each
        for counts in dict.fromkeys(compress(holds, map(is_, values, repeat(None)))):  # in the sets' order
            _worth_of(ruleset, counts)
        values = list(map(known.get, holds))
    out = list(compress(zip(sets, values), values))  # the bids: worth above 0 (a worth is never below)
    out.sort(key=_worth)  # stable: the text order stays within each worth
    return out


_worth = itemgetter(1)  # a bid's worth, for sorting


def unpacked(packed: int, kinds: int) -> list[int]:
    """The number of cards of each of the `kinds` hand types in a set made by `_count_bids`."""
    cards = packed >> _SET_BITS
    return [(cards >> shift) & (_FIELD - 1) for shift in range(0, 16 * kinds, 16)]


def value_to_win(game: Game, seat: Seat) -> int:
    """The lowest value that beats every bid already made (ties go to the seat ahead on the press track)."""
    best_value, best_seat = 0, None
    for other, value in game.bids_made.items():
        if other is seat or value <= 0:
            continue
        if value > best_value or (value == best_value and best_seat is not None
                                  and mechanics.press_rank_of(game, other) < mechanics.press_rank_of(game, best_seat)):
            best_value, best_seat = value, other
    if best_seat is None:
        return 1
    ahead = mechanics.press_rank_of(game, seat) < mechanics.press_rank_of(game, best_seat)
    return best_value if ahead else best_value + 1


def ranking(game: Game) -> list[tuple[Seat, int]]:
    """Seats with a bid above 0, highest first; ties to the seat ahead on the press track."""
    bids = [(seat, value) for seat, value in game.bids_made.items() if value > 0]
    press = mechanics.seats_in_press_order(game)
    bids.sort(key=lambda sv: (-sv[1], press.index(sv[0])))
    return bids
