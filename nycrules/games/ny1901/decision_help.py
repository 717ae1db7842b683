"""`help` at one of New York 1901's decisions: what it means now, in the rules' terms, in our own words.

Which decision it is, is read from what its options are (places, tiles, territory cards,
territories, the ways of a turn, yes or no) and, for a yes or no and a demolition's tile, from
the key the ruleset gives the question (`ask(question, "market_shift")`), never its wording.
The numbers in the text (thresholds, workers, points) are the game's and the seat's as they
stand. Every line fits 80 columns.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from .board import Territory
from .city import City
from .geometry import Geometry, Spot, TerritoryCard
from .tiles import Tile
from .typed_answers import BUILDS, CONSTRUCTION_BOOM, DEMOLISH, LAND_GRAB, MARKET_SHIFT

WIDTH = 80


@dataclass(frozen=True)
class Asked:
    """What the help reads: the question's key (the ruleset's name for it, not its wording), its
    option values, the seat and the game's numbers."""

    key: str
    values: list[Any]
    seat: int
    points: int
    params: dict[str, Any]
    geometry: Geometry
    city: City


def _param(asked: Asked, name: str, default: int) -> int:
    value = asked.params.get(name, default)
    return value if isinstance(value, int) else default


def _unlocks(asked: Asked) -> str:
    silver, gold = _param(asked, "silver_at", 6), _param(asked, "gold_at", 18)
    return (f"Bronze is open from the start; silver unlocks at {silver} points and gold at {gold} "
            f"(you have {asked.points}).")


RULES_OF_CONSTRUCTION = (
    "A skyscraper lies wholly inside your estate (all your territories, built on or not), touches a "
    "street or a park along an edge (corners do not count) and covers no building, except by a "
    "demolition. It may span several territories and districts and need not fill them. The "
    "workers of every territory it covers, even in part, come back to you, and you score its "
    "points at once.")
TYPING = ("Type a tile and a place: `b3l at h1 r1` (the tile's short name, the square of its first "
          "square -- its top row's leftmost as it lies -- and r0-r3, its quarter turns clockwise; "
          "the turn may be left out when only one fits). `places` lists where each tile fits, "
          "`places b3l` marks it on the board, `tiles` draws your tiles.")
ACTION_CARDS = "Each action card is played once a game; each one still face up scores 1 point at the end."


def _ways(asked: Asked) -> list[str]:
    workers = asked.city.free_workers[asked.seat]
    out = ["Your turn: expand or demolish, then build."]
    if "expand" in asked.values:
        out.append("expand: take one face-up territory card and put a worker on a free territory of that "
                   "card's district and size; it joins your estate for the rest of the game. Then you may "
                   "build, or pass. With a worker free you must expand unless you demolish.")
    if "build" in asked.values:
        out.append("build: you have no worker free (or no card you can use), so you skip expanding and go "
                   "straight to building, which you may also pass.")
    if "demolish" in asked.values:
        out.append("demolish: build a skyscraper over your own buildings of lower generations (the "
                   "starter is below bronze; a legendary is never demolished). They go back to the box "
                   "and you keep their points; each territory of your estate left with neither worker nor "
                   "building gets one of your workers. Then you must build there.")
    out.append(f"You have {workers} worker{'s' if workers != 1 else ''} free. {_unlocks(asked)}")
    return out


def _tiles(asked: Asked) -> list[str]:
    demolishing = asked.key == DEMOLISH
    head = ("Choose the skyscraper that replaces your buildings (a higher generation than each of them)."
            if demolishing else "Choose the skyscraper to build.")
    return [head, _unlocks(asked) + " A legendary (gold) is communal: the first to build it has it, one "
                                    "a player.", RULES_OF_CONSTRUCTION, TYPING]


def _places(asked: Asked) -> list[str]:
    demolishing = all(asked.city.under_spot(s.cells) for s in asked.values)
    head = ("Choose where: the place covers your buildings that go back to the box." if demolishing
            else "Choose where the skyscraper goes.")
    return [head, RULES_OF_CONSTRUCTION, TYPING]


def _cards(asked: Asked) -> list[str]:
    size = _param(asked, "market_size", 4)
    if isinstance(asked.values[0], list):
        return ["Land Grab: take two size-2 territory cards of the market at once; a worker goes on a free "
                "territory of each card's district and size.", "Type the two cards, `red 2 + yellow 2`."]
    return [f"Expand: take one of the {size} face-up territory cards (the Open Market). It names a district "
            "and a size; your worker then goes on a free territory of that district and size, which "
            "joins your estate for good. The market is refilled from the Future Market.",
            "Type the card (`yellow 2`), or a territory's name (`y5`) to take its card and claim it at once."]


def _territories(asked: Asked) -> list[str]:
    mine = all(asked.city.holder[asked.geometry.territory_number(t.id)] == asked.seat for t in asked.values)
    if mine:
        return ["You have no worker free and nothing you may build or demolish: take a worker back. The "
                "territory it stood on leaves your estate and is free again; its card goes to the bottom "
                "of the Future Market.", "Type the territory's name as the board shows it (`y5`)."]
    return ["Put your worker on a free territory of the card's district and size; it stays in your estate "
            "for the rest of the game, whether you build on it or not.",
            "Type the territory's name as the board shows it (`y5`)."]


def _asked_yes(asked: Asked) -> list[str]:
    end = _param(asked, "end_unbuilt", 4)
    if asked.key == MARKET_SHIFT:
        return ["Market Shift: the face-up territory cards go under the Future Market, shuffled, and new "
                "ones are dealt before you expand. " + ACTION_CARDS]
    if asked.key == LAND_GRAB:
        return ["Land Grab: this expansion takes two size-2 territory cards from the market instead of one, "
                "and puts two workers down; the market is refilled once after. Not when the Future Market "
                "is empty. " + ACTION_CARDS]
    if asked.key == CONSTRUCTION_BOOM:
        return [f"Construction Boom: build one more skyscraper this turn, under the same rules (no territory "
                f"card, no demolition); not when it would leave you fewer than {end} skyscrapers unbuilt. "
                + ACTION_CARDS, TYPING]
    if asked.key in BUILDS:
        return ["Building is optional after an expansion: answer yes to choose a skyscraper and its place, "
                "or no to pass. You may also type the placement itself here.", RULES_OF_CONSTRUCTION, TYPING]
    return []


def _end(asked: Asked) -> str:
    end = _param(asked, "end_unbuilt", 4)
    return (f"The game ends when a player has only {end} skyscrapers unbuilt, or the market runs dry; "
            "every other player then has one final turn, and the Streets of New York, the bonus "
            "challenge and unused action cards score.")


def explain(asked: Asked) -> str | None:
    """The help text for the decision, or None when it is none of the game's own kinds."""
    values = asked.values
    if not values:
        return None
    first = values[0]
    if all(isinstance(v, str) for v in values) and set(values) <= {"expand", "demolish", "build"}:
        parts = _ways(asked) + [_end(asked)]
    elif isinstance(first, Spot):
        parts = _places(asked)
    elif isinstance(first, Tile):
        parts = _tiles(asked)
    elif isinstance(first, TerritoryCard) or (isinstance(first, list) and first
                                              and isinstance(first[0], TerritoryCard)):
        parts = _cards(asked)
    elif isinstance(first, Territory):
        parts = _territories(asked)
    elif isinstance(first, bool):
        parts = _asked_yes(asked)
    else:
        return None
    if not parts:
        return None
    return "\n".join(line for part in parts for line in textwrap.wrap(part, WIDTH))
