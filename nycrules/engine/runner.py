"""Running a game: seats, agents, the record of decisions, replay.

A game is fully determined by the ruleset digest, the seats, the seed and the
list of decisions taken; that list is what a save file and a replay hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..diagnostics import NycRulesError
from ..model import Ruleset
from .decisions import Decision
from .procedure import play
from .setup import SeatSpec, new_game
from .state import Game

Chooser = Callable[[Game, Decision], int]


class ReplayMismatch(NycRulesError):
    """The recorded decisions do not fit the game (another ruleset or a tampered record)."""


@dataclass
class Session:
    """One game with agents answering for its seats, recording every decision."""

    ruleset: Ruleset
    specs: list[SeatSpec]
    seed: int
    agents: dict[int, Chooser]  # seat index -> chooser
    replay: list[int] = field(default_factory=list)  # choices to take first, in order
    log_events: bool = True
    record: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, choice, option count)
    observer: Callable[[Game, Decision, int], None] | None = None
    game: Game | None = None

    def run(self) -> Game:
        self.game = new_game(self.ruleset, self.specs, self.seed, self._choose, self.log_events)
        play(self.game)
        return self.game

    def _choose(self, game: Game, decision: Decision) -> int:
        self.game = game
        position = len(self.record)
        if position < len(self.replay):
            index = self.replay[position]
            if not 0 <= index < len(decision.options):
                raise ReplayMismatch(f"decision {position + 1} of the record has no option {index + 1} "
                                     f"(that decision offers {len(decision.options)})")
        elif decision.seat.index in self.agents:
            index = self.agents[decision.seat.index](game, decision)
        elif decision.seat.is_tom:
            index = 0  # Tom's rules decide for him; a rule that still asks him gets the first option
        else:
            raise NycRulesError(f"nobody answers for seat {decision.seat.name}")
        self.record.append((decision.seat.index, index, len(decision.options)))
        if self.observer is not None:
            self.observer(game, decision, index)
        return index
