"""New York City's part of a ruleset (engine/model.py GamePart), built by the loader for each of its
rulesets. For now its methods call New York City's code where it still lives in the engine (docs/games.md,
"Moving New York City"): the table laid out from the components, the seat's observation, the tensor.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...diagnostics import Sink, SourceTexts
from ...engine.bidding import BiddingTurn, Evaluation
from ...engine.building import Build
from ...engine.draft import DraftTurn
from ...engine.model import GamePart, Ruleset
from ...engine.state import Borough, Pair, PressToken, PrestigeTile, Tile, Vessel
from ...engine.usefulness import BidKeeper
from ...reading.marked_yaml import MDict
from . import coverage
from .bots import BOTS
from .observation import observation
from .seats import SEATS
from .state import lay_out
from .tensor import Layout

GAME = "nyc"


class Part(GamePart):
    """What New York City adds to its rulesets: the seat counts its press track starts, and its table."""

    game = GAME
    # What `setup` lays out (state.py), and the tasks of its turns a position may hold under way.
    state_classes = (Tile, Borough, Vessel, PrestigeTile, PressToken, Pair, DraftTurn, BiddingTurn, Evaluation, Build,
                     BidKeeper)
    at_the_table = True
    served = True  # web/: its pages
    seats = SEATS  # Tom (seats.py)
    bots = BOTS  # what the bots know of its decisions (bots.py)

    def __init__(self, seats: tuple[int, ...], most_drawn: int):
        self.seat_counts = seats
        self.most_drawn = most_drawn

    def effects(self, ruleset: Ruleset) -> list[Any]:
        return coverage.effects(ruleset)

    def coverage(self, ruleset: Ruleset) -> list[Any]:
        return coverage.groups(ruleset)

    def setup(self, game: Any) -> None:
        lay_out(game)

    def observation(self, game: Any, seat: int) -> dict[str, Any]:
        return observation(game, seat)

    def held(self, seat: Any) -> tuple[Any, ...]:
        """A seat's hand and reserve."""
        return seat.hand, seat.reserve

    def tally(self, seat: Any) -> tuple[tuple[Any, ...], dict[Any, int], dict[Any, int]]:
        """The characters of its company (one per tile), the tiles it hired and the times each acted."""
        return tuple(tile.char.id for tile in seat.company), seat.hired, seat.uses

    def seen_cards(self, game: Any) -> Any:
        """The cards taken on the current draft turn (a pair taken face up)."""
        return game.taken

    def redeal(self, game: Any, seat: int, rng: Any) -> None:
        """The face-down character stacks of the elevator and the prestige stack, shuffled (the cards are
        dealt anew by engine/information.determinize, as for any game)."""
        for value in sorted(game.elevator_stacks):
            stack = game.elevator_stacks[value]
            stack.sort(key=lambda t: t.uid)
            rng.shuffle(stack)
        game.prestige_stack.sort(key=lambda t: t.id)
        rng.shuffle(game.prestige_stack)

    def tensor_layout(self, ruleset: Ruleset) -> Any:
        return Layout(ruleset)


def part(doc: MDict, folder: Path, sink: Sink, sources: SourceTexts) -> Part:
    """The part of a ruleset that passed every check: the seat counts are those the press track gives
    the neutral tokens for; a random draw of its own picks among the prestige tiles, the start stacks,
    the character tiles (a row's stack holds some of them) or the boroughs at most (OpenSpiel's chance
    outcomes; the cards and seats every game has are counted there)."""
    comp = doc["components"]
    seats = tuple(sorted(int(count) for count in comp["press_track"]["neutral_start"]))
    tiles = sum(c["copies"] for c in doc["characters"]) + sum(len(stack) for stack in comp["start_stacks"])
    return Part(seats, max(len(comp["prestige_tiles"]), len(comp["start_stacks"]), tiles, len(comp["boroughs"])))
