"""Scenarios for rule testers: a table set up by hand, then one named part of the procedure run on it.

    from nycrules import scenario
    game = scenario.table(seats=3)                                # a game after setup, round 1
    ann = game.seats[0]
    scenario.give(game, ann, hand="press press wild", reserve="dollar dollar", dollars=2)
    scenario.hire(game, ann, 19)                                  # Ann now has character 19
    scenario.answer(game, "use 19", "done")                       # the next decisions, by label
    scenario.run_part(game, "bidding_round", round_played=game.ruleset.part.rounds[0])
    scenario.texts(game)                                          # what happened, as the log says it

The parts are the procedure's nodes, named by their `id` in the ruleset (`nycrules rules list
procedure`: `phase0`, `phase1`, `phase2`, `bidding_round`, `phase3`, `final_scoring`, ...); a
part runs by itself, now, with the variables given (`round`, `round_played`, ...) beside the
game's numbers. Decisions are answered from a queue of label prefixes (`answer`); a decision
with no answer left raises `Unexpected`, naming the options, so a test always says which choices
it expects. The project's own scenario tests are written with this module (docs/api.md,
"Scenarios"); its functions keep their names and meaning from release to release.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .engine.decisions import Decision
from .engine.model import Ruleset
from .engine.setup import SeatSpec, new_game
from .engine.state import Borough, Card, Game, Seat, Tile

__all__ = ["table", "answer", "assert_answered", "give", "stack_deck", "hire", "lift_tile", "clear_company",
           "borough", "texts", "run_part", "Scripted", "Unexpected"]

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]


class Unexpected(AssertionError):
    """A decision the scenario did not expect: no answer left for it, or an answer that fits none or several."""


class Scripted:
    """Answers decisions from a queue of label prefixes; records every decision asked."""

    def __init__(self) -> None:
        self.answers: deque[str] = deque()
        self.asked: list[Decision] = []

    def __call__(self, game: Game, decision: Decision) -> int:
        self.asked.append(decision)
        if not self.answers:
            raise Unexpected(f"no answer for {decision.seat.name}: {decision.prompt!r}; options: "
                             f"{decision.labels()}")
        wanted = self.answers.popleft()
        for i, label in enumerate(decision.labels()):
            if label == wanted:
                return i
        matches = [i for i, label in enumerate(decision.labels()) if label.startswith(wanted)]
        if len(matches) != 1:
            raise Unexpected(f"answer {wanted!r} matches {len(matches)} options of {decision.prompt!r}: "
                             f"{decision.labels()}")
        return matches[0]


def table(seats: int = 2, kinds: list[str] | None = None, seed: int = 1, ruleset: Ruleset | str | None = None,
          tom: str = "B4") -> Game:
    """A game after its setup (setup decisions take the first option), in game round 1; later decisions
    are answered by `answer`. `kinds`: each seat's kind (`human`, `tom`, ...); `tom`: Toms' mode and cards."""
    from .api import load
    kinds = kinds or ["human"] * seats
    specs = []
    for i, kind in enumerate(kinds):
        if kind == "tom":
            specs.append(SeatSpec(f"Tom{i}", "tom", tom[0], int(tom[1:])))
        else:
            specs.append(SeatSpec(NAMES[i], kind))
    loaded = ruleset if isinstance(ruleset, Ruleset) else load(ruleset or "nyc")
    game = new_game(loaded, specs, seed, lambda g, d: 0)
    game.chooser = Scripted()
    game.round = 1
    return game


def answer(game: Game, *labels: str) -> None:
    """Answer the next decisions, in order, with the options whose labels are (or start with) these."""
    game.chooser.answers.extend(labels)


def assert_answered(game: Game) -> None:
    """Every answer given was used."""
    left = list(game.chooser.answers)
    if left:
        raise Unexpected(f"answers not used: {left}")


def run_part(game: Game, part: str, **variables: Any) -> None:
    """Run the procedure's node with this id by itself, now (`round` defaults to the game's round)."""
    from .engine.procedure import run_part as run
    run(game, part, {"round": game.round, **variables})


def _take(game: Game, kind: str) -> Card:
    for zone in (game.deck, game.discard):
        for card in zone:
            if card.type == kind:
                return card
    raise Unexpected(f"no free {kind} card left in the draw or discard pile")


def give(game: Game, seat: Seat, hand: str | None = None, reserve: str | None = None,
         dollars: int | None = None, board: int | None = None) -> None:
    """Replace the seat's hand/reserve with cards of these types (taken from the piles); set its dollars
    and the skyscrapers on its board."""
    from .engine.ops import move_card
    if hand is not None:
        for card in list(seat.hand):
            move_card(card, game.discard)
        for kind in hand.split():
            move_card(_take(game, kind), seat.hand)
    if reserve is not None:
        for card in list(seat.reserve):
            move_card(card, game.discard)
        for kind in reserve.split():
            move_card(_take(game, kind), seat.reserve)
        seat.reserve_size = max(seat.reserve_size, len(seat.reserve))
    if dollars is not None:
        seat.dollars = dollars
    if board is not None:
        seat.board = board


def stack_deck(game: Game, types: str) -> None:
    """Put cards of these types on top of the draw pile, the first listed drawn first."""
    from .engine.ops import move_card
    for kind in types.split():
        card = _take(game, kind)
        move_card(card, game.discard)  # out of the deck wherever it was
    for kind in reversed(types.split()):
        card = next(c for c in game.discard if c.type == kind)
        move_card(card, game.deck)


def hire(game: Game, seat: Seat, char_id: int) -> Tile:
    """Give the seat a tile of this character (from anywhere), as if hired."""
    tile = next((t for t in game.tiles if t.char.id == char_id and t.where in ("stack", "display", "box")), None)
    if tile is None:
        tile = Tile(len(game.tiles), game.ruleset.part.characters[char_id])
        game.tiles.append(tile)
    lift_tile(game, tile)
    tile.where = "company"
    seat.company.append(tile)
    return tile


def lift_tile(game: Game, tile: Tile) -> None:
    """Take a tile out of the elevator's rows and stacks, wherever it lies there."""
    for place in list(game.elevator_rows.values()) + list(game.elevator_stacks.values()):
        if tile in place:
            place.remove(tile)


def clear_company(seat: Seat) -> None:
    """The seat's characters go back to the box."""
    for tile in seat.company:
        tile.where = "box"
    seat.company.clear()


def borough(game: Game, ident: str) -> Borough:
    return game.borough_by_id[ident]


def texts(game: Game) -> list[str]:
    """The log so far, as its texts."""
    return [e.text for e in game.events]
