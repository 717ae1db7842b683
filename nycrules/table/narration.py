"""The game's events told to people, each thing that happened once.

The log keeps every event with its rule (`why` shows them one by one). Told to a
person, a rule's own explanation (`note`, an event of kind "note") joins the action
just before it by the same seat and rule; a decision that had a single option (kind
"forced") is said to have been taken without asking when it was a person's, and is
not told for a seat played by the program (what it did is).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import Event, Game
from ..text import said_of

FORCED = "the only option: taken without asking"


@dataclass
class Told:
    """One line told: the first event it tells (its number in the log, from 0), its text and kind."""

    first: int
    text: str
    kind: str


def told(game: Game, start: int = 0, end: int | None = None, viewer: int | None = None) -> list[Told]:
    """The events from `start` to `end` as lines for people; with `viewer`, as that seat saw them
    (another seat's hidden cards unnamed, Event.seen_by)."""
    events = game.events[start:end]
    out: list[Told] = []
    forced: Event | None = None  # a person's decision taken without asking, told with what comes of it
    for offset, original in enumerate(events):
        number = start + offset
        event = original.seen_by(viewer) if viewer is not None else original
        if event is None:
            continue
        if event.kind == "forced":
            if forced is not None:
                out.append(Told(number - 1, _alone(game, forced), ""))
            forced = event if _person(game, event) else None
            continue
        text = event_text(game, event)
        if forced is not None:
            if event.seat == forced.seat and not event.kind:
                text = f"{text} ({FORCED})"
            else:
                out.append(Told(number - 1, _alone(game, forced), ""))
            forced = None
        if event.kind == "note" and offset and _explains(events[offset - 1], event) and out and \
                out[-1].first == number - 1:
            out[-1].text += f" -- {event.text}"
            continue
        out.append(Told(number, text, event.kind))
    if forced is not None:
        out.append(Told(start + len(events) - 1, _alone(game, forced), ""))
    return out


def event_text(game: Game, event: Event) -> str:
    """One event on its own: the seat's name, then what it did (a note: what the rule explains)."""
    if event.seat is None:
        return event.text
    name = game.seats[event.seat].name
    if event.kind == "forced":
        return f"{name}: {event.text} ({FORCED})"
    return f"{name}: {event.text}" if event.kind == "note" else said_of(name, event.text)


def _explains(before: Event, note: Event) -> bool:
    return not before.kind and before.seat == note.seat and before.rule == note.rule


def _person(game: Game, event: Event) -> bool:
    return event.seat is not None and game.seats[event.seat].kind == "human"


def _alone(game: Game, forced: Event) -> str:
    return event_text(game, forced)


def line_text(line: Told) -> str:
    """A told event as a line of text: a header framed, a section ruled, any other indented."""
    if line.kind == "header":
        return f"\n=== {line.text} ==="
    if line.kind == "section":
        return f"--- {line.text} ---"
    return "  " + line.text
