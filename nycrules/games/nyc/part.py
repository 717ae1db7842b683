"""New York City's part of a ruleset (engine/model.py GamePart), built by the loader for each of its
rulesets: its components, the game's numbers, the characters, the bidding rounds and Tom's rules
(model.py); the table laid out from the components (state.py), its characters at a `hook` statement
(characters.py), a seat's observation, the tensor, what its draws look like (docs/games.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any

from ...diagnostics import Sink, SourceTexts
from ...engine.model import GamePart, Ruleset, Script
from ...reading.marked_yaml import MDict
from . import coverage, studied
from .bidding import BiddingTurn, Evaluation
from .bots import BOTS
from .model import (BoroughDef, CardType, CharacterDef, Components, GameNumbers, PrestigeDef, RoundDef, TomMode,
                    TomRules, VesselKind)
from .building import Build
from .characters import HookTask, OfferTask, UseTask, hook_task
from .draft import DraftTurn
from .observation import observation
from .seats import SEATS
from .state import Borough, Pair, PressToken, PrestigeTile, Tile, Vessel, lay_out
from .tensor import Layout
from .tom_rules import for_seat, lay_seat, number_script, seat_header, seat_level
from .usefulness import BidKeeper

GAME = "nyc"
# The kinds of values its questions offer whose keys its rulesets' `actions:` regions number beside the
# shared ones (engine/action_space_check.py): `pair:...`, `borough:...`, `vessel:...`, `char:...`, `prestige:...`.
NUMBERED = {"choose": {"pair": "pairs of cards", "borough": "boroughs", "vessel": "vessels", "tile": "character tiles",
                       "prestige_tile": "prestige tiles", "list[tile]": "lists of character tiles"},
            "choose_some": {"tile": "character tiles"}}


@dataclass(frozen=True, eq=False)
class Part(GamePart):
    """What New York City adds to its rulesets. Positions name its objects by their place here, as they
    name the ruleset's own (engine/snapshot.py)."""

    components: Components
    numbers: GameNumbers
    characters: dict[int, CharacterDef]
    wild_card: str
    bid_value: Script  # sets `worth` from the counts of a bid
    rounds: tuple[RoundDef, ...]
    after_each_round: Script | None
    tom: TomRules | None
    by_hook: dict[str, tuple[CharacterDef, ...]]  # the characters by the moment they act (`when`)
    # Remembered answers of the bid counting (bids.py); they depend only on this ruleset.
    worth_cache: dict[int, int] = field(default_factory=dict, repr=False)
    bids_cache: dict[tuple, list] = field(default_factory=dict, repr=False)
    bid_counts_cache: dict[tuple, int] = field(default_factory=dict, repr=False)
    bid_tables_cache: dict[tuple, tuple] = field(default_factory=dict, repr=False)

    game = GAME
    # What `setup` lays out (state.py), and the tasks of its turns a position may hold under way.
    state_classes = (Tile, Borough, Vessel, PrestigeTile, PressToken, Pair, UseTask, OfferTask, HookTask, DraftTurn,
                     BiddingTurn, Evaluation, Build, BidKeeper)
    at_the_table = True
    seats = SEATS  # Tom (seats.py)
    bots = BOTS  # what the bots know of its decisions (bots.py)
    list_prefixes = ("bid:",)  # a bid's key lists its cards' types: `bid:press press wild` (bidding.py)
    hook_task = staticmethod(hook_task)  # its characters at a `hook NAME` statement (characters.py)
    piece_noun = "character"  # a balance study judges its characters (studied.py)

    @property
    def game_rounds(self) -> int:  # type: ignore[override]
        """Its `game: rounds` (agents/evaluation_stages.py: a stage at the start of each)."""
        return self.numbers.rounds

    @property
    def seat_counts(self) -> tuple[int, ...]:  # type: ignore[override]
        """The seat counts the press track gives the neutral tokens' start for."""
        return tuple(sorted(self.components.neutral_start))

    @property
    def card_types(self) -> tuple[CardType, ...]:  # type: ignore[override]
        return self.components.card_types

    @cached_property
    def most_drawn(self) -> int:  # type: ignore[override]
        """A random draw of its own picks among the prestige tiles, the start stacks, the character tiles (a
        row's stack holds some of them) or the boroughs at most (OpenSpiel's chance outcomes; the cards and
        seats every game has are counted there)."""
        comp = self.components
        tiles = sum(c.copies for c in self.characters.values()) + sum(len(stack) for stack in comp.start_stacks)
        return max(len(comp.prestige_tiles), len(comp.start_stacks), tiles, len(comp.boroughs))

    @cached_property
    def lists(self) -> dict[str, Any]:  # type: ignore[override]
        """The components' lists, the bidding rounds, and the characters numbered by their numbers."""
        found = {f.name: getattr(self.components, f.name) for f in fields(self.components)}
        return {**{name: items for name, items in found.items() if isinstance(items, (tuple, dict))},
                "rounds": self.rounds, "characters": self.characters}

    def kept_in_copies(self) -> tuple[Any, ...]:
        """The characters (a tile holds its own) and the bidding rounds (the items of the procedure's loops)."""
        return (*self.characters.values(), *self.rounds)

    def round(self, round_id: str) -> RoundDef:
        return next(r for r in self.rounds if r.id == round_id)

    # Tom's own rules and what his seats hold (tom_rules.py).
    for_seat = staticmethod(for_seat)
    number_script = staticmethod(number_script)
    seat_header = staticmethod(seat_header)
    seat_level = staticmethod(seat_level)
    lay_seat = staticmethod(lay_seat)

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

    def looks(self, item: Any) -> str | None:
        """A character tile by its character, a prestige tile by its colour and value, a press token by its
        seat (a chance outcome's name: alike items are one outcome)."""
        if isinstance(item, Tile):
            return f"character {item.char.id}"
        if isinstance(item, PrestigeTile):
            return f"{item.colour} {item.value}"
        if isinstance(item, PressToken):
            return "neutral token" if item.seat is None else f"token of seat {item.seat.index}"
        return None

    def tensor_layout(self, ruleset: Ruleset) -> Any:
        return Layout(ruleset)

    def pieces(self, ruleset: Ruleset) -> dict[Any, Any]:
        return studied.pieces(self.characters)

    def owned(self, game: Any, seat: int) -> tuple[Any, ...]:
        return studied.owned(game, seat)

    offered = staticmethod(studied.offered)  # asked at every decision of a watched bot: one call, not two

    def tallied(self, ruleset: Ruleset) -> dict[Any, str]:
        return studied.tallied(self.characters)

    def removers(self, ruleset: Ruleset) -> list[str]:
        return studied.removers(self.characters)


