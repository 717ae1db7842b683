"""New York City's state: its pieces (the character tiles, boroughs, vessels, prestige tiles, press
tokens, pairs of cards), and its parts of the shared Game and Seat (engine/state.py), laid by its part
when a game's table is laid out (part.py `setup`) as plain attributes that its rules and primitives
read as before (game.boroughs, seat.dollars...), copied and written in positions as any attribute is
(a position names a piece by its class: part.py `state_classes`); then its table from the ruleset's
components (the shuffled deck, the boroughs, vessels, prestige tiles, characters and the press track),
before the procedure's `setup` list runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...engine import ops
from . import mechanics
from ...engine.copying import Copied
from ...engine.model import Ruleset
from ...engine.state import Card, Game, Seat, Zone

if TYPE_CHECKING:
    from .model import CharacterDef


def apart(value: Any) -> Any:
    """What makes a value alike others as an option (decisions.same_choice_key): itself alone."""
    return ("value", id(value))


class Pair(Copied):
    __slots__ = ("id", "cards")

    def __init__(self, id: int):
        self.id = id
        self.cards = Zone(f"pair {id}", True)  # public; by position: a call with a keyword costs more

    def __repr__(self) -> str:
        return f"<pair {self.id}: {self.name()}>"

    def __str__(self) -> str:  # as an option's label and in the log (decisions.describe)
        return self.name()

    @property
    def option_key(self) -> str:
        return f"pair:{self.name().replace(' ', '')}"

    alike = property(apart)  # two pairs of the same cards are two options

    def name(self) -> str:
        """The pair as a player reads it: its card types, in alphabetical order."""
        return " + ".join(sorted(c.type for c in self.cards)) or "empty pair"


class Tile(Copied):
    """One character tile; several tiles may show the same character."""

    __slots__ = ("uid", "char", "where")

    def __init__(self, uid: int, char: "CharacterDef"):
        self.uid = uid
        self.char = char
        self.where = "stack"  # stack, display (face up on the elevator), start, company, removed, box

    @property
    def value(self) -> int:
        return self.char.value

    def __repr__(self) -> str:
        return f"<character {self.char.id} (tile {self.uid})>"

    def __str__(self) -> str:
        return f"{self.char.id} {self.char.title} ({self.char.value})"

    @property
    def option_key(self) -> str:
        return f"char:{self.char.id}"

    @property
    def alike(self) -> Any:
        """Tiles of one character are one option, but for two in a company (each may have been used)."""
        return ("tile", self.char.id, self.where, self.uid if self.where == "company" else 0)

    list_joiner = " + "  # a start stack's tiles, as one option

    def __deepcopy__(self, memo: dict[int, Any]) -> "Tile":
        twin = Tile.__new__(Tile)
        memo[id(self)] = twin
        twin.uid, twin.char, twin.where = self.uid, self.char, self.where  # the character is the rules: shared
        return twin


class Vessel(Copied):
    __slots__ = ("id", "kind", "colour", "ends")

    def __init__(self, id: int, kind: str, colour: str, ends: tuple["Borough", "Borough"]):
        self.id = id
        self.kind = kind
        self.colour = colour
        self.ends = ends  # on the board while in Game.board_vessels, else with a seat or back in the box

    def __repr__(self) -> str:
        return f"<{self.kind} {self.ends[0].id}-{self.ends[1].id}>"

    def __str__(self) -> str:
        return f"{self.kind} {self.ends[0].name}-{self.ends[1].name}"

    @property
    def option_key(self) -> str:
        return f"vessel:{self.id}"

    alike = property(apart)


class PrestigeTile(Copied):
    __slots__ = ("id", "colour", "value")

    def __init__(self, id: int, colour: str, value: int):
        self.id = id
        self.colour = colour
        self.value = value

    def __repr__(self) -> str:
        return f"<{self.colour} prestige {self.value}>"

    def __str__(self) -> str:
        return f"{self.colour} prestige {self.value}"

    @property
    def option_key(self) -> str:
        return f"prestige:{self.id}"

    alike = property(apart)


class Borough(Copied):
    __slots__ = ("id", "name", "lantern", "letter", "letter_rank", "base", "prestige", "neutral", "counts")
    NUMBER_LISTS = ("counts",)  # copied by slicing (copying.Copied): a bot's trials of scoring copy every borough

    def __init__(self, id: str, name: str, lantern: str, seats: int):
        self.id = id
        self.name = name
        self.lantern = lantern
        self.letter = "?"
        self.letter_rank = 0
        self.base = 0
        self.prestige: list[PrestigeTile] = []
        self.neutral = 0
        self.counts = [0] * seats  # skyscrapers per seat

    @property
    def value(self) -> int:
        return self.base + sum(t.value for t in self.prestige)

    def __repr__(self) -> str:
        return f"<{self.name}>"

    def __str__(self) -> str:
        return self.name

    @property
    def option_key(self) -> str:
        return f"borough:{self.id}"

    alike = property(apart)


class PressToken(Copied):
    __slots__ = ("seat", "space")

    def __init__(self, seat: "Seat | None"):
        self.seat = seat  # None for the neutral token
        self.space = 0


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
        mechanics.refill_elevator_row(game, value)
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
