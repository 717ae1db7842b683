"""The board as text a person reads at a glance, in at most 80 columns.

Boroughs as a table (with full seat names, or numbered columns and a legend when
they do not fit), vessels grouped by colour, the press track in order with its
stacks, points, the Mayor and the Statue. Colours only when asked (a colour terminal).
"""

from __future__ import annotations

from ....engine.state import Game
from ..state import PressToken
from ....table.colours import ansi, ansi_seat
from ....table.layout import WIDTH, wrap_items

def _seat_columns(game: Game) -> tuple[list[str], list[str]]:
    """Column titles for the seats, and legend lines when the full names would not fit."""
    names = [s.name for s in game.seats]
    fixed = 2 + 14 + 4 + 9 + 8 + 8
    if fixed + sum(max(len(n), 3) + 2 for n in names) <= WIDTH:
        return names, []
    titles = [f"#{i + 1}" for i in range(len(names))]
    return titles, wrap_items("  seats: ", [f"#{i + 1} {n}" for i, n in enumerate(names)])


def boroughs_table(game: Game, colour: bool = False) -> list[str]:
    titles, legend = _seat_columns(game)
    widths = [max(len(t), 3) + 2 for t in titles]
    head = f"  {'borough':<14}{'seq':<4}{'value':<9}{'lantern':<8}{'neutral':>8}" + "".join(
        ansi_seat(f"{t:>{w}}", i, colour) for i, (t, w) in enumerate(zip(titles, widths)))
    lines = [head]
    for b in game.boroughs:
        value = "+".join([str(b.base)] + [str(t.value) for t in b.prestige])
        mayor = "*" if game.mayor is b else " "
        name = f"{b.name}{mayor}"
        lines.append(f"  {name:<14}{b.letter:<4}{value:<9}" + ansi(f"{b.lantern:<8}", b.lantern, colour)
                     + f"{b.neutral:>8}"
                     + "".join(ansi_seat(f"{b.counts[s.index]:>{w}}", s.index, colour)
                               for s, w in zip(game.seats, widths)))
    lines.append("  seq: sequence letter (the Mayor visits A to E, one each round; all start in X)")
    lines.append("  value: base + prestige tiles; * where the Mayor is")
    return lines + legend


def vessel_lines(game: Game, colour: bool = False) -> list[str]:
    if not game.board_vessels:
        return ["Vessels on the board: none"]
    lines = ["Vessels on the board (each joins two boroughs):"]
    by_kind: dict[tuple[str, str], list[str]] = {}
    for v in game.board_vessels:
        by_kind.setdefault((v.colour, v.kind), []).append(f"{v.ends[0].name} - {v.ends[1].name}")
    order = list(game.ruleset.part.components.colours)
    for (col, kind), links in sorted(by_kind.items(), key=lambda kv: (order.index(kv[0][0])
                                                                      if kv[0][0] in order else 99, kv[0][1])):
        label = f"{col} {kind}:"
        wrapped = wrap_items(f"  {label:<18}", links, indent=20)
        wrapped[0] = wrapped[0].replace(label, ansi(label, col, colour), 1)
        lines.extend(wrapped)
    return lines


def press_places(game: Game) -> list[tuple[int, PressToken, str]]:
    """(place, token, stack note) in order, farthest ahead first; a token on top of a stack is ahead."""
    out = []
    for i, token in enumerate(game.press):
        same = [t for t in game.press if t.space == token.space]
        note = ""
        if len(same) > 1:
            note = "top" if same[0] is token else ("bottom" if same[-1] is token else "middle")
        out.append((i + 1, token, note))
    return out


def press_lines(game: Game, colour: bool = False) -> list[str]:
    items = []
    for place, token, note in press_places(game):
        name = token.seat.name if token.seat else "neutral"
        if token.seat is not None:
            name = ansi_seat(name, token.seat.index, colour)
        where = f"space {token.space}" + (f", {note} of a stack" if note else "")
        items.append(f"{place}. {name} ({where})")
    return wrap_items("Press track, farthest ahead first: ", items, sep="  ")


def board(game: Game, colour: bool = False) -> str:
    title = f"Game round {game.round} of {game.ruleset.part.numbers.rounds}" if game.round else \
        f"Setup, before game round 1 of {game.ruleset.part.numbers.rounds}"
    if game.mayor:
        title += f"; the Mayor is in {game.mayor.name} ({game.mayor.letter})"
    lines = [title] + boroughs_table(game, colour)
    if game.prestige_display:
        lines += wrap_items("Prestige tiles on display: ",
                            [ansi(f"{t.colour} {t.value}", t.colour, colour) for t in game.prestige_display])
    lines += vessel_lines(game, colour)
    lines += press_lines(game, colour)
    lines += wrap_items("Points: ", [f"{ansi_seat(s.name, s.index, colour)} {s.points}" for s in game.seats])
    statue = game.ruleset.params.get("statue_points")
    lines.append("Statue of Liberty: " + ("scored" if game.statue_flipped else
                                          f"not yet scored ({statue} points: first built in all six "
                                          "boroughs)" if statue else "not yet scored"))
    if game.pairs:
        lines += wrap_items("Pairs on display: ", [p.name() for p in game.pairs], sep=" | ")
    return "\n".join(lines)
