"""New York City's state on the shared Game and Seat (engine/state.py): laid by its part when a game's
table is laid out (part.py `setup`), as plain attributes that its rules and primitives read as before
(game.boroughs, seat.dollars...), copied and written in positions as any attribute is; then its table
from the ruleset's components (the shuffled deck, the boroughs, vessels, prestige tiles, characters and
the press track), before the procedure's `setup` list runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine import ops
from ...engine.model import Ruleset
from ...engine.state import Borough, Card, Game, PrestigeTile, PressToken, Seat, Tile, Vessel, Zone

# Each object's attributes in the order they had while they were fields of the shared Game and Seat: a
# position numbers the objects it meets in this order, so positions written before still read.
GAME_ORDER = ("ruleset", "seats", "rng", "chance", "deck", "discard", "pairs", "cards", "boroughs", "borough_by_id",
              "vessels", "board_vessels", "prestige_stack", "prestige_display", "tiles", "elevator_rows",
              "elevator_stacks", "start_stacks", "press", "neutral_token", "mayor", "statue_flipped", "round",
              "bidding_card", "last_bidder", "bidding_start", "bid_winner", "bids_made", "rounds_done", "taken",
              "scoring_step", "pair_counter")
SEAT_ORDER = ("index", "name", "kind", "tom_mode", "tom_cards", "hand", "reserve", "played", "reserve_size",
              "dollars", "board", "points", "company", "vessels", "used", "virtual", "draft_turns_left", "token",
              "scores", "known", "hired", "uses")


def _in_order(state: dict[str, Any], order: tuple[str, ...]) -> None:
    """The attributes named in `order` first, in that order, then the others as they were."""
    ordered = {name: state[name] for name in order}
    ordered.update(state)
    state.clear()
    state.update(ordered)


def lay_state(game: Game) -> None:
    """New York City's parts of the game and of each seat, empty, in their places."""
    state = vars(game)
    state.update(
        pairs=[], boroughs=[], borough_by_id={}, vessels=[], board_vessels=[], prestige_stack=[], prestige_display=[],
        tiles=[], elevator_rows={}, elevator_stacks={}, start_stacks=[],
        press=[],  # ranking, first = farthest ahead
        neutral_token=PressToken(None), mayor=None, statue_flipped=False,
        bidding_card="",  # card type of the current bidding round
        last_bidder=None,  # set by character 18's effect
        bidding_start=None,  # who starts the next bidding round of this phase II
        bid_winner=None,  # the highest bid of the bidding round evaluated last
        bids_made={},  # bids placed in the current bidding round: Seat -> its value
        rounds_done=set(),  # card types whose bidding round is over this game round
        taken=[],  # cards taken on the current draft turn
        pair_counter=0)
    _in_order(state, GAME_ORDER)
    for seat in game.seats:
        _lay_seat(seat)


def _lay_seat(seat: Seat) -> None:
    reserve = Zone("reserve")
    reserve.known = seat.known  # the card types everyone knows the seat holds, in its hand or reserve
    state = vars(seat)
    state.update(
        reserve=reserve, reserve_size=0, dollars=0,
        board=0,  # skyscrapers on the player board
        company=[], vessels=[],
        used=set(),  # tile uids used this game round
        virtual=[],  # card types added to the bid by characters
        draft_turns_left=0, token=None,
        # For balance studies: character id -> tiles taken into the company / times the character acted.
        hired={}, uses={})
    _in_order(state, SEAT_ORDER)


@dataclass(frozen=True)
class Layout:
    """The parts of the setup that are the same in every game of a ruleset, before any shuffle."""

    card_types: tuple[str, ...]  # the type of each card, by card id
    tiles: tuple[Any, ...]  # the character of each elevator tile, by number (copies together)
    # Per elevator row value, in the order its first tile comes, the numbers of its tiles in order.
    stacks: tuple[tuple[int, tuple[int, ...]], ...]
    start_stacks: tuple[tuple[Any, ...], ...]

    @staticmethod
    def of(ruleset: Ruleset) -> "Layout":
        cached = ruleset.setup_cache.get("layout")
        if cached is None:
            comp = ruleset.part.components
            tiles = tuple(char for char in sorted(ruleset.part.characters.values(), key=lambda c: c.id)
                          for _ in range(char.copies))
            cached = ruleset.setup_cache["layout"] = Layout(
                card_types=tuple(t.id for t in comp.card_types for _ in range(t.copies)),
                tiles=tiles,
                stacks=tuple((value, tuple(uid for uid, char in enumerate(tiles) if char.value == value))
                             for value in dict.fromkeys(char.value for char in tiles)),
                start_stacks=tuple(tuple(ruleset.part.characters[i] for i in ids) for ids in comp.start_stacks))
        return cached




def lay_out(game: Game) -> None:
    """New York City's state (lay_state), then its table from the ruleset's components."""
    lay_state(game)
    ruleset, seats = game.ruleset, game.seats
    comp = ruleset.part.components
    assert comp is not None and ruleset.part.numbers is not None
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
        borough.neutral = ruleset.part.numbers.neutral_skyscrapers_per_borough
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
    comp = game.ruleset.part.components
    tokens = []
    for seat in game.seats:
        seat.token = PressToken(seat)
        tokens.append(seat.token)
    ops.shuffle_in_view(game, tokens)  # the seats' tokens stack on the start space in a random order
    game.neutral_token.space = comp.neutral_start[len(game.seats)]
    game.press = [game.neutral_token] + tokens
    game.press.sort(key=lambda t: -t.space)