def part(doc: MDict, folder: Path, sink: Sink, sources: SourceTexts, scripts: dict[tuple, Script]) -> Part:
    """The part of a ruleset that passed every check, with its compiled scripts by their key."""
    g = doc["game"]
    numbers = GameNumbers(
        rounds=g["rounds"], mayor_route=tuple(str(x) for x in g["mayor_route"]),
        neutral_skyscrapers_per_borough=g["neutral_skyscrapers_per_borough"],
        start_stacks_revealed=scripts[("game", "start_stacks_revealed")],
        pairs_dealt=scripts[("game", "pairs_dealt")], pairs_per_seat=g["pairs_per_seat"],
        prestige_tiles_revealed=g["prestige_tiles_revealed"], character_cost=g["character_cost"],
        exchanges_per_turn=scripts[("game", "exchanges_per_turn")],
        locs=dict(g.value_locs),
    )
    characters = {}
    for i, c in enumerate(doc["characters"]):
        cost = c.get("cost", 0 if c["phase"] == "final" else g["character_cost"])
        characters[c["id"]] = CharacterDef(
            c["id"], str(c["title"]), str(c["phase"]), c["value"], c["copies"], cost, str(c["when"]),
            " ".join(str(c["text"]).split()), scripts[("characters", i, "effect")],
            scripts.get(("characters", i, "requires")), doc["characters"].item_locs[i], bool(c.get("assumed")),
            bool(c.get("needs_a_bid")))
    rounds = []
    for i, r in enumerate(doc["bidding"]["rounds"]):
        rounds.append(RoundDef(
            str(r["id"]), str(r["card"]), str(r["title"]), str(r["order"]), " ".join(str(r["text"]).split()),
            r.get("bonus_value", 0), scripts[("bidding", "rounds", i, "action")],
            scripts.get(("bidding", "rounds", i, "bonus")), scripts.get(("bidding", "rounds", i, "runner_up")),
            doc["bidding"]["rounds"].item_locs[i]))
    by_hook: dict[str, list[CharacterDef]] = {}
    for char in sorted(characters.values(), key=lambda c: c.id):
        by_hook.setdefault(char.when, []).append(char)
    return Part(components(doc["components"]), numbers, characters, str(doc["bidding"]["wild_card"]),
                scripts[("bidding", "value")], tuple(rounds), scripts.get(("bidding", "after_each_round")),
                tom_rules(doc.get("tom"), scripts), {k: tuple(v) for k, v in by_hook.items()})


