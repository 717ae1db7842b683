"""New York City's table mechanisms the procedure calls (a draft turn, a bidding turn, dealing pairs,
moving the Mayor...), one each; its rulesets alone may call them. The order in which they act is the
ruleset's `procedure:`."""

from __future__ import annotations

from typing import Any

from ...engine import ops
from .model import RoundDef
from ...engine.state import Seat
from .state import Borough, Pair
from ...language.registry import primitive
from ...primitives import count, inline, require, waits
from .bidding import BiddingTurn, Evaluation
from .bidding import bidding_turn as run_bidding_turn
from .bidding import evaluate_bids as run_evaluation
from .bidding import open_bidding_round as open_round
from .bids import bid_value
from .characters import OfferTask, attached, offer
from .draft import DraftTurn
from .draft import draft_turn as run_draft_turn

GAME = "nyc"  # its rulesets alone may call these
C = "procedure"


# ------------------------------------------------------------------ setup
@primitive("reveal_start_stacks(count: int)",
           "Keep this many of the shuffled stacks of start characters on offer; the others go back to the box.", C, game=GAME,
           counts=True)
def reveal_start_stacks(f: Any, number: int) -> None:
    game = f.game
    number = max(count(f, number, "start stacks revealed"), 0)
    for stack in game.start_stacks[number:]:
        for tile in stack:
            tile.where = "box"
    game.start_stacks = game.start_stacks[:number]


@primitive("box_start_stacks()", "The stacks of start characters nobody took go back to the box.", C, game=GAME)
def box_start_stacks(f: Any) -> None:
    for stack in f.game.start_stacks:
        for tile in stack:
            tile.where = "box"
    f.game.start_stacks = []


# ------------------------------------------------------------------ a game round
@primitive("start_game_round(number: int)",
           "Game round `number` begins: the dollars on characters go back to the supply (each may act "
           "again) and no bidding round is done yet.", C, game=GAME)
def start_game_round(f: Any, number: int) -> None:
    game = f.game
    game.round = number
    for seat in game.seats:
        seat.used.clear()
    game.rounds_done = set()


@primitive("move_mayor(borough: borough)", "The Mayor moves to the borough.", C, game=GAME)
def move_mayor(f: Any, borough: Borough) -> None:
    game = f.game
    game.mayor = borough
    if game.log_events:
        game.emit(None, f"the Mayor moves to {borough.name} ({borough.letter})")


@primitive("reveal_prestige_tiles(count: int)", "Turn this many prestige tiles face up from their stack.", C, game=GAME,
           counts=True)
def reveal_prestige_tiles(f: Any, number: int) -> None:
    game = f.game
    for _ in range(count(f, number, "prestige tiles revealed")):
        if game.prestige_stack:
            game.prestige_display.append(ops.draw_from(game, game.prestige_stack))
    if game.prestige_display and game.log_events:
        shown = ", ".join(f"{t.colour} {t.value}" for t in game.prestige_display)
        game.emit(None, f"prestige tiles revealed: {shown}")


@primitive("return_prestige_tiles()", "The prestige tiles on display nobody placed go back to the box.", C, game=GAME)
def return_prestige_tiles(f: Any) -> None:
    f.game.prestige_display.clear()


# ------------------------------------------------------------------ drafting pairs of cards
@primitive("deal_pairs(count: int)", "Deal this many pairs of cards face up from the draw pile.", C, counts=True, game=GAME)
def deal_pairs(f: Any, number: int) -> None:
    game = f.game
    for _ in range(count(f, number, "pairs dealt")):
        pair = Pair(game.pair_counter)
        game.pair_counter += 1
        game.pairs.append(pair)
        if not ops.draw_into(game, pair.cards, 2):
            game.pairs.remove(pair)  # the piles ran out
    if game.log_events:
        game.emit(None, f"{len(game.pairs)} pairs of cards are dealt")


@primitive("set_draft_turns(seat: seat, turns: int)", "The seat's draft turns still to come.", C, game=GAME)
def set_draft_turns(f: Any, seat: Seat, turns: int) -> None:
    seat.draft_turns_left = turns


@primitive("draft_turn(seat: seat)",
           "One draft turn of the seat: it takes a pair on display (or a character acts in its place), "
           "with the characters it may use before and after.", C, game=GAME)
