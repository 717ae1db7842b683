"""What a person types at one of New York 1901's decisions, read as one of its options.

Each reader takes the decision's option values (whatever the ruleset offers: places, tiles,
territory cards, territories, the ways of a turn, yes or no) and gives

- an option's index;
- (index, text): that option, and the same text for the next question of this seat: `b3l at d4
  r1` typed at "Build a skyscraper?" answers yes, then the tile, then the place;
- a str: one line saying why the text is no legal option (a mistyped tile or square with the
  name perhaps meant, or which rule of construction the place breaks);
- None: the text is not of this game's kind; the table's own reader tries it.

The option chosen is found among the values by what they are (a place by its tile, square and
turn), never by a hard-coded key.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from .board import Territory
from .geometry import Spot, TerritoryCard
from .placing import (Typed, no_square, short_name, split, square_named, tile_suggestions, tiles_named, turn_text,
                      words)
from .tiles import Tile
from .why_not import NOT_OFFERED, Builder, canonical_turn, tile_refused, why_not

Answer = int | tuple[int, str] | str | None
WAYS = ("expand", "demolish", "build")  # the ways a turn may go, as the ruleset names them
# The questions' keys the ruleset gives them (`ask(question, key)`), read instead of their wording,
# which a mod may change: yes-or-no questions about building, the action cards asked before a
# choice, and the tile of a demolition.
MARKET_SHIFT, LAND_GRAB, CONSTRUCTION_BOOM, DEMOLISH = "market_shift", "land_grab", "construction_boom", "demolish"
BUILDS = ("build", CONSTRUCTION_BOOM)
# The keys the table reads, by the primitive asking ("": a question of it may have none): `validate`
# warns of another (loading/loader.py).
QUESTION_KEYS = {"ask": (*BUILDS, LAND_GRAB, MARKET_SHIFT), "choose": ("", DEMOLISH)}


def _looks_like_square(text: str) -> bool:
    return re.fullmatch(r"[a-z]{1,2}[0-9]{1,3}", text) is not None


def _tile_problem(builder: Builder, text: str, among: list[int], typed: Typed | None = None,
                  demolishing: bool = False) -> tuple[list[int], str | None]:
    """The tiles of `among` the words name, or why none: no tile of that name (did you mean), or a
    tile named that cannot be chosen now (at the square typed, why not there)."""
    geometry = builder.geometry
    named = tiles_named(geometry, text)
    if not named:
        close = tile_suggestions(geometry, text)
        meant = f" (did you mean {' or '.join(f'`{c}`' for c in close)}?)" if close else ""
        return [], (f"no tile is called '{text[:24]}'{meant}; a tile is named like `b3l` (bronze 3l) or by "
                    "a legendary's name")
    offered = [t for t in named if t in among]
    if offered:
        return offered, None
    if len(named) == 1:
        refused = tile_refused(builder, named[0])
        cell = square_named(geometry, typed.square) if typed is not None and typed.square else None
        if refused is None and cell is not None:
            refused = why_not(builder, named[0], cell, typed.turn, demolishing)  # type: ignore[union-attr]
        return [], refused or f"{geometry.order[named[0]]} fits nowhere you may build it now"
    return [], f"none of {', '.join(short_name(geometry.order[t]) for t in named[:5])} can be built now"


def _several(geometry: Any, tiles: list[int]) -> str:
    names = [f"`{short_name(geometry.order[t])}`" for t in tiles[:4]]
    return f"that could be {' or '.join(names)}: type more of the tile's name"


# ------------------------------------------------------------------ places
def read_place(builder: Builder, spots: list[Spot], text: str) -> Answer:
    """A place among `spots` (the options of a "where?" decision)."""
    geometry, grid = builder.geometry, builder.geometry.board.grid
    typed = split(text)
    if typed.bad_turn:
        return f"'{typed.bad_turn[:12]}' is no turn: turn a tile by quarters, r0 r1 r2 r3 (or 0, 90, 180, 270)"
    if not typed.square and _looks_like_square(typed.tile):
        typed = Typed("", typed.tile, typed.turn)
    offered = list(dict.fromkeys(s.tile for s in spots))
    tiles = offered
    if typed.tile:
        tiles, problem = _tile_problem(builder, typed.tile, offered, typed,
                                       all(builder.city.under_spot(s.cells) for s in spots))
        if problem:
            if len(offered) == 1:
                problem += f"; this question places your {geometry.order[offered[0]]} (`undo` to choose another)"
            return problem
    if not typed.square:
        mine = [i for i, s in enumerate(spots) if s.tile in tiles]
        if len(mine) == 1:
            return mine[0]
        if not typed.tile:
            return None
        return f"where? add a square, e.g. `{short_name(geometry.order[tiles[0]])} at {_example(spots, tiles)}`"
    cell = square_named(geometry, typed.square)
    if cell is None:
        return no_square(geometry, typed.square)
    demolishing = all(builder.city.under_spot(s.cells) for s in spots)

    def turned(s: Spot) -> bool:
        return typed.turn is None or s.rotation == canonical_turn(geometry.order[s.tile], typed.turn)

    here = [i for i, s in enumerate(spots) if s.tile in tiles and s.anchor == cell and turned(s)]
    if not here:
        covering = [i for i, s in enumerate(spots) if s.tile in tiles and cell in s.cells and turned(s)]
        if len(covering) == 1:
            return covering[0]  # the one place of the tile over that square: what was meant
        if covering:
            shown = ", ".join(_place(geometry, spots[i]) for i in covering[:4])
            return (f"no place has its first square (the top row's leftmost) on {grid.name(cell)}; "
                    f"places over {grid.name(cell)}: {shown}{', ...' if len(covering) > 4 else ''}")
        if len(tiles) > 1:
            return f"nothing of {', '.join(short_name(geometry.order[t]) for t in tiles[:4])} fits on {grid.name(cell)}"
        return why_not(builder, tiles[0], cell, typed.turn, demolishing)
    if len({spots[i].tile for i in here}) > 1:
        fitting = sorted({spots[i].tile for i in here})
        names = ", ".join(short_name(geometry.order[t]) for t in fitting[:6])
        return (f"several tiles fit on {grid.name(cell)} ({names}): name one, e.g. "
                f"`{short_name(geometry.order[fitting[0]])} at {grid.name(cell).lower()}`")
    if len(here) > 1:
        turns = " or ".join(turn_text(spots[i].rotation) for i in here)
        tile = short_name(geometry.order[spots[here[0]].tile])
        return (f"{geometry.order[spots[here[0]].tile]} fits on {grid.name(cell)} turned {turns}: add the turn, "
                f"e.g. `{tile} at {grid.name(cell).lower()} {turn_text(spots[here[-1]].rotation)}`")
    return here[0]


def _place(geometry: Any, spot: Spot) -> str:
    return f"{geometry.board.grid.name(spot.anchor)} {turn_text(spot.rotation)}"


def _example(spots: list[Spot], tiles: list[int]) -> str:
    first = next(s for s in spots if s.tile in tiles)
    return f"{first.where.lower()} {turn_text(first.rotation)}"


# ------------------------------------------------------------------ tiles
def read_tile(builder: Builder, tiles: list[Tile], text: str, demolishing: bool = False) -> Answer:
    """A tile among `tiles` (a "which skyscraper?" decision, of a demolition or not); with a place typed
    too, the tile and the text again for the place."""
    geometry = builder.geometry
    typed = split(text)
    if not typed.tile:
        return None
    among = [geometry.tile_index(t.id) for t in tiles]
    found, problem = _tile_problem(builder, typed.tile, among, typed, demolishing)
    if problem:
        return problem
    if len(found) > 1:
        return _several(geometry, found)
    index = among.index(found[0])
    return (index, text) if typed.square or typed.turn is not None else index


# ------------------------------------------------------------------ the turn's way, and yes or no
def is_placement(typed: Typed) -> bool:
    return bool(typed.tile and typed.square)


def read_way(builder: Builder, ways: list[str], text: str) -> Answer:
    """`expand`, `demolish` or `build` (the turn's first choice); a placement typed here goes on to the
    build it needs: over your own buildings a demolition, else a plain build; land typed here (a
    territory's name, a card) goes on to expanding."""
    typed = split(text)
    if not is_placement(typed):
        return (ways.index("expand"), text) if "expand" in ways and names_land(builder, text) else None
    geometry = builder.geometry
    tiles = tiles_named(geometry, typed.tile)
    cell = square_named(geometry, typed.square)
    if cell is None:
        return no_square(geometry, typed.square)
    if len(tiles) != 1:
        _, problem = _tile_problem(builder, typed.tile, tiles)
        return problem or _several(geometry, tiles)
    turns = range(4) if typed.turn is None else [typed.turn]
    places = [s for q in turns if (s := geometry.spot(tiles[0], cell, canonical_turn(geometry.order[tiles[0]], q)))]
    covers = any(builder.city.under_spot(s.cells) for s in places)
    if covers and "demolish" in ways:
        return ways.index("demolish"), text
    reason = why_not(builder, tiles[0], cell, typed.turn, demolishing=False)
    if reason != NOT_OFFERED:  # a rule of construction forbids it, whatever the turn's way
        return reason
    if "build" in ways:
        return ways.index("build"), text
    if "expand" in ways:
        return ("with a worker free you claim a territory first (`expand`), and then build: type `expand`"
                + ("" if covers or "demolish" not in ways else "; a demolition builds over your own buildings"))
    return None


def read_yes(builder: Builder, options: list[Any], key: str, text: str) -> Answer:
    """A placement typed at a yes-or-no question about building (its `key`, BUILDS): yes, then the
    placement. Land typed at Land Grab's question: two cards, yes; one territory or card, no (one
    card, as usual). A move typed at Market Shift's question, which opens a turn: no, then the move."""
    if True in options and key in BUILDS and is_placement(split(text)):
        return options.index(True), text
    if key == LAND_GRAB and False in options and names_land(builder, text):
        two = len([p for p in re.split(r"\s*(?:\+|,|\band\b)\s*", words(text)) if p]) == 2
        return options.index(two), text
    if key == MARKET_SHIFT and False in options and (names_land(builder, text) or is_placement(split(text))):
        return options.index(False), text  # the turn's move typed at its first question: no shift
    return None


def names_land(builder: Builder, text: str) -> bool:
    """Whether the words name a territory (`y5`) or territory cards (`yellow 2`, `red 2 + blue 2`)."""
    typed = words(text).removeprefix("territory ")
    if any(t.id == typed for t in builder.geometry.board.territories):
        return True
    parts = [p for p in re.split(r"\s*(?:\+|,|\band\b)\s*", typed) if p]
    return bool(parts) and all(_kind(builder, p) is not None for p in parts)


# ------------------------------------------------------------------ land
def read_territory(builder: Builder, territories: list[Territory], text: str) -> Answer:
    """A territory among the options, by its name on the board (`y5`) or a square of it (`b2`, when no
    territory is called so)."""
    ident = words(text).removeprefix("territory ").strip()
    board = builder.geometry.board
    names = [t.id for t in territories]
    if ident in names:
        return names.index(ident)
    known = {t.id for t in board.territories}
    cell = square_named(builder.geometry, ident) if ident not in known else None  # a territory's name first
    if cell is not None and builder.geometry.territory_at[cell] >= 0:  # else a square of one
        held = board.territories[builder.geometry.territory_at[cell]].id
        if held in names:
            return names.index(held)
        ident = held
    if ident in known:
        shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
        return f"{ident} is not one you can choose now; you can choose {shown}"
    if re.fullmatch(r"[a-z][0-9]{1,3}", ident):
        close = difflib.get_close_matches(ident, names, n=3, cutoff=0.5)
        meant = f" (did you mean {' or '.join(close)}?)" if close else ""
        return f"there is no territory {ident}{meant}; a territory is named as on the board, like {names[0]}"
    return None


def read_card(builder: Builder, cards: list[TerritoryCard], text: str) -> Answer:
    """A territory card: `yellow 2`, `yellow size-2`, or a territory's name (`y5`: the card that claims
    it, then the territory itself)."""
    typed = words(text).replace("size-", "").replace("size ", "").replace("card", "").strip()
    board = builder.geometry.board
    territory = next((t for t in board.territories if t.id == typed), None)
    if territory is not None:
        fits = [i for i, c in enumerate(cards) if (c.district, c.size) == (territory.district, territory.size)]
        if fits:
            return fits[0], typed
        return f"no face-up card is a {territory.district} size-{territory.size} card, which {typed} needs"
    found = re.fullmatch(r"([a-z]+) ?([23])?", typed)
    if not found:
        return None
    colour = next((d for d in board.districts if d.startswith(found.group(1))), None)
    if colour is None:
        return None
    matching = [i for i, c in enumerate(cards)
                if c.district == colour and (found.group(2) is None or c.size == int(found.group(2)))]
    if len({(cards[i].district, cards[i].size) for i in matching}) == 1:
        return matching[0]
    if matching:
        return f"there are {colour} cards of size 2 and 3 face up: type `{colour} 2` or `{colour} 3`"
    return None


def _kind(builder: Builder, part: str) -> tuple[str, int | None] | None:
    """(district, size or None) for `red 2`, `red size-2`, `red`; None when the words name no card."""
    found = re.fullmatch(r"([a-z]+) ?(?:size-?|size )?([23])?(?: card)?", part)
    if not found:
        return None
    colour = next((d for d in builder.geometry.board.districts if d.startswith(found.group(1))), None)
    return (colour, int(found.group(2)) if found.group(2) else None) if colour else None


def read_cards(builder: Builder, pairs: list[list[TerritoryCard]], text: str) -> Answer:
    """Several territory cards at once (Land Grab's two): `red 2 + yellow 2`, `red and yellow`."""
    parts = [p for p in re.split(r"\s*(?:\+|,|\band\b)\s*", words(text)) if p]
    kinds = [_kind(builder, p) for p in parts]
    if len(parts) < 2 or None in kinds:
        return None
    for i, pair in enumerate(pairs):
        left = [(c.district, c.size) for c in pair]
        if len(left) == len(kinds) and all(_take(left, kind) for kind in kinds):  # type: ignore[arg-type]
            return i
    shown = " and ".join(f"{d} {n}" if n else d for d, n in kinds)  # type: ignore[misc]
    return f"no choice here is {shown}"


def _take(left: list[tuple[str, int]], kind: tuple[str, int | None]) -> bool:
    """Take a card of that kind out of `left`; whether there was one."""
    for i, (district, size) in enumerate(left):
        if district == kind[0] and kind[1] in (None, size):
            del left[i]
            return True
    return False
