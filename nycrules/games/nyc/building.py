"""Building from the player board when it runs short: a question per missing skyscraper."""

from __future__ import annotations

from typing import Any

from ...text import counted
from . import mechanics
from ...engine.decisions import Decision
from ...engine.state import Seat
from .state import Borough
from ...engine.tasks import Task


class Build(Task):
    """`build` when the board runs short: for each skyscraper missing, the seat may move one of its
    skyscrapers from another borough (a question each), or build fewer; gives how many were built."""

    __slots__ = ("seat", "borough", "count", "missing", "sources", "asked")

    def __init__(self, seat: Seat, borough: Borough, count: int):
        self.seat, self.borough, self.count = seat, borough, count
        self.missing = count - seat.board
        self.sources: list[Borough] = []
        self.asked = False

    def step(self, game: Any, value: Any) -> Any:
        if self.asked:
            if value is None:  # "do not move one"
                return self._build(game)
            self.sources.append(value)
        if len(self.sources) < self.missing and self._available(game):
            self.asked = True
            return self.question(game)
        return self._build(game)

    def _available(self, game: Any) -> list[Borough]:
        seat, sources = self.seat, self.sources
        return [b for b in game.boroughs if b is not self.borough
                and b.counts[seat.index] - sum(1 for s in sources if s is b) > 0]

    def question(self, game: Any) -> Decision:
        return Decision(self.seat, "sell", "No skyscraper left on your board: move one here from another borough?",
                        None, game.rule, values=[None] + self._available(game), label=_sell_label)

    def _build(self, game: Any) -> int:
        return built(game, self.seat, self.borough, self.count, self.sources)


def built(game: Any, seat: Seat, borough: Borough, count: int, sources: list[Borough]) -> int:
    """Build from the board, moving one from each of `sources` for those missing; how many were built."""
    built = mechanics.build_from_board(seat, borough, count, sources)
    if built and game.log_events:  # event text only for a log that is kept
        moved = f" ({len(sources)} moved from other boroughs)" if sources else ""
        game.emit(seat, f"builds {counted(built, 'skyscraper')} in {borough.name}{moved}")
    return built


def _sell_label(source: Borough | None) -> str:
    return "do not move one" if source is None else f"move one from {source.name}"
