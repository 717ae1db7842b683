"""The game's log: events, each what happened, to whom, and the rule (and line) that caused it
(Game.emit writes them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..limits import MAX_EVENT_CHARS


@dataclass(frozen=True)
class Event:
    """One change of the game: what happened, to whom, and the rule (and line) that caused it."""

    rule: str
    where: Any  # Location of the effect line, or None for the procedure itself
    seat: int | None
    text: str
    kind: str = ""  # "header" (setup, a game round, final scoring), "section" (a part of a round, a scoring step),
    # "summary", "end", "note" (a rule's own explanation: `note`), "forced" (the label of a decision's only option)
    # What the other seats read, when `text` names cards only `seat` sees ("": they see nothing of it).
    public: str | None = None

    def seen_by(self, seat: int) -> "Event | None":
        """The event as `seat` saw it at the table (None: it saw nothing of it)."""
        if self.public is None or self.seat == seat:
            return self
        return Event(self.rule, self.where, self.seat, self.public, self.kind) if self.public else None


def cut(text: str) -> str:
    """A text for the log, at most MAX_EVENT_CHARS characters (a longer one ends in "...")."""
    return text if len(text) <= MAX_EVENT_CHARS else text[:MAX_EVENT_CHARS - 3] + "..."
