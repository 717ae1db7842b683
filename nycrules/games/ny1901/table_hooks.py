"""What New York 1901 gives the table (nycrules/table/game_hooks.py asks a game for these by name).

- `parse_answer(game, decision, text)`: a typed placement, tile, card or territory read as one of
  the decision's options (typed_answers.py): an index, (index, text) for an answer that goes on to
  the next question, a one-line reason, or None (the table's own reader then tries);
- `describe_options(game, decision, every)`: the menu's lines (options_view.py), or None;
- `explain(game, decision)`: `help` for the decision in the rules' terms (decision_help.py);
- `board_text(game, colour)`, `seats_text(game, colour)`, `svg(game)`: the board as text (view.py),
  the seats, the board as a picture (picture.py);
- `opening_lines(ruleset)`: what is assumed about the board and tiles, said when a game starts;
- `decision_context(game, decision)`: the seat's points, workers and generations, the market;
- `typed_option(game, value)`: an option as a person types it (a hint shows it so);
- `option_detail(game, option)`: on a web page, a tile's points and shape, the squares a placement covers;
- `COMMANDS`: the game's own views a person may type at a prompt (`places`, `tiles`, `seats`,
  `picture`);
- `PAGE`: what a web page shows beside the picture and the options (its example of a typed move;
  the buildings and workers new since the page last looked are marked; a territory offered is
  picked by clicking one of its squares).
"""

from __future__ import annotations

from collections import namedtuple
from pathlib import Path
from typing import Any, Callable

from .board import Territory
from .decision_help import Asked
from .decision_help import explain as help_text
from .geometry import Geometry, Spot, TerritoryCard
from .options_view import marked_board, place_lines, tile_lines
from .placing import short_name, tiles_named
from .primitives_land import table
from .studied import ACTION_CARDS
from .tiles import GENERATIONS, Tile
from .typed_answers import (BUILDS, DEMOLISH, WAYS, Answer, read_card, read_cards, read_place, read_territory,
                            read_tile, read_way, read_yes)
from .view import board_lines
from .why_not import Builder, unlocked

_At = namedtuple("_At", "game")  # what table() reads the game's board and state from


def _counted(number: int, thing: str) -> str:
    plural = thing[:-1] + "ies" if thing.endswith("y") else thing + "s"
    return f"{number} {thing if number == 1 else plural}"


def _parts(game: Any) -> tuple[Geometry, Any]:
    return table(_At(game))


def _values(decision: Any) -> list[Any]:
    return [decision.value(i) for i in range(decision.count)]


def _builder(game: Any, seat: int) -> Builder:
    geometry, city = _parts(game)
    params = getattr(game.ruleset, "params", {}) or {}
    unlocks = {g: params[name] for g, name in ((2, "silver_at"), (3, "gold_at")) if isinstance(params.get(name), int)}
    return Builder(geometry, city, seat, tuple(s.name for s in game.seats), game.seats[seat].points, unlocks)


def _is_way(values: list[Any]) -> bool:
    """Whether the options are the ways a turn may go (expand, demolish, build)."""
    return all(isinstance(v, str) for v in values) and set(values) <= set(WAYS)


def parse_answer(game: Any, decision: Any, text: str) -> Answer:
    values = _values(decision)
    if not values or decision.kind not in ("choose", "choose_some", "ask"):
        return None
    builder = _builder(game, decision.seat.index)
    first = values[0]
    if isinstance(first, Spot):
        return read_place(builder, values, text)
    if isinstance(first, Tile):  # the ruleset asks which skyscraper replaces your buildings in a demolition
        return read_tile(builder, values, text, demolishing=decision.key == DEMOLISH)
    if isinstance(first, TerritoryCard):
        return read_card(builder, values, text)
    if isinstance(first, list) and first and isinstance(first[0], TerritoryCard):
        return read_cards(builder, values, text)
    if isinstance(first, Territory):
        return read_territory(builder, values, text)
    if isinstance(first, bool):
        return read_yes(builder, values, decision.key, text)
    if _is_way(values):
        return read_way(builder, values, text)
    return None


def typed_option(game: Any, value: Any) -> str | None:
    """An option as a person would type it in the game's words (`b3l at h1 r1`, `y5`, `red 2`), or None."""
    geometry, _ = _parts(game)
    if isinstance(value, Spot):
        return f"{short_name(geometry.order[value.tile])} at {value.where.lower()} r{value.rotation}"
    if isinstance(value, Tile):
        return short_name(value)
    if isinstance(value, TerritoryCard):
        return f"{value.district} {value.size}"
    if isinstance(value, Territory):
        return value.id
    if isinstance(value, list) and value and all(isinstance(v, TerritoryCard) for v in value):
        return " + ".join(f"{c.district} {c.size}" for c in value)
    return None


