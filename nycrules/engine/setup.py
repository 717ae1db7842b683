"""Setting up a game: the table from the ruleset's components, then each seat's setup steps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..language.runtime import Frame, check_count
from ..diagnostics import NycRulesError
from .model import SETUP_ROOT, CharacterDef, Ruleset, Script
from . import ops
from .state import Borough, Card, Game, PrestigeTile, PressToken, Seat, Tile, Vessel
from .tasks import run_now


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a person's name, a bot, or Tom with a mode and card count."""

    name: str
    kind: str  # human, bot:random, bot:greedy, tom
    tom_mode: str = ""
    tom_cards: int = 0


def for_seat(game: Game, seat: Seat, default: Any, *path: str) -> Any:
    """What a seat runs: Tom's own version where his rules give one (`path` into the tom section)."""
    tom = game.ruleset.tom
    if not seat.is_tom or tom is None:
        return default
    found: Any = getattr(tom, path[0])
    for key in path[1:]:
        if key not in found:
            return default
        found = found[key]
    return found


def step_for(game: Game, seat: Seat, name: str) -> Script | None:
    """A per-seat step, Tom's version for Tom's seats; None for a step only Tom has and another seat."""
    tom = game.ruleset.tom
    if seat.is_tom and tom is not None and name in tom.steps:
        return tom.steps[name]
    return game.ruleset.steps.get(name)


def game_number(game: Game, name: str, variables: dict | None = None) -> int:
    """A number of the procedure (an expression in `game:`), Tom's version when any Tom plays."""
    tom = game.ruleset.tom
    script = getattr(game.ruleset.game, name)
    if tom is not None and name in tom.game and any(s.is_tom for s in game.seats):
        script = tom.game[name]
    game.where = script.loc
    frame = Frame(game, dict(variables or {}))
    return check_count(frame, int(script.run(frame)), f"game.{name} of", script.loc)


@dataclass(frozen=True)
class Layout:
    """The parts of the setup that are the same in every game of a ruleset, before any shuffle."""

    card_types: tuple[str, ...]  # the type of each card, by card id
    tiles: tuple[CharacterDef, ...]  # the character of each elevator tile, by number (copies together)
    # Per elevator row value, in the order its first tile comes, the numbers of its tiles in order.
    stacks: tuple[tuple[int, tuple[int, ...]], ...]
    start_stacks: tuple[tuple[CharacterDef, ...], ...]

    @staticmethod
    def of(ruleset: Ruleset) -> "Layout":
        cached = ruleset.setup_cache.get("layout")
        if cached is None:
            comp = ruleset.components
            tiles = tuple(char for char in sorted(ruleset.characters.values(), key=lambda c: c.id)
                          for _ in range(char.copies))
            cached = ruleset.setup_cache["layout"] = Layout(
                card_types=tuple(t.id for t in comp.card_types for _ in range(t.copies)),
                tiles=tiles,
                stacks=tuple((value, tuple(uid for uid, char in enumerate(tiles) if char.value == value))
                             for value in dict.fromkeys(char.value for char in tiles)),
                start_stacks=tuple(tuple(ruleset.characters[i] for i in ids) for ids in comp.start_stacks))
        return cached


def check_seat_count(count: int, ruleset: Ruleset) -> None:
    counts = ruleset.seat_counts
    if count not in counts:
        raise NycRulesError(f"this ruleset plays with {', '.join(map(str, counts))} seats, not {count}")