def components(comp: MDict) -> Components:
    return Components(
        card_types=tuple(CardType(str(c["id"]), str(c["name"]), c["copies"], bool(c.get("wild", False)))
                         for c in comp["card_types"]),
        colours=tuple(str(c) for c in comp["colours"]),
        boroughs=tuple(BoroughDef(str(b["id"]), str(b["name"]), str(b["lantern"]),
                                  tuple(b["map"]) if "map" in b else None) for b in comp["boroughs"]),
        sequence_tiles=tuple(str(s) for s in comp["sequence_tiles"]),
        base_values=tuple(comp["base_values"]),
        vessel_kinds=tuple(VesselKind(str(v["id"]), str(v["colour"]),
                                      tuple((str(r[0]), str(r[1])) for r in v["routes"]))
                           for v in comp["vessel_kinds"]),
        prestige_tiles=tuple(PrestigeDef(str(p["colour"]), p["value"]) for p in comp["prestige_tiles"]),
        last_press_space=comp["press_track"]["last_space"],
        neutral_start={int(k): v for k, v in comp["press_track"]["neutral_start"].items()},
        face_up_per_row=comp["elevator"]["face_up_per_row"],
        start_stacks=tuple(tuple(s) for s in comp["start_stacks"]),
    )


def tom_rules(tom: Any, scripts: dict[tuple, Script]) -> TomRules | None:
    """Tom's rules, if the ruleset has Tom."""
    if not isinstance(tom, dict):
        return None
    return TomRules(
        levels={int(k): str(v) for k, v in tom["levels"].items()},
        default_level=str(tom["default_level"]),
        modes={str(k): TomMode(v["draws_before_bid"], v["keeps_later_cards"]) for k, v in tom["modes"].items()},
        uses_characters=tom["uses_characters"],
        game={k: scripts[("tom", "game", k)] for k in tom.get("game") or {}},
        # Tom's own steps, his phase I, before-the-bid and bid rules among them (the procedure runs them by name).
        steps={**{k: scripts[("tom", "steps", k)] for k in tom.get("steps") or {}},
               **{k: scripts[("tom", k)] for k in ("phase1", "before_bid", "bid")}},
        phase1=scripts[("tom", "phase1")], before_bid=scripts[("tom", "before_bid")], bid=scripts[("tom", "bid")],
        rounds={rid: {k: scripts[("tom", "rounds", rid, k)] for k in parts}
                for rid, parts in (tom.get("rounds") or {}).items()},
        final_scoring={k: scripts[("tom", "final_scoring", k)] for k in tom.get("final_scoring") or {}},
    )
