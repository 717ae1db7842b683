"""Text views of any game for people: the log, the rules behind its events (`why`), the final scores."""

from __future__ import annotations

from . import narration
from .colours import ansi_seat
from .layout import WIDTH, wrap_items
from ..engine.state import Event, Game
from ..limits import small_numeral


def event_line(game: Game, event: Event) -> str:
    return narration.event_text(game, event)


def why(game: Game, what: str = "", viewer: int | None = None) -> str:
    """The rules behind events: `why` the latest few, `why N` the N latest, `why #E` event E of `log`."""
    what = what.strip()
    numbered = list(enumerate(game.events, 1))
    if what.startswith("#"):
        number = small_numeral(what[1:], digits=7)
        if number is None or not 1 <= number <= len(numbered):
            return f"there is no event {what[:12]}; `log` numbers the events 1-{len(numbered)}"
        chosen = [numbered[number - 1]]
    else:
        count = small_numeral(what or "6")
        if count is None:
            return "why takes a number of events (`why 10`) or an event number from `log` (`why #120`)"
        chosen = [pair for pair in numbered if pair[1].kind in ("", "note")][-count:] if count else []
    lines = []
    for number, event in chosen:
        event = event.seen_by(viewer) if viewer is not None else event
        if event is None:
            continue
        where = event.where.short() if event.where is not None else "the round procedure"
        lines.append(f"  #{number} {event_line(game, event)}  <- {event.rule} ({where})")
    return "\n".join(lines) or "  nothing has happened yet"


def log(game: Game, count: int = 20, viewer: int | None = None) -> str:
    """The latest events as told (a note joined to its action; with `viewer`, as that seat saw them),
    numbered for `why #E`."""
    lines = narration.told(game, max(len(game.events) - 2 * count, 0), viewer=viewer)[-count:] if count else []
    return "\n".join(f"  #{line.first + 1} {line.text}" for line in lines) or "  nothing to show"


def points(game: Game, colour: bool = False) -> str:
    """Each seat's points, on as few lines as fit."""
    return "\n".join(wrap_items("Points: ", [f"{ansi_seat(s.name, s.index, colour)} {s.points}" for s in game.seats]))


def final_scores(game: Game) -> str:
    """The final table: points from the game, each scoring category, and the total, which adds up."""
    names = [s.name for s in game.seats]
    width = max(11, *(len(n) + 2 for n in names))
    legend = []
    if 22 + width * len(names) > WIDTH:  # long names: numbered columns and a legend
        width = 11
        names = [f"#{i + 1}" for i in range(len(names))]
        legend = wrap_items("  ", [f"#{i + 1} {s.name}" for i, s in enumerate(game.seats)])
    lines = ["Final scoring", f"  {'':<20}" + "".join(f"{n:>{width}}" for n in names)]
    before = [s.points - sum(s.scores.values()) for s in game.seats]
    lines.append(f"  {'during the game':<20}" + "".join(f"{b:>{width}}" for b in before))
    for step in game.ruleset.final_scoring:
        lines.append(f"  {step.title:<20}" + "".join(f"{s.scores.get(step.id, 0):>{width}}" for s in game.seats))
    lines.append(f"  {'total':<20}" + "".join(f"{s.points:>{width}}" for s in game.seats))
    return "\n".join(lines + legend)