def describe_options(game: Any, decision: Any, every: bool = False) -> list[str] | None:
    values = _values(decision)
    if not values:
        return None
    geometry, city = _parts(game)
    if isinstance(values[0], Spot):
        return place_lines(geometry, values) if not every else [
            f"  {i + 1}. {short_name(geometry.order[s.tile])} at {s.where} r{s.rotation}" for i, s in enumerate(values)]
    if isinstance(values[0], Tile):
        return tile_lines(geometry, values)
    return None


def option_detail(game: Any, option: Any) -> str:
    """An option on a web page, in full where its label is short: a tile's points and shape as it lies
    unturned (■ a square), as the terminal draws it; the squares a placement covers; else nothing."""
    value = option.value
    if isinstance(value, Tile):
        shape = "\n".join(value.shape.rows("■", "□"))
        return f"{_counted(value.points, 'point')}, {_counted(len(value.shape.cells), 'square')}:\n{shape}"
    if isinstance(value, Spot):
        grid = _parts(game)[0].board.grid
        return "covers " + ", ".join(grid.name(cell) for cell in sorted(value.cells))
    return ""


def _asked(game: Any, decision: Any) -> Asked:
    geometry, city = _parts(game)
    seat = decision.seat.index
    return Asked(decision.key, _values(decision), seat, game.seats[seat].points,
                 dict(getattr(game.ruleset, "params", {}) or {}), geometry, city)


def explain(game: Any, decision: Any) -> str | None:
    return help_text(_asked(game, decision))


def board_text(game: Any, colour: bool = False) -> str:
    geometry, city = _parts(game)
    return "\n".join(board_lines(geometry, city, [s.name for s in game.seats], colour))


def seats_text(game: Any, colour: bool = False) -> str:
    return seats(game, None, "", colour, None)


BUILDING_KEY = "B bronze, S silver, G gold, L legendary, o starter building; a dot: a worker"


def svg(game: Any) -> str:
    from .picture import board_svg
    from ...engine.scoring import victory
    geometry, city = _parts(game)
    notes = [BUILDING_KEY]
    if geometry.board.assumed:
        notes.append("The board and tiles are assumed (docs/ny1901.md).")
    if game.finished:
        notes.append(f"{victory(game)}.")
    return board_svg(geometry, city, [f"{s.name}: {s.points} points" for s in game.seats], tuple(notes))


def opening_lines(ruleset: Any) -> list[str]:
    geometry = ruleset.part.geometry
    return [f"Note: {text}" for text in (geometry.board.assumed, geometry.tiles.assumed) if text]


# ------------------------------------------------------------------ the game's own views
def _spots_ahead(decision: Any, peek: Callable, depth: int = 3) -> list[Spot]:
    """The legal places of this decision; or of each tile it offers, after a yes to building, or after
    demolishing or building as the turn's way (each asked of the game on a copy: the ruleset says
    what is legal)."""
    values = _values(decision)
    if values and isinstance(values[0], Spot):
        return values
    if depth == 0 or not values:
        return []
    if isinstance(values[0], Tile):
        steps = range(len(values))
    elif isinstance(values[0], bool) and decision.key in BUILDS:
        steps = range(values.index(True), values.index(True) + 1)
    elif _is_way(values):
        steps = [i for i, way in enumerate(values) if way in ("demolish", "build")]
    else:
        return []
    found: list[Spot] = []
    for i in steps:
        after = peek(i)
        if after is None:
            continue
        spots = _spots_ahead(after[1], after[2], depth - 1) if after[1].seat.index == decision.seat.index else []
        if not spots and isinstance(values[i], Tile):  # its one place was taken without asking: the newest building
            geometry, city = _parts(after[0])
            newest = city.spot_of(geometry, len(city.buildings) - 1) if city.buildings else None
            spots = [newest] if newest is not None and geometry.order[newest.tile].id == values[i].id else []
        found += spots
    return found


