"""Bidding: a seat's bidding turn and the evaluation of a bidding round.

Which rounds are played, who starts and who bids last is the ruleset's procedure.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine.model import Script
from ...engine import ops
from . import mechanics
from ...engine.effects import evaluate, run_or_push
from .bids import BidTable, HandCounts, moved, ranking
from .characters import OfferTask, UseTask, attached, usable, use_options
from .tom_rules import for_seat
from ...engine.decisions import Decision, Option, cards_text
from ...engine.copying import copy_value
from ...engine.state import Card, Game, Seat
from ...engine.tasks import PUSHED, Task, run_now

PASS = ("pass",)
TURN_HOOKS = ("bid.turn",)  # where characters act during a bidding turn


def open_bidding_round(game: Game, rnd: Any) -> None:
    """A bidding round begins: its card, no bids yet, nobody chose to bid last."""
    game.bidding_card = rnd.card
    game.last_bidder = None
    game.bids_made = {}


def _round_script(game: Game, seat: Seat, rnd: Any, part: str) -> Script | None:
    return for_seat(game, seat, getattr(rnd, part), "rounds", rnd.id, part)


def bidding_turn(game: Game, seat: Seat, rnd: Any) -> None:
    """The seat's bidding turn, at once (see BiddingTurn)."""
    run_now(game, BiddingTurn(seat, rnd))


class BiddingTurn(Task):
    """Exchanges, phase II characters and finally a bid (or a pass), one decision at a time.

    A seat that used a character that is part of a bid (`needs_a_bid`) completes a legal bid: it
    may not pass any more (ruling 14, revised)."""

    __slots__ = ("seat", "rnd", "rule", "exchanges_left", "committed", "follows", "holdings", "phase", "using")
    not_kept = ("holdings",)  # a position does not write them: worked out again from the cards

    def __init__(self, seat: Seat, rnd: Any):
        self.seat, self.rnd = seat, rnd
        self.rule = ""
        self.exchanges_left = 0
        self.committed = False
        # Whether a bid can follow a character's use, by hand and reserve: between two uses only exchanges
        # change the table, and random bots often exchange back to a hand they had.
        self.follows: dict[tuple, dict[int, bool]] = {}
        self.holdings: Holdings | None = None  # counted from the cards when None (a copy counts its own)
        self.phase = 0  # 0: not started, 1: asked, 2: a character acts
        self.using: Any = None  # the character acting

    def __deepcopy__(self, memo: dict[int, Any]) -> "BiddingTurn":
        twin = BiddingTurn.__new__(BiddingTurn)
        memo[id(self)] = twin
        twin.seat = copy_value(self.seat, memo)
        twin.rnd, twin.rule, twin.exchanges_left, twin.committed = self.rnd, self.rule, self.exchanges_left, self.committed
        twin.follows = {key: dict(known) for key, known in self.follows.items()}
        twin.holdings, twin.phase, twin.using = None, self.phase, copy_value(self.using, memo)
        return twin

    def dealt_anew(self) -> None:
        """The menus known by hand and reserve were those of the real cards: they go."""
        self.follows, self.holdings = {}, None

    def step(self, game: Game, value: Any) -> Any:
        seat, rnd = self.seat, self.rnd
        if self.phase == 0:
            self.rule = game.rule
            self.exchanges_left = _exchange_allowance(game, seat)
        elif self.phase == 2:  # a character was used: it may have changed anything
            self.committed = self.committed or self.using.char.needs_a_bid
            # Exchanges are unlimited (ruling 5); the allowance only keeps a turn finite. A character
            # may have changed the reserve, so every card in it can be exchanged once more.
            self.exchanges_left = _exchange_allowance(game, seat)
            self.holdings, self.follows = None, {}
            game.rule = self.rule
            game.where = rnd.loc
        else:
            game.where = rnd.loc
            kind = value[0]
            if kind == "exchange":
                _, out_card, in_card = value
                ops.move_card(out_card, seat.reserve)
                ops.move_card(in_card, seat.hand)
                self.exchanges_left -= 1
                if self.holdings is not None:
                    self.holdings = self.holdings.exchanged(game, out_card.type, in_card.type)
                if game.log_events:  # the most frequent event: no text unless someone reads it
                    game.emit(seat, f"exchanges {out_card.type} from the hand for {in_card.type} from the reserve",
                              public="exchanges a card of the hand for one of the reserve")
            elif kind == "use":
                self.phase, self.using = 2, value[1]
                game.stack.append(UseTask(seat, value[1], {}))
                return PUSHED
            elif kind == "bid":
                _, cards, bid = value  # the table's value is that of the bid with these cards
                for card in cards:
                    ops.move_card(card, seat.played)
                game.bids_made[seat] = bid
                if game.log_events:
                    game.emit(seat, f"bids {_cards_label(game, seat.played) or 'with characters'}: {bid}")
                return None
            else:
                _withdraw(game, seat)
                game.bids_made[seat] = 0
                game.emit(seat, "passes")
                return None
        self.phase = 1
        return self.question(game)

    def question(self, game: Game) -> Decision:
        holdings = self.holdings
        if holdings is None:
            holdings = self.holdings = Holdings(game, self.seat)
        known = (self.follows.setdefault((holdings.hand.key, tuple(sorted(holdings.reserve.items()))), {})
                 if holdings.characters else None)  # only a character's use is worked out by trying
        return BidMenu(game, self.seat, self.rnd, holdings, self.exchanges_left > 0, self.committed, known)


