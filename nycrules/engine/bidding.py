"""Bidding: a seat's bidding turn and the evaluation of a bidding round.

Which rounds are played, who starts and who bids last is the ruleset's procedure.
"""

from __future__ import annotations

from collections import Counter

from .model import RoundDef, Script
from . import ops
from .abilities import attached, evaluate, offer, run_script, usable, use, use_options
from .bids import BidTable, HandCounts, moved, ranking
from .decisions import Decision, Option, cards_text
from .setup import for_seat
from .state import Card, Game, Seat

PASS = ("pass",)
TURN_HOOKS = ("bid.turn",)  # where characters act during a bidding turn


def open_bidding_round(game: Game, rnd: RoundDef) -> None:
    """A bidding round begins: its card, no bids yet, nobody chose to bid last."""
    game.bidding_card = rnd.card
    game.last_bidder = None
    game.bids_made = {}


def _round_script(game: Game, seat: Seat, rnd: RoundDef, part: str) -> Script | None:
    return for_seat(game, seat, getattr(rnd, part), "rounds", rnd.id, part)


def bidding_turn(game: Game, seat: Seat, rnd: RoundDef) -> None:
    """Exchanges, phase II characters and finally a bid (or a pass), one decision at a time.

    A seat that used a character that is part of a bid (`needs_a_bid`) completes a legal bid: it
    may not pass any more (ruling 14, revised)."""
    rule = game.rule
    exchanges_left = _exchange_allowance(game, seat)
    holdings = Holdings(game, seat)
    committed = False
    # Whether a bid can follow a character's use, by hand and reserve: between two uses only exchanges
    # change the table, and random bots often exchange back to a hand they had.
    follows: dict[tuple, dict[int, bool]] = {}
    while True:
        known = follows.setdefault((holdings.hand.key, tuple(sorted(holdings.reserve.items()))), {})
        choice = game.ask(BidMenu(game, seat, rnd, holdings, exchanges_left > 0, committed, known))
        game.where = rnd.loc
        kind = choice[0]
        if kind == "exchange":
            _, out_card, in_card = choice
            ops.move_card(out_card, seat.reserve)
            ops.move_card(in_card, seat.hand)
            exchanges_left -= 1
            holdings = holdings.exchanged(game, out_card.type, in_card.type)
            if game.log_events:  # the most frequent event: no text unless someone reads it
                game.emit(seat, f"exchanges {out_card.type} from the hand for {in_card.type} from the reserve",
                          public="exchanges a card of the hand for one of the reserve")
        elif kind == "use":
            use(game, seat, choice[1], {})
            committed = committed or choice[1].char.needs_a_bid
            # Exchanges are unlimited (ruling 5); the allowance only keeps a turn finite. A character
            # may have changed the reserve, so every card in it can be exchanged once more.
            exchanges_left = _exchange_allowance(game, seat)
            holdings = Holdings(game, seat)  # a character may have changed anything
            follows = {}
            game.rule = rule
            game.where = rnd.loc
        elif kind == "bid":
            _, cards, value = choice  # the table's value is that of the bid with these cards
            for card in cards:
                ops.move_card(card, seat.played)
            game.bids_made[seat] = value
            if game.log_events:
                game.emit(seat, f"bids {_cards_label(game, seat.played) or 'with characters'}: {value}")
            return
        else:
            _withdraw(game, seat)
            game.bids_made[seat] = 0
            game.emit(seat, "passes")
            return


def _exchange_allowance(game: Game, seat: Seat) -> int:
    """How many exchanges keep every mix of hand and reserve reachable (`game.exchanges_per_turn`)."""
    game.where = game.ruleset.game.exchanges_per_turn.loc
    return int(evaluate(game, game.ruleset.game.exchanges_per_turn, {"me": seat}))


