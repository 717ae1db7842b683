"""The loaded ruleset: frozen dataclasses holding data and compiled scripts."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable

from ..diagnostics import Location
from ..language.resumable import WAIT


@dataclass(frozen=True)
class Script:
    """One piece of effect-language text, compiled; `label` names the rule for events."""

    label: str
    source: str
    loc: Location
    run: Callable[[Any], Any] = field(compare=False, repr=False)
    # The effect as a program that can stop at a decision and go on (resumable.py), for an effect
    # that may wait for one; None for one that cannot (it runs whole, by `run`).
    program: Any = field(default=None, compare=False, repr=False)
    # What it may do besides reading the game (language/call_rules.py `acts`): the primitives it calls
    # that change the game or ask, and `hook NAME` for each hook it fires.
    acts: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    # Every primitive it calls and `hook NAME` for each hook it fires (call_rules.py `called`): all it may read.
    calls: frozenset[str] = field(default=frozenset(), compare=False, repr=False)


@dataclass(frozen=True)
class ScoringStep:
    id: str
    title: str
    text: str
    effect: Script


@dataclass(frozen=True)
class Template:
    """A text of the procedure (a title, a rule's name) with `{expression}` parts worked out when shown."""

    pieces: tuple[Any, ...]  # literal text (str) and Scripts, in order
    text: str | None = None  # the whole text, when it has no expression


@dataclass(frozen=True)
class ProcNode:
    """One node of the procedure tree (procedure_form.py): an optional loop around a body.

    The body is `children` (nodes run in order), an `effect`, or `run`, the name of a step
    run for `me`. `loop` is "", "repeat", "for_each" or "turns"; `items` gives its count or list.
    """

    index: int
    id: str | None
    loc: Location
    loop: str
    items: Script | None
    name: str | None  # what the loop's item is called in the body (`as:`)
    when: Script | None
    skip_if: Script | None
    stop_if: Script | None
    until: Script | None
    at_most: Script | None
    final_turns: bool
    rule: Template | None
    title: Template | None
    section: Template | None
    children: tuple[int, ...]
    effect: Script | None
    run: str | None
    reads: tuple[str, ...]  # the names in scope its effect reads (they alone are given to it)

    @cached_property
    def call(self) -> tuple | None:
        """For an effect that is one call that may wait (a seat's turn, an offer...): the call's
        resume, arguments' function and line, run with no program around it; else None."""
        program = self.effect.program if self.effect is not None else None
        if program is None or program.on_start is not None or len(program.code) != 1:
            return None
        op, name, resume, arguments, loc = program.code[0]
        return (resume, arguments, loc) if op == WAIT and name is None else None


@dataclass(frozen=True)
class Procedure:
    """The order of the game: nodes by index; node 0 runs when a game is made, node 1 is the game after."""

    nodes: tuple[ProcNode, ...]
    by_id: dict[str, int]
    numbers: tuple[str, ...]  # the `game:` numbers its expressions see by name
    # Its nodes compiled to Python (procedure_code.py), written when a game first runs them.
    compiled: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


SETUP_ROOT, PLAY_ROOT = 0, 1


@dataclass(frozen=True)
class Piece:
    """Something of a game a balance study judges (studies/verdicts.py): a character, an action card...
    `rules` is what it is and does, compared between a mod and its base (changed, or the same); a new
    one is measured against the base's pieces of the same `peers` (`value-3 characters`)."""

    title: str
    rules: tuple
    peers: str


@dataclass(frozen=True)
class CoverageItem:
    """A named thing of a ruleset whose effect a game may never run (a character...), for
    `validate --simulate --coverage` (studies/playcheck.py)."""

    id: Any
    title: str | None
    label: str  # how the coverage lists it ("character 5 Lawyer")
    effects: tuple[Script, ...]  # it ran when one of them ran; the first is its own (not listed again as an effect)


@dataclass(frozen=True)
class CoverageGroup:
    """Things of one sort a coverage names (GamePart.coverage)."""

    key: str  # its key in the JSON report ("characters")
    one: str  # one of them, in a sentence ("character")
    many: str  # the heading of a list of them ("characters")
    items: list[CoverageItem]


class GamePart:
    """What a game (its folder nycrules/games/<name>/, docs/games.md) adds to each of its rulesets: built by
    the loader from the game's package, shared by every game of the ruleset and its copies. The engine
    asks it only these; what it holds beyond them (a board, tiles, characters...) is the game's, read by
    its primitives and its own modules."""

    game = ""  # the game's name, as its rulesets give it (`ruleset: {game: NAME}`)
    seat_counts: tuple[int, ...] = ()  # the numbers of seats its rulesets play with
    state_classes: tuple[type, ...] = ()  # the classes of what `setup` adds to a game (positions as JSON)
    # Its lists an action region's slot may number (`{tiles}`): their items (by `id` or as they are) in their
    # order, or a dict of things numbered by its keys.
    lists: dict[str, Any] = {}
    card_types: tuple[Any, ...] = ()  # the types of its cards (each with an `id`), in a fixed order
    most_drawn = 0  # the most items one random draw of its setup or rules picks among (OpenSpiel's chance outcomes)
    at_the_table = False  # whether people can play it (`play`, `replay`...): its views and typed input are ready
    # What the game adds for the agents (docs/games.md, "What a game gives the bots, the seats and the studies"):
    # the seat kinds its rulesets take beside people and bots (agents/seating.py), and what its bots know of its
    # decisions (agents/__init__.py, agents/search.py); None: they judge its options by their effect on copies.
    seats: tuple[Any, ...] = ()
    bots: Any = None
    game_rounds = 0  # the game rounds its rulesets are played in (0: none): the learned evaluation's stages
    fingerprint = ""  # a digest of the game's data files beside the ruleset (part of the ruleset's digest)
    list_prefixes: tuple[str, ...] = ()  # option keys listing items after one, spaced (engine/action_space.py)

    def setup(self, game: Any) -> None:
        """Lay out a new game's table before the procedure's `setup` list runs (the rules do the rest)."""
        raise NotImplementedError

    def observation(self, game: Any, seat: int) -> dict[str, Any]:
        """Everything the seat may know of the game now, as JSON-ready data (engine/information.py): what
        every game has (the seats, their points and scores, the end) and, under "game", `observe`'s."""
        return {"seat": seat, "finished": game.finished, "scoring_step": game.scoring_step,
                "seats": [{"index": s.index, "name": s.name, "kind": s.kind, "points": s.points,
                           "scores": dict(s.scores)} for s in game.seats],
                "game": self.observe(game, seat)}

    def hook_task(self, game: Any, name: str, frame: Any) -> Any:
        """The task of what the game's abilities do at a `hook NAME` statement of an effect (New York City's
        characters acting there: engine/effects.py runs it), or None when nothing acts there."""
        return None

    def lay_seat(self, ruleset: "Ruleset", seat: Any, spec: Any) -> None:
        """Lay on a new seat what a seat of its game holds of its own (the level of a seat of a kind it adds),
        from the seat's SeatSpec, before `setup`; a NycRulesError for a seat its rulesets cannot seat."""

    def seat_header(self, spec: Any) -> dict[str, Any]:
        """What a position's list of seats writes of a seat beside its name and kind (its kind's level)."""
        return {}

    def seat_level(self, seat: dict[str, Any]) -> str:
        """A seat's level as a position's list of seats writes it (`seat_header`); a PositionError when it
        is not of the types and within the limits a level of its game's is."""
        return ""

    def for_seat(self, game: Any, seat: Any, default: Any, *path: str) -> Any:
        """What a seat runs where its game's rules may give a seat of its kind its own version (`path`:
        "steps" and a step's name, "final_scoring" and a step's id...): a seat of a kind it adds; else `default`."""
        return default

    def number_script(self, game: Any, name: str) -> Script:
        """The expression of a number the procedure names (a name in `procedure.numbers`)."""
        raise KeyError(name)

    def effects(self, ruleset: "Ruleset") -> list[Script]:
        """Its rulesets' effects beyond the shared steps, final scoring and procedure (studies/playcheck.py)."""
        return []

    def coverage(self, ruleset: "Ruleset") -> list[CoverageGroup]:
        """The named things of its rulesets a coverage lists when their effect never ran (studies/playcheck.py)."""
        return []

    def observe(self, game: Any, seat: int) -> dict[str, Any]:
        """What the seat may know of what `setup` added to the game, as JSON-ready data (engine/information.py)."""
        return {}

    def redeal(self, game: Any, seat: int, rng: Any) -> None:
        """Deal anew, in place, what the seat cannot know of what `setup` added (a determinized copy)."""

    def kept_in_copies(self) -> tuple[Any, ...]:
        """The objects of its data a game may hold that a copy of the game keeps as they are (engine/state.py)."""
        return ()

    def held(self, seat: Any) -> tuple[Any, ...]:
        """The zones of cards a seat keeps hidden from the others (engine/information.py deals them anew)."""
        return (seat.hand,)

    def tally(self, seat: Any) -> tuple[tuple[Any, ...], dict[Any, int], dict[Any, int]]:
        """What a balance study counts of a seat at the end of a game (studies/simulate.py): the ids of the named
        things it holds (New York City's characters: one per tile), the tiles of each it took during the game,
        and the times each acted; none for a game without such things."""
        return (), {}, {}

    def seen_cards(self, game: Any) -> Any:
        """Cards now known as themselves though they lie hidden (taken face up this turn): kept by a deal."""
        return ()

    def tensor_layout(self, ruleset: "Ruleset") -> Any:
        """The layout of the observation tensor of its rulesets (engine/observation_tensor.py): the segments
        every game has, then its own (engine/game_tensor.py, from `tensor_segments` and `tensor_fill`)."""
        from .game_tensor import GameLayout  # it reads this module's Ruleset
        return GameLayout(ruleset)

    def tensor_segments(self, seats: int) -> list[tuple[str, int, float]]:
        """Its segments of the observation tensor (engine/game_tensor.py): (name, length, scale), a number
        divided by its scale; `seats` slots for the seats."""
        return []

    def tensor_fill(self, observed: dict[str, Any], put: Any, seats: int) -> None:
        """Write what `observe` gave into its segments: put(segment name, offset, value); `seats` slots."""

    def looks(self, item: Any) -> str | None:
        """What the players see of an item one of its draws picks (a chance outcome's name: alike items are
        one outcome), or None for an item the engine names (engine/ops.py `looks`)."""
        return None

    # What a balance study judges of its games, by what owning it does for a seat (studies/verdicts.py):
    # the noun for them ("card"; "": none), each by its id (`pieces`), the ones a seat owned at the
    # end of a game (`owned`, each once), and which ones a decision offered to a bot, each with whether
    # the bot took it (`offered`).
    piece_noun = ""

    def pieces(self, ruleset: "Ruleset") -> dict[Any, Piece]:
        return {}

    def owned(self, game: Any, seat: int) -> tuple[Any, ...]:
        return ()

    def offered(self, decision: Any, index: int) -> tuple[tuple[Any, bool], ...]:
        """(a piece's id, taken) for each piece the decision offered (a yes-or-no to play an action card)."""
        return ()

    # What a study's report counts of its games beside the verdicts (studies/study.py): the named things
    # `tally` counts, by id with their titles, and those whose effect removes one of them from the game.
    def tallied(self, ruleset: "Ruleset") -> dict[Any, str]:
        return {}

    def removers(self, ruleset: "Ruleset") -> list[str]:
        return []

    def shared_values(self) -> dict[str, Any]:
        """The values of its data a game may hold (in a rule's names, waiting at a decision), by a path of
        their own: a position written as JSON names them so, as it names the ruleset's own objects."""
        return {}


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    version: int
    digest: str
    params: dict[str, Any]
    steps: dict[str, Script]
    final_scoring: tuple[ScoringStep, ...]
    procedure: Procedure
    winner: Script  # the seats ranked best first, at the end
    # What the ruleset's game adds: its folder's GamePart (nycrules/games/<game>/part.py); the digest covers it.
    part: GamePart = field(compare=False)
    # `winner: {rank, by, shared}`: each seat's keys (`me`), compared in turn, highest first; whether seats
    # equal on every key share the victory (engine/scoring.py).
    winner_by: Script | None = None
    shared_victory: bool = False
    actions: tuple[dict[str, Any], ...] = ()  # the action space's regions, as declared (engine/action_space.py)
    # What every game's setup lays out the same way (engine/setup.py), made for the first game.
    setup_cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def seat_counts(self) -> tuple[int, ...]:
        """The numbers of seats the ruleset plays with."""
        return self.part.seat_counts

    @cached_property
    def card_type_index(self) -> dict[str, int]:
        """Each type of its game's cards by its position: a fixed order to count hands in."""
        return {card_type.id: i for i, card_type in enumerate(self.part.card_types)}
