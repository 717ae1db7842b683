"""A picture of the table as a self-contained SVG: boroughs as a map joined by their vessels,
skyscrapers per seat in seat colours, prestige tiles, the Mayor, the press and points tracks,
each seat's company and cards, the piles, and the elevator's rows of characters.

Boroughs stand where the ruleset's `map` puts them (the city's geography in the shipped
rules); a ruleset without one gets a ring.

The picture needs no network and no font beyond the generic families. Each drawn thing
carries `class` and `data-*` attributes naming what it shows, so a test (or a tool) can
read the picture back and check it against the game.
"""

from __future__ import annotations

import math

from ....engine.scoring import victory
from ....engine.state import Game, Seat
from ..state import Borough
from ....table.colours import NEUTRAL, fill, seat_fill
from ....table.drawing import FONT, Canvas, Point, number
from ....table.layout import wrap_items

# The map: a box on the left of the picture; each borough is a circle of NODE_R.
MAP_LEFT, MAP_TOP, MAP_WIDTH, MAP_HEIGHT, NODE_R = 20, 125, 620, 720, 66
PANEL_X = 660
TILE_W, TILE_H, TILE_GAP = 138, 40, 8  # an elevator tile


def centres(game: Game) -> dict[str, tuple[float, float]]:
    """Where each borough is drawn: at its `map` place (0-100 across and down the map's box), or
    on a ring in the order of the components when the ruleset places not every borough."""
    defs = {b.id: b for b in game.ruleset.part.components.boroughs}
    places = [defs[b.id].map for b in game.boroughs if b.id in defs]
    inner_w, inner_h = MAP_WIDTH - 2 * NODE_R, MAP_HEIGHT - 2 * NODE_R
    if len(places) == len(game.boroughs) and all(p is not None for p in places):
        return {b.id: (MAP_LEFT + NODE_R + inner_w * p[0] / 100, MAP_TOP + NODE_R + inner_h * p[1] / 100)
                for b, p in zip(game.boroughs, places) if p is not None}
    count = len(game.boroughs)
    cx, cy = MAP_LEFT + MAP_WIDTH / 2, MAP_TOP + MAP_HEIGHT / 2
    radius = min(inner_w, inner_h) / 2
    return {b.id: (cx + radius * math.cos(-math.pi / 2 + 2 * math.pi * i / count),
                   cy + radius * math.sin(-math.pi / 2 + 2 * math.pi * i / count))
            for i, b in enumerate(game.boroughs)}


def picture(game: Game) -> str:
    """The whole table as SVG text."""
    c = Canvas()
    where = centres(game)
    _title(c, game)
    _vessels(c, game, where)
    for b in game.boroughs:
        _borough(c, game, b, *where[b.id])
    y = _press_track(c, game, 150)
    y = _points_track(c, game, y + 30)
    y = _seats(c, game, y + 30)
    y = _piles(c, game, y)
    y = max(y, MAP_TOP + MAP_HEIGHT + 30)
    y = _display(c, game, y)
    height = int(y + 20)
    # As large as the window, the whole table in view (a 1200x900 window shows it all, smaller).
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%" '
            f'viewBox="0 0 1200 {height}" preserveAspectRatio="xMidYMid meet" style="background-color:#f7f4ec" '
            f'font-family="{FONT}">')
    background = f'<rect x="0" y="0" width="1200" height="{height}" fill="#f7f4ec"/>'
    return "\n".join(['<?xml version="1.0" encoding="UTF-8"?>', head, background, *c.parts, "</svg>"]) + "\n"


def _title(c: Canvas, game: Game) -> None:
    title = f"New York City: game round {game.round} of {game.ruleset.part.numbers.rounds}"
    if game.finished:
        title = f"New York City, finished after {game.ruleset.part.numbers.rounds} game rounds: {victory(game)}"
    c.text(24, 40, title, 24, "bold", class_="title")
    mayor = f"the Mayor is in {game.mayor.name} ({game.mayor.letter})" if game.mayor else "the Mayor is not out yet"
    statue = "the Statue of Liberty is scored" if game.statue_flipped else "the Statue of Liberty is not yet scored"
    c.text(24, 64, f"{mayor}; {statue}", 14, class_="status", data_statue=str(game.statue_flipped).lower())
    c.text(24, 86, "In each borough: its sequence letter and value, the skyscrapers of each owner (a bar "
                   "and its count), and its prestige tiles. The ring is the lantern's colour;", 11,
           colour="#555555")
    c.text(24, 101, "lines are the vessels still on the board. Skyscrapers, left to right:", 11, colour="#555555")
    _key(c, game, 24, 118)