class Holdings:
    """What a bidding turn's menus are worked out from: the hand counted for bidding, the
    reserve counted by type, and whether the seat has characters for this turn at all.

    A turn has a menu per decision and random bots exchange often; an exchange changes
    two counts, so the next menu starts from these instead of counting the cards again.
    Immutable: an exchange gives new holdings (a menu already made keeps its own).
    """

    __slots__ = ("hand", "reserve", "characters")

    def __init__(self, game: Game, seat: Seat):
        self.hand = HandCounts(game, seat)
        reserve: dict[str, int] = {}
        for card in seat.reserve:
            reserve[card.type] = reserve.get(card.type, 0) + 1
        self.reserve = reserve
        self.characters = attached(seat, TURN_HOOKS)

    def exchanged(self, game: Game, out_type: str, in_type: str) -> "Holdings":
        """The holdings after a card of `out_type` went from the hand to the reserve and one of `in_type` back."""
        twin = Holdings.__new__(Holdings)
        twin.hand = self.hand.exchanged(game, out_type, in_type)
        twin.reserve, twin.characters = moved(self.reserve, in_type, out_type), self.characters
        return twin

    def exchange_count(self) -> int:
        """How many exchanges of a hand card for a reserve card of another type there are."""
        held, reserve = self.hand.held, self.reserve
        return len(held) * len(reserve) - len(held.keys() & reserve.keys())


class BidMenu(Decision):
    """The bidding decision; its options, in order: pass, the bids, exchanges, characters.

    Only their number is worked out up front; option i (or just its value) is built
    when someone asks for it, and the prompt when someone reads it. A seat `committed` to
    a bid (it used a character that is part of one) is offered no pass, and only the
    exchanges after which its hand still makes a legal bid.
    """

    __slots__ = ("round_title", "bids", "passes", "swap_count", "uses", "_swaps", "_kept_swaps")

    def __init__(self, game: Game, seat: Seat, rnd: RoundDef, holdings: Holdings, may_exchange: bool,
                 committed: bool = False, known: dict[int, bool] | None = None):
        # Decision's fields are set here directly: this runs at every bidding decision.
        self.seat, self.kind, self.rule, self.round_title = seat, "bid", game.rule, rnd.title
        self._prompt = self._options = self._build = self._value = self._values = self._label = None
        self.bids = bids = BidTable(game, seat, holdings.hand)
        self._swaps: tuple[dict[str, Card], dict[str, Card]] | None = None
        self._kept_swaps: list[int] | None = None  # the exchanges offered, when not all are
        self.swap_count = holdings.exchange_count() if may_exchange else 0
        if committed and self.swap_count:
            self._kept_swaps = [i for i in range(self.swap_count) if self._keeps_a_bid(game, holdings, i)]
            self.swap_count = len(self._kept_swaps)
        self.uses = use_options(usable(game, seat, TURN_HOOKS, {}, known)) if holdings.characters else []
        # Cards a character put in the bid stay there: with them the seat bids, it cannot pass
        # (unless they make no legal bid at all). A committed seat bids as long as anything leads to
        # a bid (a pass stays only where a bounded trying offered a character that led nowhere).
        if committed:
            self.passes = 0 if bids.count or self.swap_count or self.uses else 1
        else:
            self.passes = 0 if seat.played and bids.count else 1
        self.count = self.passes + bids.count + self.swap_count + len(self.uses)

    @property
    def prompt(self) -> str:
        if self._prompt is None:
            self._prompt = f"Your bid in the {self.round_title} round ({_bid_so_far(self.seat)})"
        return self._prompt

    def value(self, index: int) -> tuple:
        """The engine's value of option `index`, without its label and key."""
        if self._options is not None:
            return self._options[index].value
        if index < self.passes:
            return PASS
        index -= self.passes
        bids = self.bids
        if index < bids.count:
            return ("bid",) + bids.bid(index)
        index -= bids.count
        if index < self.swap_count:
            return ("exchange",) + self._swap_cards(self._swap_index(index))[2:]
        return ("use", self.uses[index - self.swap_count][1])

    def option(self, index: int) -> Option:
        if self._options is not None:
            return self._options[index]
        if index < self.passes:
            return Option("pass", PASS, "pass")
        index -= self.passes
        bids = self.bids
        if index < bids.count:
            label = bids.label(index)
            cards, value = bids.bid(index)
            return Option(f"{label or 'bid as it stands'} ({value})", ("bid", cards, value), f"bid:{label}")
        index -= bids.count
        if index < self.swap_count:
            out_type, in_type, out_card, in_card = self._swap_cards(self._swap_index(index))
            return Option(f"exchange {out_type} for {in_type} from the reserve", ("exchange", out_card, in_card),
                          f"swap:{out_type}>{in_type}")
        label, tile = self.uses[index - self.swap_count]
        return Option(label, ("use", tile), f"use:{tile.char.id}")

    def _swap_index(self, index: int) -> int:
        return index if self._kept_swaps is None else self._kept_swaps[index]

    def _keeps_a_bid(self, game: Game, holdings: Holdings, index: int) -> bool:
        """Whether the hand makes a legal bid after exchange `index` (of all the exchanges)."""
        out_type, in_type = self._swap_cards(index)[:2]
        return len(BidTable(game, self.seat, holdings.hand.exchanged(game, out_type, in_type))) > 0

    def _swap_cards(self, index: int) -> tuple[str, str, Card, Card]:
        """Exchange `index`: hand types in the order the hand holds them, each with every other reserve type."""
        if self._swaps is None:  # the first card of each type, once per menu (a bot may weigh every exchange)
            hand: dict[str, Card] = {}
            for card in self.seat.hand:
                if card.type not in hand:
                    hand[card.type] = card
            reserve: dict[str, Card] = {}
            for card in self.seat.reserve:
                if card.type not in reserve:
                    reserve[card.type] = card
            self._swaps = hand, reserve
        hand, reserve = self._swaps
        for out_type, out_card in hand.items():
            partners = len(reserve) - (out_type in reserve)  # every reserve type but its own
            if index >= partners:
                index -= partners
                continue
            for in_type, in_card in reserve.items():
                if in_type != out_type:
                    if not index:
                        return out_type, in_type, out_card, in_card
                    index -= 1
        raise IndexError("no such exchange")


