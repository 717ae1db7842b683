"""Parts of the shipped procedure (rulesets/nyc/procedure.yaml) run by themselves, by their ids,
for scenario tests that set a position up by hand and then let one phase act."""

from __future__ import annotations

from nycrules.games.nyc.draft import draft_turn  # noqa: F401  (one seat's draft turn)
from nycrules.scenario import run_part
from nycrules.engine.scoring import final_scoring, winner_of  # noqa: F401
from nycrules.engine.state import Game, Seat
from nycrules.games.nyc.model import RoundDef


def _in_round(game: Game, ident: str) -> None:
    run_part(game, ident)


def phase0(game: Game) -> None:
    """Phase 0 of the game round `game.round`."""
    _in_round(game, "phase0")


def phase1(game: Game) -> None:
    _in_round(game, "phase1")


def phase3(game: Game) -> None:
    _in_round(game, "phase3")


def play_bidding_rounds(game: Game) -> None:
    """Phase II: every bidding round."""
    _in_round(game, "phase2")


def bidding_round(game: Game, rnd: RoundDef, start: Seat) -> Seat:
    """One bidding round started by `start`; gives the seat that starts the next one."""
    game.bidding_start = start
    run_part(game, "bidding_round", round_played=rnd)
    assert game.bidding_start is not None
    return game.bidding_start
