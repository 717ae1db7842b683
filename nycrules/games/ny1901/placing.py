"""A placement as a person types it: a tile, a square, a turn (`b3l at d4 r1`, `bronze 3l d4 turned 90`).

Pure functions of the game's Geometry: what the words name (a tile, a square, a number of quarter
turns), with a did-you-mean for a tile or square mistyped. Which of the names is legal now is read
from a decision's options by typed_answers.py, and why one is not, by why_not.py.

- A tile: its id (`bronze_3l`), the id with a space (`bronze 3l`), its short name (`b3l`: the
  generation's initial, then the rest of the id), a legendary's name or a start of it (`metro`).
  A start that fits several tiles (`b3`) is kept as several candidates.
- A square: column letter(s) and row number as on the board's edges (`d4`, `D4`).
- A turn: quarter turns clockwise, as `r1`, `turned 90`, `turn 1`, `rot 2`, `180`, `turned a
  quarter`, `half`; left out when only one turn fits.
- The option key's own form, `bronze_3l@D4/1` (or `spot:bronze_3l@D4/1`), is read as well.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .geometry import Geometry
from .tiles import GENERATIONS, Tile

_SQUARE = re.compile(r"[a-z]{1,2}[0-9]{1,3}")
_KEY = re.compile(r"(?:spot:)?([a-z0-9_]+)@([a-z]{1,2}[0-9]{1,3})/([0-9])")
_TURN_NAMES = {"quarter": 1, "a quarter": 1, "half": 2, "three quarters": 3, "none": 0, "not": 0}
_JOINS = {"at", "on", "@", "in", "to"}


@dataclass(frozen=True)
class Typed:
    """The words of a typed placement, split: any of them may be missing."""

    tile: str  # the words naming the tile ('' when none)
    square: str  # the square's name, lower case ('' when none)
    turn: int | None  # quarter turns clockwise, 0-3 (None when not given)
    bad_turn: str = ""  # a turn given that is no quarter turn (`turned 45`)


def words(text: str) -> str:
    return " ".join(text.lower().replace(",", " ").split())


def _turn_value(text: str) -> int | None:
    """0-3 for `1`, `90`, `r1`, `a quarter`, ...; None when the text is no turn."""
    text = text.strip()
    if text in _TURN_NAMES:
        return _TURN_NAMES[text]
    text = text.removeprefix("r").removesuffix("°").removesuffix(" degrees").removesuffix("deg")
    if text.isascii() and text.isdigit():
        number = int(text)
        if number in (0, 1, 2, 3):
            return number
        if number in (90, 180, 270, 360):
            return number // 90 % 4
    return None


def split(text: str) -> Typed:
    """The tile words, square and turn of a typed placement (nothing is looked up here)."""
    text = words(text)
    key = _KEY.fullmatch(text.replace(" ", ""))
    if key:
        return Typed(key.group(1), key.group(2), int(key.group(3)))
    turn, bad = None, ""
    found = re.search(r"(?:^| )(?:(?:turned|turns|turn|rotation|rotated|rot|t)[ :=]*)([a-z0-9° ]+)$", text)
    short = re.search(r"(?:^| )(r[0-9]{1,3})$", text)
    if found and _turn_value(found.group(1)) is not None:
        turn, text = _turn_value(found.group(1)), text[:found.start()].strip()
    elif found:
        bad, text = found.group(1).strip(), text[:found.start()].strip()
    elif short:
        value = _turn_value(short.group(1))
        turn, bad = value, ("" if value is not None else short.group(1))
        text = text[:short.start()].strip()
    tokens = text.split()
    if turn is None and not bad and len(tokens) >= 2 and _SQUARE.fullmatch(tokens[-2]) and \
            _turn_value(tokens[-1]) is not None:  # `d4 90`
        turn = _turn_value(tokens[-1])
        tokens = tokens[:-1]
    for i, token in enumerate(tokens):
        if token in _JOINS:
            return Typed(" ".join(tokens[:i]), " ".join(tokens[i + 1:]), turn, bad)
    if tokens and _SQUARE.fullmatch(tokens[-1]) and (len(tokens) > 1 or turn is not None or bad):
        return Typed(" ".join(tokens[:-1]), tokens[-1], turn, bad)
    return Typed(" ".join(tokens), "", turn, bad)


# ------------------------------------------------------------------ tiles
def short_name(tile: Tile) -> str:
    """`b3l` for bronze_3l: the generation's initial, then the rest of the id; a legendary's first word
    (`metropolitan`, `woolworth`)."""
    head, _, rest = tile.id.partition("_")
    if tile.legendary:
        return tile.name.split()[0].lower()
    if head in GENERATIONS and rest:
        return head[0] + rest
    return tile.id


def _squashed(text: str) -> str:
    return re.sub(r"[\s_\-.']+", "", text.lower())


def aliases(tile: Tile) -> set[str]:
    """What a person may type for the tile, squashed (no spaces, underscores or dashes)."""
    return {_squashed(tile.id), _squashed(short_name(tile)), _squashed(tile.name)}


def tiles_named(geometry: Geometry, text: str) -> list[int]:
    """The tiles (indices into geometry.order, the starter left out) the words name: exactly, else by
    a start of their names (at least 2 letters); several when the start fits several."""
    typed = _squashed(text)
    if not typed:
        return []
    tiles = [(i, t) for i, t in enumerate(geometry.order) if t.generation > 0]
    exact = [i for i, t in tiles if typed in aliases(t)]
    if exact or len(typed) < 2:
        return exact
    return [i for i, t in tiles if any(a.startswith(typed) for a in aliases(t))]


def tile_suggestions(geometry: Geometry, text: str, among: list[int] | None = None) -> list[str]:
    """Short names of the tiles spelled close to `text` (of `among` when given), best first."""
    typed = _squashed(text)
    names: dict[str, str] = {}
    for i, tile in enumerate(geometry.order):
        if tile.generation == 0 or (among is not None and i not in among):
            continue
        for alias in aliases(tile):
            names.setdefault(alias, short_name(tile))
    close = difflib.get_close_matches(typed, list(names), n=6, cutoff=0.6)
    return list(dict.fromkeys(names[c] for c in close))[:3]


# ------------------------------------------------------------------ squares
def square_named(geometry: Geometry, text: str) -> int | None:
    return geometry.board.grid.cell_named(text) if _SQUARE.fullmatch(text.lower()) else None


def no_square(geometry: Geometry, text: str) -> str:
    """Why `text` names no square of the board, with the square perhaps meant."""
    grid = geometry.board.grid
    last = grid.name(grid.size - 1)
    shown = text if len(text) <= 12 else text[:12] + "..."
    meant = ""
    swapped = re.fullmatch(r"([0-9]{1,3})([a-z]{1,2})", text.lower())
    if swapped and grid.cell_named(swapped.group(2) + swapped.group(1)) is not None:
        meant = f" (did you mean {(swapped.group(2) + swapped.group(1)).upper()}?)"
    else:
        ident = text.lower()
        territory = next((t for t in geometry.board.territories if t.id == ident), None)
        if territory is not None:
            squares = sorted(territory.cells)
            meant = (f" ({territory.id} is a territory, on {', '.join(grid.name(c) for c in squares)}: "
                     "a place is named by a square)")
    return (f"there is no square {shown.upper()} on the board: squares go from A1 to {last} "
            f"(the column's letter, then the row's number){meant}")


def turn_text(turn: int) -> str:
    return f"r{turn}"