def _withdraw(game: Game, seat: Seat) -> None:
    """A seat that passes loses what characters added to its bid; cards played by them go to its hand."""
    for card in list(seat.played):
        ops.move_card(card, seat.hand)
    seat.virtual.clear()


def _cards_label(game: Game, cards: list[Card]) -> str:
    """Cards in the menus' notation: `2x press wild`, in the order of the card types."""
    return cards_text(game.ruleset, Counter(card.type for card in cards))


def _bid_so_far(seat: Seat) -> str:
    parts = [f"{c.type} as {c.weight} {c.counted_as}" if (c.counted_as != c.type or c.weight != 1) else c.type
             for c in seat.played]
    parts += [f"+{kind}" for kind in seat.virtual]
    return "so far: " + " ".join(parts) if parts else "nothing played yet"


def evaluate_bids(game: Game, rnd: RoundDef) -> Seat | None:
    """Run the round's action for every bid, the bonus and runner-up effects; gives the winner."""
    ranked = ranking(game)
    winner = ranked[0][0] if ranked else None
    runner_up = ranked[1][0] if len(ranked) > 1 else None
    bidders = [seat for seat, _ in ranked]
    order = game.seats_in_press_order() if rnd.order == "press_track" else game.seats
    game.where = rnd.loc
    if winner is not None and game.log_events:
        game.emit(winner, f"has the highest bid, worth {game.bids_made[winner]}")
    for seat in order:
        if seat not in bidders:
            continue
        value = game.bids_made[seat] + (rnd.bonus_value if seat is winner else 0)
        run_script(game, _round_script(game, seat, rnd, "action"), {"me": seat, "value": value})
        if seat is winner and (bonus := _round_script(game, seat, rnd, "bonus")) is not None:
            run_script(game, bonus, {"me": seat, "value": value})
    runner_script = _round_script(game, runner_up, rnd, "runner_up") if runner_up else None
    if runner_up is not None and runner_script is not None:
        run_script(game, runner_script, {"me": runner_up, "value": game.bids_made[runner_up]})
    for seat in game.seats_in_press_order():
        if seat in bidders:
            offer(game, seat, ("bid.after_evaluation",), {}, "Use a character after the evaluation?")
    for seat in game.seats:
        if seat.played:
            ops.discard_cards(game, seat.played)
        seat.virtual.clear()
    if game.ruleset.after_each_round is not None:
        run_script(game, game.ruleset.after_each_round, {}, "after the bidding round")
    game.rounds_done.add(rnd.card)
    game.bid_winner = winner
    return winner