def _key(c: Canvas, game: Game, x: float, y: float) -> None:
    """Which colour is whose skyscraper: the neutral ones first, then the seats in order."""
    c.open("g", class_="key")
    owners = [("neutral", NEUTRAL[1])] + [(s.name, seat_fill(s.index)) for s in game.seats]
    for name, colour in owners:
        c.add("rect", x=number(x), y=number(y - 10), width=12, height=12, fill=colour, stroke="#333333",
              stroke_width=0.8, class_="key-swatch", data_owner=name)
        c.text(x + 17, y, name, 11, colour="#333333")
        x += 17 + 6.5 * len(name) + 18
    c.close("g")


def _vessels(c: Canvas, game: Game, where: dict[str, tuple[float, float]]) -> None:
    links: dict[frozenset, int] = {}
    for v in game.board_vessels:
        pair = frozenset((v.ends[0].id, v.ends[1].id))
        links[pair] = links.get(pair, 0) + 1
    drawn: dict[frozenset, int] = {}
    segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for v in game.board_vessels:
        a, b = where[v.ends[0].id], where[v.ends[1].id]
        pair = frozenset((v.ends[0].id, v.ends[1].id))
        k = drawn.get(pair, 0)
        drawn[pair] = k + 1
        offset = (k - (links[pair] - 1) / 2) * 12
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1
        ox, oy = -dy / length * offset, dx / length * offset
        # From rim to rim, so that a short line shows whole instead of hiding under the circles.
        trim = min(NODE_R + 6, length / 2 - 1) / length
        start = (a[0] + dx * trim + ox, a[1] + dy * trim + oy)
        end = (b[0] - dx * trim + ox, b[1] - dy * trim + oy)
        c.add("line", x1=number(start[0]), y1=number(start[1]), x2=number(end[0]), y2=number(end[1]),
              stroke=fill(v.colour), stroke_width=7, stroke_linecap="round", class_="vessel",
              data_kind=v.kind, data_colour=v.colour, data_ends=f"{v.ends[0].id} {v.ends[1].id}", data_vessel=v.id)
        segments.append((start, end))
    labels = []
    pairs = [frozenset((v.ends[0].id, v.ends[1].id)) for v in game.board_vessels]
    for (a, b), v, pair in zip(segments, game.board_vessels, pairs):
        others = [seg for seg, other in zip(segments, pairs) if other != pair]  # not its parallel lines
        mx, my = _label_place(a, b, others, [(x, y) for x, y, _, _ in labels], list(where.values()))
        labels.append((mx, my, v.kind, v.colour))
    for mx, my, kind, colour in labels:  # labels over every line, so none hides another
        c.add("rect", x=number(mx - LABEL_W / 2), y=number(my - 10), width=LABEL_W, height=LABEL_H, rx=8, fill="#ffffff",
              stroke=fill(colour), stroke_width=1.5, class_="vessel-label", data_kind=kind)
        c.text(mx, my + 3, kind, 11, anchor="middle", colour="#222222")


LABEL_W, LABEL_H = 60, 17  # a vessel's label


def _label_place(a: Point, b: Point, others: list[tuple[Point, Point]], placed: list[Point],
                 boroughs: list[Point]) -> Point:
    """Where a vessel's label goes: on its own line, off the other lines, labels and boroughs.

    Lines that cross in the middle of the map would otherwise share a label's place, and a
    label sitting on two lines names neither clearly.
    """
    def clearance(t: float) -> float:
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        room = min([_to_segment(p, q, r) - LABEL_W / 2 for q, r in others]
                   + [max(abs(p[0] - x) - LABEL_W, abs(p[1] - y) - LABEL_H) for x, y in placed]
                   + [math.hypot(p[0] - x, p[1] - y) - NODE_R - LABEL_W / 2 for x, y in boroughs] + [99.0])
        return room

    best = max(_ALONG, key=lambda t: (min(clearance(t), 4.0), -abs(t - 0.5)))  # clear enough, near the middle
    return a[0] + (b[0] - a[0]) * best, a[1] + (b[1] - a[1]) * best


_ALONG = [0.5 + step / 100 for step in range(-30, 31, 2)]


def _to_segment(p: Point, q: Point, r: Point) -> float:
    dx, dy = r[0] - q[0], r[1] - q[1]
    t = max(0.0, min(1.0, ((p[0] - q[0]) * dx + (p[1] - q[1]) * dy) / ((dx * dx + dy * dy) or 1)))
    return math.hypot(p[0] - q[0] - t * dx, p[1] - q[1] - t * dy)