def new_game(ruleset: Ruleset, specs: list[SeatSpec], seed: int, chooser: Any, log_events: bool = True,
             chance: Any = None) -> Game:
    """Lay out the table and run the procedure's `setup`, its decisions answered by `chooser(game,
    decision)`; the game is then ready to be played on (procedure.play). With no chooser, the setup
    is left on the stack of tasks too: a Session plays it, pausing at decisions. `chance` picks what
    the shuffles and draws give (Game.chance), else the seeded random source does."""
    check_seat_count(len(specs), ruleset)
    if any(s.kind == "tom" for s in specs) and ruleset.tom is None:
        raise NycRulesError("this ruleset has no rules for Tom")
    seats = [Seat(i, spec.name, spec.kind, spec.tom_mode, spec.tom_cards) for i, spec in enumerate(specs)]
    game = Game(ruleset, seats, seed, chance)
    game.chooser = chooser
    game.log_events = log_events
    ruleset.part.setup(game)  # the game's part lays out its table (model.GamePart)
    from .procedure import start, whole_game  # the interpreter reads this module's numbers and steps
    if chooser is None:  # the game waits at its decisions: its setup is played from the stack too
        game.stack.append(whole_game(game))  # the procedure's `setup` list, then its `play` list
        return game
    run_now(game, start(game, SETUP_ROOT))  # the setup now, its decisions answered by the chooser...
    game.cursor = start(game)  # ...and the game after it, to be played from here (procedure.play)
    game.stack.append(game.cursor)
    return game


def lay_out(game: Game) -> None:
    """New York City's table, from the ruleset's components (before its procedure's `setup` list; its
    part's `setup`, games/nyc/part.py)."""
    ruleset, seats = game.ruleset, game.seats
    comp = ruleset.components
    assert comp is not None and ruleset.game is not None
    layout = Layout.of(ruleset)
    # Cards: shuffled into the draw pile.
    deck = game.deck
    game.cards = [Card(i, card_type, deck) for i, card_type in enumerate(layout.card_types)]
    order = list(game.cards)
    ops.shuffle_face_down(game, order)
    deck.extend(order)
    # Boroughs with shuffled sequence and base value tiles.
    letters = list(comp.sequence_tiles)
    values = list(comp.base_values)
    ops.shuffle_in_view(game, letters)
    ops.shuffle_in_view(game, values)
    for i, b in enumerate(comp.boroughs):
        borough = Borough(b.id, b.name, b.lantern, len(seats))
        borough.letter = letters[i]
        borough.letter_rank = comp.sequence_tiles.index(letters[i]) + 1
        borough.base = values[i]
        borough.neutral = ruleset.game.neutral_skyscrapers_per_borough
        game.boroughs.append(borough)
        game.borough_by_id[b.id] = borough
    # Vessels on their connections; prestige tiles stacked face down.
    for kind in comp.vessel_kinds:
        for a, b in kind.routes:
            vessel = Vessel(len(game.vessels), kind.id, kind.colour, (game.borough_by_id[a], game.borough_by_id[b]))
            game.vessels.append(vessel)
            game.board_vessels.append(vessel)
    game.prestige_stack = [PrestigeTile(i, p.colour, p.value) for i, p in enumerate(comp.prestige_tiles)]
    ops.shuffle_face_down(game, game.prestige_stack)
    _setup_characters(game, layout)
    _setup_press(game)


def _setup_characters(game: Game, layout: Layout) -> None:
    tiles = game.tiles = [Tile(uid, char) for uid, char in enumerate(layout.tiles)]
    game.elevator_rows = {value: [] for value, _ in layout.stacks}
    game.elevator_stacks = {value: [tiles[uid] for uid in uids] for value, uids in layout.stacks}
    for value in sorted(game.elevator_stacks):
        ops.shuffle_face_down(game, game.elevator_stacks[value])
        ops.refill_elevator_row(game, value)
    stacks = []
    for chars in layout.start_stacks:
        stack = []
        for char in chars:
            tile = Tile(len(game.tiles), char)
            tile.where = "start"
            game.tiles.append(tile)
            stack.append(tile)
        stacks.append(stack)
    ops.shuffle_in_view(game, stacks)
    game.start_stacks = stacks


def _setup_press(game: Game) -> None:
    comp = game.ruleset.components
    tokens = []
    for seat in game.seats:
        seat.token = PressToken(seat)
        tokens.append(seat.token)
    ops.shuffle_in_view(game, tokens)  # the seats' tokens stack on the start space in a random order
    game.neutral_token.space = comp.neutral_start[len(game.seats)]
    game.press = [game.neutral_token] + tokens
    game.press.sort(key=lambda t: -t.space)