def places(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    """`places`: where each tile of this decision fits; `places TILE`: that tile's places on the board."""
    geometry, city = _parts(game)
    values = _values(decision)
    if values and isinstance(values[0], bool) and False in values and decision.key not in BUILDS:
        after = peek(values.index(False))  # an action card offered before the turn's way: what a no leads to
        if after is not None and after[1].seat.index == decision.seat.index:
            return places(after[0], after[1], rest, colour, after[2])
    spots = _spots_ahead(decision, peek)
    if not spots:
        if _is_way(values) and "expand" in values:
            return "you have nothing to demolish: expand first, then `places` shows where your tiles fit"
        return "places shows where your tiles fit when you are about to build"
    names = [s.name for s in game.seats]
    offered = list(dict.fromkeys(s.tile for s in spots))
    wanted = rest.strip()
    if not wanted:
        if len(offered) == 1:
            return "\n".join(marked_board(geometry, city, names, spots, offered[0], colour))
        head = ["Demolitions you may make now (expanding first may open more places):"] \
            if _is_way(values) and "expand" in values else []
        return "\n".join(head + place_lines(geometry, spots, numbered=False))
    named = [t for t in tiles_named(geometry, wanted) if t in offered]
    if len(named) != 1:
        shown = ", ".join(short_name(geometry.order[t]) for t in offered)
        return f"places takes one of the tiles you may place now: {shown}"
    return "\n".join(marked_board(geometry, city, names, spots, named[0], colour))


def tiles(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    """`tiles`: your skyscrapers not built yet, drawn, with their points."""
    geometry, city = _parts(game)
    left = [geometry.order[t] for t in city.unbuilt[decision.seat.index]]
    if not left:
        return "you have built all your skyscrapers"
    return "\n".join(tile_lines(geometry, left, numbered=False))


def seats(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    """`seats`: each seat's points, workers, tiles left, buildings by generation, action cards, legendary."""
    geometry, city = _parts(game)
    params = getattr(game.ruleset, "params", {}) or {}
    lines = []
    for seat in game.seats:
        i = seat.index
        standing = [geometry.order[b[0]] for b in city.buildings if b is not None and b[1] == i]
        counts = [sum(1 for t in standing if t.generation == g and not t.legendary) for g in (1, 2, 3)]
        king = f"; {geometry.order[city.king[i]].name}" if city.king[i] >= 0 else ""
        actions = len(ACTION_CARDS) - len(city.used_actions[i]) if params.get("action_cards", 1) else 0
        territories = len(city.territories_of(i))
        lines.append(f"{seat.name}: {_counted(seat.points, 'point')}, {_counted(city.free_workers[i], 'worker')} "
                     f"free, {_counted(len(city.unbuilt[i]), 'tile')} to build, {_counted(territories, 'territory')}")
        # indented 4, not 2: a web page joins a line indented 2 more than the one before to it, as wrapped
        lines.append(f"    standing: {counts[0]} bronze, {counts[1]} silver, {counts[2]} gold{king}; "
                     f"{_counted(actions, 'action card')} face up")
    return "\n".join(line if len(line) <= 80 else line[:77] + "..." for line in lines)


def picture(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    """`picture FILE.svg`: the board as an SVG picture."""
    from ...diagnostics import NycRulesError
    from ...table.saves import write_text

    path = rest.strip()
    if not path.lower().endswith(".svg"):
        return "picture draws the board as an SVG picture: give a file name ending in .svg, e.g. `picture board.svg`"
    try:
        write_text(Path(path), svg(game), "picture")
    except NycRulesError as err:
        return str(err)
    return f"drew the board into {path} (open it in a web browser)"


COMMANDS = {
    "places": (places, "places [TILE]   where your tiles fit now; with a tile, lettered on the board"),
    "tiles": (tiles, "tiles           your skyscrapers not built yet, drawn with their points"),
    "seats": (seats, "seats           every seat's points, workers, buildings and action cards"),
    "picture": (picture, "picture FILE    the board as an SVG picture (open it in a web browser)"),
}
AFTER_THE_GAME = ("seats", "picture")  # the views that need no question waiting


def decision_context(game: Any, decision: Any) -> str:
    """Above a question: your points, workers and generations; the market; the cards in play."""
    geometry, city = _parts(game)
    seat = decision.seat.index
    builder = _builder(game, seat)
    top = unlocked(builder)
    following = [f"{GENERATIONS[g]} at {builder.unlocks[g]}" for g in sorted(builder.unlocks) if g > top]
    opens = f" ({following[0]})" if following else ""
    streets = {s.letter: s.name for s in geometry.board.streets}
    market = ", ".join(f"{geometry.cards[c].district} {geometry.cards[c].size}" for c in city.open_market)
    facts = (f"{_counted(builder.points, 'point')}, {_counted(city.free_workers[seat], 'worker')} free, "
             f"{_counted(len(city.unbuilt[seat]), 'tile')} to build, up to {GENERATIONS[top]}{opens}")
    who = decision.seat.name if len(decision.seat.name) + len(facts) + 2 <= 80 else "You"  # the facts first
    lines = [f"{who}: {facts}",
             f"  market: {market or 'empty'} ({len(city.future)} face down)",
             f"  streets: {', '.join(streets[s] for s in city.streets)}; bonus: {city.bonus.replace('_', ' ')}"]
    return "\n".join(line if len(line) <= 80 else line[:77] + "..." for line in lines)


PAGE = {
    "example": "e.g. b3l at h1 r1, y5, or 2",
    "board_label": "The board: districts, territories, streets, parks and the buildings on them",
    "watched": ["text.generation", "circle.worker"],  # a building's letter, a worker: new ones are marked
    "keys": ["data-tile data-owner", "data-territory"],  # every seat has a bronze_2a
    "mark_new": True,
    "on_board": {"territory": 'rect.square[data-territory="{id}"]'},
}