def _borough(c: Canvas, game: Game, b: Borough, x: float, y: float) -> None:
    c.open("g", class_="borough", data_borough=b.id, data_value=b.value, data_letter=b.letter)
    mayor_here = game.mayor is b
    c.add("circle", cx=number(x), cy=number(y), r=NODE_R, fill="#ffffff", stroke=fill(b.lantern), stroke_width=8)
    if mayor_here:
        c.add("circle", cx=number(x), cy=number(y), r=NODE_R + 9, fill="none", stroke="#222222", stroke_width=2,
              stroke_dasharray="6 4")
    c.text(x, y - 34, b.name, 14, "bold", "middle", class_="borough-name")
    value = "+".join([str(b.base)] + [str(t.value) for t in b.prestige])
    c.text(x, y - 19, f"{b.letter}  ·  value {value}", 12, anchor="middle")
    # Lantern: a small lamp in its colour.
    c.add("circle", cx=number(x), cy=number(y - 52), r=7, fill=fill(b.lantern), stroke="#333333", stroke_width=1,
          class_="lantern", data_colour=b.lantern)
    # Skyscrapers: a building per owner (neutral first, then the seats), its height the count.
    owners = [("neutral", NEUTRAL[1], b.neutral, None)] + [
        (s.name, seat_fill(s.index), b.counts[s.index], s.index) for s in game.seats]
    step = 22
    left = x - step * (len(owners) - 1) / 2
    base = y + 22
    for i, (name, colour, count, seat) in enumerate(owners):
        bx = left + i * step
        height = 5 + 5 * min(count, 7)
        if count:
            c.add("rect", x=number(bx - 8), y=number(base - height), width=16, height=height, fill=colour,
                  stroke="#333333", stroke_width=0.8)
        c.text(bx, base + 13, str(count), 12, "bold", "middle", class_="count", data_owner=name,
               data_seat=seat if seat is not None else "neutral")
    for i, tile in enumerate(b.prestige):
        tx = x - 12 * len(b.prestige) + 24 * i + 2
        c.add("rect", x=number(tx), y=number(y + 38), width=20, height=20, rx=3, fill=fill(tile.colour),
              stroke="#333333", stroke_width=0.8, class_="prestige", data_colour=tile.colour,
              data_value=tile.value)
        c.text(tx + 10, y + 52, str(tile.value), 11, "bold", "middle", "#ffffff")
    if mayor_here:
        c.open("g", class_="mayor", data_borough=b.id)
        c.add("rect", x=number(x - 32), y=number(y - NODE_R - 26), width=64, height=20, rx=10, fill="#222222")
        c.text(x, y - NODE_R - 12, "MAYOR", 12, "bold", "middle", "#ffffff")
        c.close("g")
    c.close("g")


def _seat_label(seat: Seat) -> str:
    if seat.is_tom:
        return f"{seat.name} (Tom {seat.tom_mode}{seat.tom_cards})"
    return seat.name if seat.kind == "human" else f"{seat.name} ({seat.kind})"