@waits(lambda f, seat: DraftTurn(seat))
def draft_turn(f: Any, seat: Seat) -> None:
    run_draft_turn(f.game, seat)


@primitive("discard_pairs()", "The pairs left on display are discarded.", C, game=GAME)
def discard_pairs(f: Any) -> None:
    game = f.game
    for pair in list(game.pairs):
        ops.discard_cards(game, pair.cards)
    game.pairs.clear()


# ------------------------------------------------------------------ characters at the procedure's hooks
@primitive("offer_characters(seat: seat, hook: hook, prompt: str)",
           "Let the seat use its characters of this hook (one of the procedure's), one after the other, "
           "until it is done; `prompt` is the question it is asked.", C, game=GAME)
@waits(lambda f, seat, hook, prompt: OfferTask(seat, (hook,), {}, prompt) if attached(seat, (hook,)) else None)
def offer_characters(f: Any, seat: Seat, hook: str, prompt: str) -> None:
    offer(f.game, seat, (hook,), {}, prompt)


# ------------------------------------------------------------------ bidding
@primitive("bidding_rounds() -> list[bidding_round]", "The bidding rounds of the ruleset, in their order.", C, game=GAME)
def bidding_rounds(f: Any) -> list:
    return list(f.game.ruleset.part.rounds)


@primitive("round_id(round: bidding_round) -> str", "The bidding round's id.", C, game=GAME)
def round_id(f: Any, rnd: RoundDef) -> str:
    return rnd.id


@primitive("title(round: bidding_round) -> str", "The bidding round's title.", C, game=GAME)
def round_title(f: Any, rnd: RoundDef) -> str:
    return rnd.title


@primitive("open_bidding_round(round: bidding_round)",
           "The bidding round begins: its card is the one bid for, no bids yet, nobody bids last yet.", C, game=GAME)
def open_bidding_round(f: Any, rnd: RoundDef) -> None:
    open_round(f.game, rnd)


@primitive("set_bid_starter(seat: seat)", "The seat starts the next bidding round.", C, game=GAME)
def set_bid_starter(f: Any, seat: Seat) -> None:
    f.game.bidding_start = seat


@primitive("bid_starter() -> seat", "The seat that starts this bidding round.", C, game=GAME)
def bid_starter(f: Any) -> Seat:
    require(f, f.game.bidding_start is not None, "no seat was named to start the bidding (set_bid_starter)")
    return f.game.bidding_start


@primitive("bids_last(seat: seat) -> bool", "Whether the seat chose to bid last in this bidding round.", C, game=GAME)
@inline("(f.game.last_bidder is {0})")
def bids_last(f: Any, seat: Seat) -> bool:
    return f.game.last_bidder is seat


@primitive("bidding_turn(seat: seat, round: bidding_round)",
           "The seat's bidding turn: exchanges, its characters, then a bid or a pass, as it chooses.", C, game=GAME)
@waits(lambda f, seat, rnd: BiddingTurn(seat, rnd))
def bidding_turn(f: Any, seat: Seat, rnd: RoundDef) -> None:
    run_bidding_turn(f.game, seat, rnd)


@primitive("place_bid(seat: seat)",
           "The seat bids the cards it has played, for what they are worth (nothing: it passes).", C, game=GAME)
def place_bid(f: Any, seat: Seat) -> None:
    value = f.game.bids_made[seat] = bid_value(f.game, seat)
    if not value:
        f.game.emit(seat, "passes")  # told like anyone's pass


@primitive("evaluate_bids(round: bidding_round)",
           "Evaluate the bidding round: each bid's action, the highest bid's bonus, the runner-up; "
           "played cards are discarded.", C, game=GAME)
@waits(lambda f, rnd: Evaluation(rnd))
def evaluate_bids(f: Any, rnd: RoundDef) -> None:
    run_evaluation(f.game, rnd)


@primitive("highest_bidders() -> list[seat]",
           "The seat with the highest bid in the bidding round evaluated last (none if nobody bid).", C, game=GAME)
def highest_bidders(f: Any) -> list:
    return [f.game.bid_winner] if f.game.bid_winner is not None else []


@primitive("end_bidding()", "No bidding round is under way any more.", C, game=GAME)
def end_bidding(f: Any) -> None:
    f.game.bidding_card = ""
