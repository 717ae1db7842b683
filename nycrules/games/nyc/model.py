"""New York City's part of a loaded ruleset (games/nyc/part.py holds them): its components, the game's
numbers, the characters, the bidding rounds and Tom's rules, as frozen dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...diagnostics import Location
from ...engine.model import Script


@dataclass(frozen=True)
class CardType:
    id: str
    name: str
    copies: int
    wild: bool


@dataclass(frozen=True)
class BoroughDef:
    id: str
    name: str
    lantern: str
    map: tuple[float, float] | None = None  # where the board picture draws it (0-100 across, down)


@dataclass(frozen=True)
class VesselKind:
    id: str
    colour: str
    routes: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class PrestigeDef:
    colour: str
    value: int


@dataclass(frozen=True)
class Components:
    card_types: tuple[CardType, ...]
    colours: tuple[str, ...]
    boroughs: tuple[BoroughDef, ...]
    sequence_tiles: tuple[str, ...]
    base_values: tuple[int, ...]
    vessel_kinds: tuple[VesselKind, ...]
    prestige_tiles: tuple[PrestigeDef, ...]
    last_press_space: int
    neutral_start: dict[int, int]
    face_up_per_row: int
    start_stacks: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class CharacterDef:
    id: int
    title: str
    phase: str
    value: int
    copies: int
    cost: int
    when: str
    text: str
    effect: Script
    requires: Script | None
    loc: Location
    assumed: bool = False
    needs_a_bid: bool = False  # part of a bid: offered only when one can follow, commits the seat (usefulness.py)


@dataclass(frozen=True)
class RoundDef:
    id: str
    card: str
    title: str
    order: str  # press_track or seats
    text: str
    bonus_value: int
    action: Script
    bonus: Script | None
    runner_up: Script | None
    loc: Location


@dataclass(frozen=True)
class GameNumbers:
    rounds: int
    mayor_route: tuple[str, ...]
    neutral_skyscrapers_per_borough: int
    start_stacks_revealed: Script
    pairs_dealt: Script
    pairs_per_seat: int
    prestige_tiles_revealed: int
    character_cost: int
    exchanges_per_turn: Script
    locs: dict[str, Location] = field(default_factory=dict)  # where each number is written


@dataclass(frozen=True)
class TomMode:
    draws_before_bid: int
    keeps_later_cards: bool


@dataclass(frozen=True)
class TomRules:
    levels: dict[int, str]
    default_level: str
    modes: dict[str, TomMode]
    uses_characters: bool
    game: dict[str, Script]  # overrides of GameNumbers scripts
    steps: dict[str, Script]  # overrides of Ruleset.steps
    phase1: Script
    before_bid: Script
    bid: Script
    rounds: dict[str, dict[str, Script]]  # round id -> action/bonus/runner_up
    final_scoring: dict[str, Script]  # step id -> effect