def _press_track(c: Canvas, game: Game, y: float) -> float:
    last = game.ruleset.part.components.last_press_space
    cell = min(32, (1180 - PANEL_X) // (last + 1))
    c.text(PANEL_X, y - 14, "Press track (farthest ahead wins ties; top of a stack is ahead)", 14, "bold")
    c.open("g", class_="press-track")
    for space in range(last + 1):
        c.add("rect", x=PANEL_X + space * cell, y=number(y), width=cell - 2, height=70, fill="#ffffff",
              stroke="#999999", stroke_width=1)
        c.text(PANEL_X + space * cell + cell / 2 - 1, y + 84, str(space), 10, anchor="middle", colour="#666666")
    for place, token in enumerate(game.press, 1):
        stack = [t for t in game.press if t.space == token.space]
        level = len(stack) - 1 - stack.index(token)  # the top of the stack is drawn highest
        colour = NEUTRAL[1] if token.seat is None else seat_fill(token.seat.index)
        who = "neutral" if token.seat is None else token.seat.name
        cx, cy = PANEL_X + token.space * cell + cell / 2 - 1, y + 60 - level * 15
        c.add("circle", cx=number(cx), cy=number(cy), r=9, fill=colour, stroke="#222222", stroke_width=1,
              class_="press-token", data_who=who, data_space=token.space, data_place=place)
    c.close("g")
    return y + 90


def _points_track(c: Canvas, game: Game, y: float) -> float:
    top = max([50] + [s.points for s in game.seats])
    width = 1180 - PANEL_X - 150
    c.text(PANEL_X, y, "Points", 14, "bold")
    y += 12
    for s in game.seats:
        bar = width * s.points / top
        c.add("rect", x=PANEL_X + 150, y=number(y), width=number(width), height=14, fill="#e6e1d6")
        c.add("rect", x=PANEL_X + 150, y=number(y), width=number(max(bar, 1)), height=14, fill=seat_fill(s.index),
              stroke="#333333", stroke_width=0.8)
        c.text(PANEL_X, y + 12, s.name, 12, colour="#222222")
        c.text(PANEL_X + 144, y + 12, str(s.points), 12, "bold", "end", class_="points", data_seat=s.index)
        y += 20
    return y


def _seats(c: Canvas, game: Game, y: float) -> float:
    for s in game.seats:
        c.open("g", class_="seat", data_seat=s.index, data_name=s.name)
        c.add("rect", x=PANEL_X, y=number(y - 13), width=16, height=16, rx=3, fill=seat_fill(s.index),
              stroke="#333333", stroke_width=0.8)
        c.text(PANEL_X + 24, y, _seat_label(s), 14, "bold")
        facts = (f"{s.points} points · {s.dollars} $ · {s.board} skyscrapers on the board · "
                 f"press space {s.token.space} · {_cards(len(s.hand))} in hand, {len(s.reserve)} in reserve")
        c.text(PANEL_X + 24, y + 18, facts, 12, class_="facts", data_dollars=s.dollars, data_board=s.board,
               data_hand=len(s.hand), data_reserve=len(s.reserve))
        y += 36
        if s.vessels:
            names = [f"{v.kind} {v.ends[0].name}–{v.ends[1].name}" for v in s.vessels]
            for line in wrap_items("vessels: ", names, width=64, indent=4):
                c.text(PANEL_X + 24, y, line, 12, class_="vessels", data_count=len(s.vessels))
                y += 17
        for i, tile in enumerate(s.company):
            used = tile.uid in s.used
            column, row = i % 2, i // 2
            label = f"{tile.char.id} {tile.char.title} ({tile.char.value})" + (" · used" if used else "")
            c.text(PANEL_X + 24 + column * 250, y + row * 16, label, 12, colour="#888888" if used else "#222222",
                   class_="character", data_char=tile.char.id, data_used=str(used).lower())
        y += 16 * ((len(s.company) + 1) // 2) + 14
        c.close("g")
    return y


def _display(c: Canvas, game: Game, y: float) -> float:
    """What is on offer: prestige tiles and the face-up characters of the elevator."""
    c.text(24, y, "Prestige tiles on display:", 14, "bold")
    x = 230
    for tile in game.prestige_display:
        c.add("rect", x=x, y=number(y - 15), width=20, height=20, rx=3, fill=fill(tile.colour), stroke="#333333",
              stroke_width=0.8, class_="prestige-display", data_colour=tile.colour, data_value=tile.value)
        c.text(x + 10, y - 1, str(tile.value), 11, "bold", "middle", "#ffffff")
        x += 28
    if not game.prestige_display:
        c.text(x, y, "none", 13)
    y += 34
    c.text(24, y, "Elevator: the face-up characters, a row per value", 14, "bold")
    y += 12
    for value in sorted(game.elevator_rows):
        tiles = game.elevator_rows[value]
        c.open("g", class_="elevator-row", data_value=value, data_count=len(tiles))
        c.text(40, y + TILE_H / 2 + 5, str(value), 16, "bold", "middle")
        for i, tile in enumerate(tiles):
            tx = 60 + i * (TILE_W + TILE_GAP)
            c.add("rect", x=number(tx), y=number(y), width=TILE_W, height=TILE_H, rx=5, fill="#3b3a4a",
                  stroke="#222222", stroke_width=1, class_="elevator-tile", data_char=tile.char.id)
            c.text(tx + 8, y + 16, f"{tile.char.id}", 13, "bold", colour="#ffffff")
            c.text(tx + 8, y + 32, _fit(tile.char.title, TILE_W - 16), 11, colour="#f0ede4")
        if not tiles:
            c.text(60, y + TILE_H / 2 + 5, "empty", 12, colour="#888888")
        c.close("g")
        y += TILE_H + 6
    return y


def _piles(c: Canvas, game: Game, y: float) -> float:
    """The draw and discard piles, by count."""
    c.text(PANEL_X, y, f"Draw pile: {_cards(len(game.deck))} · discard pile: {_cards(len(game.discard))}",
           13, class_="piles", data_draw=len(game.deck), data_discard=len(game.discard))
    return y + 24


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _fit(text: str, width: float) -> str:
    """A title cut to fit a tile (about 6 pixels a character at 11 points)."""
    room = int(width // 6)
    return text if len(text) <= room else text[:room - 1] + "…"
