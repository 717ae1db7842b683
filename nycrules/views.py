"""Text views of a game for people: the board, a hand, the seats, characters, the log, the score."""

from __future__ import annotations

from collections import Counter

from .engine.bids import bid_value
from .engine.decisions import Decision
from .engine.ops import elevator_tiles
from .engine.state import Event, Game, Seat


def cards(zone: list) -> str:
    counts = Counter(card.type for card in zone)
    return " ".join(f"{n}x {kind}" if n > 1 else kind for kind, n in sorted(counts.items())) or "-"


def board(game: Game) -> str:
    lines = [f"Game round {game.round} of {game.ruleset.game.rounds}" + (f"; the Mayor is in {game.mayor.name}"
                                                                          if game.mayor else "")]
    names = [s.name[:8] for s in game.seats]
    header = f"  {'borough':<14}{'tile':<5}{'value':>6}  {'lantern':<8}{'neutral':>8}" + "".join(
        f"{n:>10}" for n in names)
    lines.append(header)
    for b in game.boroughs:
        prestige = "+".join(str(t.value) for t in b.prestige)
        value = f"{b.base}" + (f"+{prestige}" if prestige else "")
        lines.append(f"  {b.name:<14}{b.letter:<5}{value:>6}  {b.lantern:<8}{b.neutral:>8}"
                     + "".join(f"{b.counts[s.index]:>10}" for s in game.seats))
    if game.prestige_display:
        lines.append("Prestige tiles: " + ", ".join(f"{t.colour} {t.value}" for t in game.prestige_display))
    lines.append("Vessels on the board: " + (", ".join(
        f"{v.kind} ({v.colour}) {v.ends[0].name}-{v.ends[1].name}" for v in game.board_vessels) or "none"))
    lines.append("Press track: " + ", ".join(
        f"{t.seat.name if t.seat else 'neutral'} {t.space}" for t in game.press))
    lines.append("Statue of Liberty: " + ("scored" if game.statue_flipped else "not yet scored"))
    if game.pairs:
        lines.append("Pairs on display: " + " | ".join(p.name() for p in game.pairs))
    return "\n".join(lines)


def hand(game: Game, seat: Seat) -> str:
    lines = [f"{seat.name}: hand {cards(seat.hand)}; reserve {cards(seat.reserve)}",
             f"  {seat.dollars} dollars, {seat.board} skyscrapers on the board, {seat.points} points, "
             f"press space {seat.token.space}"]
    if seat.played or seat.virtual:
        lines.append(f"  in your bid: {cards(seat.played)}" + (f" + {' '.join(seat.virtual)}" if seat.virtual else "")
                     + f" (worth {bid_value(game, seat)})")
    if seat.vessels:
        lines.append("  vessels: " + ", ".join(v.kind for v in seat.vessels))
    return "\n".join(lines)


def seats(game: Game) -> str:
    lines = [f"  {'seat':<12}{'points':>7}{'dollars':>8}{'board':>6}{'press':>6}{'rank':>5}{'hand':>5}"
             f"{'chars':>6}  vessels"]
    for s in game.seats:
        lines.append(f"  {s.name:<12}{s.points:>7}{s.dollars:>8}{s.board:>6}{s.token.space:>6}"
                     f"{game.press_rank_of(s):>5}{len(s.hand):>5}{len(s.company):>6}  "
                     + (", ".join(v.kind for v in s.vessels) or "-"))
    return "\n".join(lines)


def characters(game: Game, seat: Seat) -> str:
    lines = [f"{seat.name}'s characters:"]
    for tile in seat.company:
        c = tile.char
        used = " (used this round)" if tile.uid in seat.used else ""
        cost = "free" if c.cost == 0 else f"{c.cost}$"
        lines.append(f"  {c.id:>2} {c.title} [phase {c.phase}, value {c.value}, {cost}]{used}: {c.text}")
    if len(lines) == 1:
        lines.append("  none")
    lines.append("Elevator: " + "; ".join(
        f"{value}: " + (", ".join(f"{t.char.id} {t.char.title}" for t in game.elevator_rows[value]) or "empty")
        for value in sorted(game.elevator_rows)))
    return "\n".join(lines)


def event_line(game: Game, event: Event) -> str:
    who = game.seats[event.seat].name + " " if event.seat is not None else ""
    return f"{who}{event.text}"


def why(game: Game, count: int = 6) -> str:
    lines = []
    changes = [event for event in game.events if not event.kind]
    for event in changes[-count:]:
        where = event.where.short() if event.where is not None else "the round procedure"
        lines.append(f"  {event_line(game, event)}  <- {event.rule} ({where})")
    return "\n".join(lines) or "  nothing has happened yet"


def log(game: Game, count: int = 20) -> str:
    shown = game.events[max(len(game.events) - count, 0):]
    return "\n".join(f"  {event_line(game, e)}" for e in shown) or "  nothing to show"


def decision_context(game: Game, decision: Decision) -> str:
    """The few facts that matter for this decision."""
    seat = decision.seat
    lines = []
    if decision.kind == "bid" and game.bids_made:
        lines.append("Bids so far: " + ", ".join(f"{s.name} {v}" for s, v in game.bids_made.items()))
    if decision.kind == "draft":
        lines.append("Pairs on display: " + " | ".join(p.name() for p in game.pairs))
    lines.append(hand(game, seat))
    return "\n".join(lines)


def final_scores(game: Game) -> str:
    steps = game.ruleset.final_scoring
    lines = ["Final scoring"]
    header = f"  {'':<20}" + "".join(f"{s.name[:10]:>11}" for s in game.seats)
    lines.append(header)
    for step in steps:
        lines.append(f"  {step.title:<20}" + "".join(f"{s.scores.get(step.id, 0):>11}" for s in game.seats))
    before = [s.points - sum(s.scores.values()) for s in game.seats]
    lines.append(f"  {'during the game':<20}" + "".join(f"{b:>11}" for b in before))
    lines.append(f"  {'total':<20}" + "".join(f"{s.points:>11}" for s in game.seats))
    return "\n".join(lines)