def _exchange_allowance(game: Game, seat: Seat) -> int:
    """How many exchanges keep every mix of hand and reserve reachable (`game.exchanges_per_turn`)."""
    game.where = game.ruleset.part.numbers.exchanges_per_turn.loc
    return int(evaluate(game, game.ruleset.part.numbers.exchanges_per_turn, {"me": seat}))


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

    def __init__(self, game: Game, seat: Seat, rnd: Any, holdings: Holdings, may_exchange: bool,
                 committed: bool = False, known: dict[int, bool] | None = None):
        # Decision's fields are set here directly: this runs at every bidding decision.
        self.seat, self.kind, self.rule, self.round_title, self.key = seat, "bid", game.rule, rnd.title, ""
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

    def exchanges(self) -> list[tuple[Card, Card]]:
        """The cards of the exchanges offered, in the options' order (the card out of the hand, the one in
        from the reserve), found in one pass: a bot weighs them all."""
        if not self.swap_count:
            return []
        hand, reserve = self._first_cards()
        swaps = [(out_card, in_card) for out_type, out_card in hand.items()
                 for in_type, in_card in reserve.items() if in_type != out_type]
        return swaps if self._kept_swaps is None else [swaps[i] for i in self._kept_swaps]

    def _first_cards(self) -> tuple[dict[str, Card], dict[str, Card]]:
        """The first card of each type in the hand and in the reserve, in the order they hold them (once per menu)."""
        if self._swaps is None:
            hand: dict[str, Card] = {}
            for card in self.seat.hand:
                if card.type not in hand:
                    hand[card.type] = card
            reserve: dict[str, Card] = {}
            for card in self.seat.reserve:
                if card.type not in reserve:
                    reserve[card.type] = card
            self._swaps = hand, reserve
        return self._swaps

    def _swap_cards(self, index: int) -> tuple[str, str, Card, Card]:
        """Exchange `index`: hand types in the order the hand holds them, each with every other reserve type."""
        hand, reserve = self._first_cards()
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
    return "you have played " + " ".join(parts) if parts else "you have played nothing yet"


def evaluate_bids(game: Game, rnd: Any) -> Seat | None:
    """Evaluate the bidding round at once (see Evaluation); gives the winner."""
    run_now(game, Evaluation(rnd))
    return game.bid_winner


class Evaluation(Task):
    """The round's action for every bid, the bonus and runner-up effects, the characters after the
    evaluation, the played cards discarded; then the ruleset's `after_each_round`."""

    __slots__ = ("rnd", "phase", "winner", "runner_up", "bidders", "seats", "next")

    def __init__(self, rnd: Any):
        self.rnd = rnd
        self.phase = 0  # 0: not started, 1: actions and bonus, 2: runner-up, 3: characters, 4: the end
        self.winner: Seat | None = None
        self.runner_up: Seat | None = None
        self.bidders: list[Seat] = []
        self.seats: list[Seat] = []  # the seats of the part under way, in order
        self.next = 0  # the next step of that part

    def step(self, game: Game, value: Any) -> Any:
        rnd = self.rnd
        if self.phase == 0:
            ranked = ranking(game)
            self.winner = ranked[0][0] if ranked else None
            self.runner_up = ranked[1][0] if len(ranked) > 1 else None
            self.bidders = [seat for seat, _ in ranked]
            self.seats = mechanics.seats_in_press_order(game) if rnd.order == "press_track" else list(game.seats)
            game.where = rnd.loc
            if self.winner is not None and game.log_events:
                game.emit(self.winner, f"has the highest bid, worth {game.bids_made[self.winner]}")
            self.phase, self.next = 1, 0
        if self.phase == 1:  # two steps a seat: its action, then (the winner's) bonus
            seats, bidders, winner, bids = self.seats, self.bidders, self.winner, game.bids_made
            end = 2 * len(seats)
            while self.next < end:
                step = self.next
                self.next = step + 1
                seat = seats[step >> 1]
                if seat not in bidders:
                    continue
                if step & 1:  # the bonus: the winner's only, where the round has one
                    if seat is not winner:
                        continue
                    script = _round_script(game, seat, rnd, "bonus")
                    if script is None:
                        continue
                else:
                    script = _round_script(game, seat, rnd, "action")
                value = bids[seat] + (rnd.bonus_value if seat is winner else 0)
                if run_or_push(game, script, {"me": seat, "value": value}) is PUSHED:
                    return PUSHED
            self.phase = 2
        if self.phase == 2:
            self.phase, self.next = 3, -1
            runner_up = self.runner_up
            script = _round_script(game, runner_up, rnd, "runner_up") if runner_up else None
            if runner_up is not None and script is not None:
                variables = {"me": runner_up, "value": game.bids_made[runner_up]}
                if run_or_push(game, script, variables) is PUSHED:
                    return PUSHED
        if self.phase == 3:  # the characters after the evaluation, in press order as it is after the effects
            if self.next < 0:
                self.seats, self.next = [s for s in mechanics.seats_in_press_order(game) if s in self.bidders], 0
            seats = self.seats
            while self.next < len(seats):
                seat = seats[self.next]
                self.next += 1
                if attached(seat, ("bid.after_evaluation",)):
                    game.stack.append(OfferTask(seat, ("bid.after_evaluation",), {},
                                                "Use a character after the evaluation?"))
                    return PUSHED
            self.phase = 4
            for seat in game.seats:
                if seat.played:
                    ops.discard_cards(game, seat.played)
                seat.virtual.clear()
            after = game.ruleset.part.after_each_round
            if after is not None and run_or_push(game, after, {}, "after the bidding round") is PUSHED:
                return PUSHED
        game.rounds_done.add(rnd.card)
        game.bid_winner = self.winner
        return self.winner
