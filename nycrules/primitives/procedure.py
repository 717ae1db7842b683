"""The vocabulary of the procedure: one table mechanism each (a draft turn, a bidding turn, dealing
pairs, moving the Mayor...). The order in which they act is the ruleset's `procedure:`."""

from __future__ import annotations

from typing import Any

from ..engine import ops
from ..engine.abilities import OfferTask, attached, offer
from ..engine.bidding import BiddingTurn, Evaluation
from ..engine.bidding import bidding_turn as run_bidding_turn
from ..engine.bidding import evaluate_bids as run_evaluation
from ..engine.bidding import open_bidding_round as open_round
from ..engine.bids import bid_value
from ..engine.decisions import describe
from ..engine.draft import DraftTurn
from ..engine.draft import draft_turn as run_draft_turn
from ..engine.scoring import end_game as run_end_game
from ..engine.scoring import score_step as run_score_step
from ..engine.scoring import score_step_task
from ..engine.tasks import GameOver
from ..engine.state import Borough, Pair, Seat
from ..engine.model import ScoringStep
from ..language.registry import primitive
from . import count, inline, require, waits

C = "procedure"


# ------------------------------------------------------------------ setup
@primitive("reveal_start_stacks(count: int)",
           "Keep this many of the shuffled stacks of start characters on offer; the others go back to the box.", C,
           counts=True)
def reveal_start_stacks(f: Any, number: int) -> None:
    game = f.game
    number = max(count(f, number, "start stacks revealed"), 0)
    for stack in game.start_stacks[number:]:
        for tile in stack:
            tile.where = "box"
    game.start_stacks = game.start_stacks[:number]


@primitive("box_start_stacks()", "The stacks of start characters nobody took go back to the box.", C)
def box_start_stacks(f: Any) -> None:
    for stack in f.game.start_stacks:
        for tile in stack:
            tile.where = "box"
    f.game.start_stacks = []


# ------------------------------------------------------------------ a game round
@primitive("start_game_round(number: int)",
           "Game round `number` begins: the dollars on characters go back to the supply (each may act "
           "again) and no bidding round is done yet.", C)
def start_game_round(f: Any, number: int) -> None:
    game = f.game
    game.round = number
    for seat in game.seats:
        seat.used.clear()
    game.rounds_done = set()


@primitive("move_mayor(borough: borough)", "The Mayor moves to the borough.", C)
def move_mayor(f: Any, borough: Borough) -> None:
    game = f.game
    game.mayor = borough
    if game.log_events:
        game.emit(None, f"the Mayor moves to {borough.name} ({borough.letter})")


@primitive("reveal_prestige_tiles(count: int)", "Turn this many prestige tiles face up from their stack.", C,
           counts=True)
def reveal_prestige_tiles(f: Any, number: int) -> None:
    game = f.game
    for _ in range(count(f, number, "prestige tiles revealed")):
        if game.prestige_stack:
            game.prestige_display.append(ops.draw_from(game, game.prestige_stack))
    if game.prestige_display and game.log_events:
        shown = ", ".join(f"{t.colour} {t.value}" for t in game.prestige_display)
        game.emit(None, f"prestige tiles revealed: {shown}")


@primitive("return_prestige_tiles()", "The prestige tiles on display nobody placed go back to the box.", C)
def return_prestige_tiles(f: Any) -> None:
    f.game.prestige_display.clear()


@primitive("show_standings(heading: str, about: any)",
           "Write every seat's points in the log after a heading (its `{}` is `about`).", C)
def show_standings(f: Any, heading: str, about: Any) -> None:
    game = f.game
    if game.log_events:
        standing = ", ".join(f"{s.name} {s.points}" for s in game.seats)
        game.emit(None, f"{heading.replace('{}', describe(about))}: {standing}", "summary")


# ------------------------------------------------------------------ drafting pairs of cards
@primitive("deal_pairs(count: int)", "Deal this many pairs of cards face up from the draw pile.", C, counts=True)
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


@primitive("set_draft_turns(seat: seat, turns: int)", "The seat's draft turns still to come.", C)
def set_draft_turns(f: Any, seat: Seat, turns: int) -> None:
    seat.draft_turns_left = turns


@primitive("draft_turn(seat: seat)",
           "One draft turn of the seat: it takes a pair on display (or a character acts in its place), "
           "with the characters it may use before and after.", C)
@waits(lambda f, seat: DraftTurn(seat))
def draft_turn(f: Any, seat: Seat) -> None:
    run_draft_turn(f.game, seat)


@primitive("discard_pairs()", "The pairs left on display are discarded.", C)
def discard_pairs(f: Any) -> None:
    game = f.game
    for pair in list(game.pairs):
        ops.discard_cards(game, pair.cards)
    game.pairs.clear()


# ------------------------------------------------------------------ characters at the procedure's hooks
@primitive("offer_characters(seat: seat, hook: hook, prompt: str)",
           "Let the seat use its characters of this hook (one of the procedure's), one after the other, "
           "until it is done; `prompt` is the question it is asked.", C)
@waits(lambda f, seat, hook, prompt: OfferTask(seat, (hook,), {}, prompt) if attached(seat, (hook,)) else None)
def offer_characters(f: Any, seat: Seat, hook: str, prompt: str) -> None:
    offer(f.game, seat, (hook,), {}, prompt)


# ------------------------------------------------------------------ bidding
@primitive("bidding_rounds() -> list[bidding_round]", "The bidding rounds of the ruleset, in their order.", C)
def bidding_rounds(f: Any) -> list:
    return list(f.game.ruleset.part.rounds)


@primitive("round_id(round: bidding_round) -> str", "The bidding round's id.", C)
def round_id(f: Any, rnd: Any) -> str:
    return rnd.id


@primitive("title(round: bidding_round) -> str", "The bidding round's title.", C)
def round_title(f: Any, rnd: Any) -> str:
    return rnd.title


@primitive("open_bidding_round(round: bidding_round)",
           "The bidding round begins: its card is the one bid for, no bids yet, nobody bids last yet.", C)
def open_bidding_round(f: Any, rnd: Any) -> None:
    open_round(f.game, rnd)


@primitive("set_bid_starter(seat: seat)", "The seat starts the next bidding round.", C)
def set_bid_starter(f: Any, seat: Seat) -> None:
    f.game.bidding_start = seat


@primitive("bid_starter() -> seat", "The seat that starts this bidding round.", C)
def bid_starter(f: Any) -> Seat:
    require(f, f.game.bidding_start is not None, "no seat was named to start the bidding (set_bid_starter)")
    return f.game.bidding_start


@primitive("clockwise_from(seat: seat) -> list[seat]", "Every seat, clockwise from this one (it first).", C)
def clockwise_from(f: Any, seat: Seat) -> list:
    seats = f.game.seats
    return seats[seat.index:] + seats[:seat.index]


@primitive("bids_last(seat: seat) -> bool", "Whether the seat chose to bid last in this bidding round.", C)
@inline("(f.game.last_bidder is {0})")
def bids_last(f: Any, seat: Seat) -> bool:
    return f.game.last_bidder is seat


@primitive("bidding_turn(seat: seat, round: bidding_round)",
           "The seat's bidding turn: exchanges, its characters, then a bid or a pass, as it chooses.", C)
@waits(lambda f, seat, rnd: BiddingTurn(seat, rnd))
def bidding_turn(f: Any, seat: Seat, rnd: Any) -> None:
    run_bidding_turn(f.game, seat, rnd)


@primitive("place_bid(seat: seat)",
           "The seat bids the cards it has played, for what they are worth (nothing: it passes).", C)
def place_bid(f: Any, seat: Seat) -> None:
    value = f.game.bids_made[seat] = bid_value(f.game, seat)
    if not value:
        f.game.emit(seat, "passes")  # told like anyone's pass


@primitive("evaluate_bids(round: bidding_round)",
           "Evaluate the bidding round: each bid's action, the highest bid's bonus, the runner-up; "
           "played cards are discarded.", C)
@waits(lambda f, rnd: Evaluation(rnd))
def evaluate_bids(f: Any, rnd: Any) -> None:
    run_evaluation(f.game, rnd)


@primitive("highest_bidders() -> list[seat]",
           "The seat with the highest bid in the bidding round evaluated last (none if nobody bid).", C)
def highest_bidders(f: Any) -> list:
    return [f.game.bid_winner] if f.game.bid_winner is not None else []


@primitive("end_bidding()", "No bidding round is under way any more.", C)
def end_bidding(f: Any) -> None:
    f.game.bidding_card = ""


# ------------------------------------------------------------------ the end
@primitive("scoring_steps() -> list[scoring_step]", "The final scoring steps of the ruleset, in their order.", C)
def scoring_steps(f: Any) -> list:
    return list(f.game.ruleset.final_scoring)


@primitive("title(step: scoring_step) -> str", "The final scoring step's title.", C)
def step_title(f: Any, step: ScoringStep) -> str:
    return step.title


@primitive("score_step(seat: seat, step: scoring_step)", "Score the final scoring step for the seat.", C)
@waits(lambda f, seat, step: score_step_task(f.game, step, seat))
def score_step(f: Any, seat: Seat, step: ScoringStep) -> None:
    run_score_step(f.game, step, seat)


@primitive("end_game()", "The game is over at once: the winner (by `winner:`; the seats sharing the victory, when "
           "its keys tie and `shared: true`: docs/ruleset.md \"The winner\") is named and nothing else runs; only "
           "the procedure's nodes may call it.", C, ends=True)
def end_game(f: Any) -> None:
    run_end_game(f.game)
    raise GameOver
