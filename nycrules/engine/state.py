"""The state of one game: plain objects, mutated in place.

Every card lives in exactly one zone (a list); `Card.zone` points at it so a
card can be moved "from wherever it is". Nothing here knows a rule of the
game: the procedure and the ruleset's effects drive all changes.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..limits import MAX_EVENTS, MAX_GAME_STEPS, MAX_LOG_BYTES, MAX_RULE_TEXT_BYTES, text_bytes
from .copying import SHARED, copy_value
from .events import Event, cut

if TYPE_CHECKING:
    from .model import Ruleset


class Zone(list):
    """A list of cards with a name, for messages and the conservation check.

    `public`: its cards lie face up for everyone. `known`: for a seat's hand and
    reserve, the card types everyone knows the seat holds there (engine/information.py).
    """

    __slots__ = ("name", "public", "known")  # read at every move of a card: slots are read fastest

    def __init__(self, name: str, public: bool = False):  # no list.__init__: a new list is empty already
        self.name = name
        self.public = public
        self.known: dict[str, int] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> "Zone":
        twin = Zone.__new__(Zone)
        memo[id(self)] = twin
        twin.name, twin.public = self.name, self.public
        known = self.known  # the seat's own dict: the memo keeps it one
        twin.known = None if known is None else copy_value(known, memo)
        # A card lies in the zone its `zone` names, so a card met here for the first time is copied
        # here, straight into the copy of its zone (copy.deepcopy per card costs far more).
        cards = []
        for card in self:
            copied = memo.get(id(card))
            if copied is None:
                copied = card.twin(twin, memo) if card.zone is self else copy.deepcopy(card, memo)
            cards.append(copied)
        twin.extend(cards)
        return twin


class Card:
    __slots__ = ("id", "type", "zone", "counted_as", "weight")

    def __init__(self, id: int, type: str, zone: Zone | None = None):
        self.id = id
        self.type = type
        self.zone = zone  # the zone it lies in; set by whoever puts it there
        self.counted_as: str = type  # while in a bid: the type it counts as
        self.weight: int = 1  # while in a bid: how many cards it counts for

    def __repr__(self) -> str:
        return f"<{self.type} card {self.id}>"

    def __deepcopy__(self, memo: dict[int, Any]) -> "Card":
        zone = self.zone
        zone_twin = None if zone is None else copy.deepcopy(zone, memo)  # copies the zone's cards, this one too
        twin = memo.get(id(self))
        return twin if twin is not None else self.twin(zone_twin, memo)

    def twin(self, zone: Zone | None, memo: dict[int, Any]) -> "Card":
        """A copy of the card lying in `zone` (a copy of its zone), noted in the memo."""
        twin = Card.__new__(Card)
        memo[id(self)] = twin
        twin.id, twin.type, twin.zone, twin.counted_as, twin.weight = (
            self.id, self.type, zone, self.counted_as, self.weight)
        return twin


@dataclass(eq=False)
class Seat:
    """A seat at the table: what every game's seats have. A game's part adds its own (New York City's
    money, characters...: games/nyc/state.py) as plain attributes when it lays out the seats and the table."""

    index: int
    name: str
    kind: str  # "human", "bot:random", "bot:greedy", or a kind its game adds
    hand: Zone = field(default_factory=lambda: Zone("hand"))
    played: Zone = field(default_factory=lambda: Zone("played", public=True))
    points: int = 0
    scores: dict[str, int] = field(default_factory=dict)  # final scoring by category
    # Card types everyone knows are in the hand (taken face up, not seen leaving since): a lower bound per
    # type, kept up to date by ops.move_card.
    known: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.hand.known = self.known

    def __repr__(self) -> str:
        return f"<seat {self.index} {self.name}>"

    def __hash__(self) -> int:
        return self.index

    def __deepcopy__(self, memo: dict[int, Any]) -> "Seat":
        twin = Seat.__new__(Seat)
        memo[id(self)] = twin
        state = twin.__dict__
        for name, value in self.__dict__.items():  # `known` is shared with the zones: the memo keeps it one
            state[name] = value if type(value) in SHARED else copy_value(value, memo)
        return twin


class Game:
    """Everything on the table, plus the seeded random source and the event log."""

    # False while a bot tries something on the table or on a copy and reads only the outcome (a game's
    # trials): the reasons a rule gives for points are neither written nor counted against the text budget.
    writes_texts = True

    def __init__(self, ruleset: "Ruleset", seats: list[Seat], seed: int, chance: Any = None):
        self.ruleset = ruleset
        self.seats = seats
        self.rng = random.Random(seed)
        self.chance: Any = chance  # a Sampler picking what shuffles and draws give, else the seed (chance.py)
        self.deck = Zone("draw pile")
        self.discard = Zone("discard pile", public=True)
        self.cards: list[Card] = []
        self.round = 0
        self.scoring_step = ""  # the final scoring category being scored
        # A game's part adds its own state here as plain attributes when it lays out the table (setup).
        self.events: list[Any] = []
        self.log_events = True
        self.log_full = False  # the log reached a limit: later events are not kept
        self.log_bytes = 0  # bytes of the texts of the events kept (limits.MAX_LOG_BYTES)
        self.text_left = MAX_RULE_TEXT_BYTES  # bytes of text the rules may still write (runtime.spend_text)
        self.rule = "setup"  # what is acting now, for events
        self.where = None  # Location of the effect line acting now
        self.chooser: Any = None  # set by the runner: (game, decision) -> option index
        self.decisions_taken = 0
        self.hook_depth = 0  # `hook` statements running inside one another now (limits.MAX_HOOK_DEPTH)
        self.budget: Any = None  # a Frame whose steps every rule spends, on a trial copy (games/nyc/lookahead.py)
        self.steps_left = MAX_GAME_STEPS  # steps the game's effects may still take (run_script)
        self.finished = False
        self.cursor: Any = None  # where the procedure's `play` list stands (engine/procedure.py Cursor)
        self.stack: list[Any] = []  # the tasks under way, the cursor first (engine/tasks.py)
        self.waiting: Any = None  # the decision the top task waits for, asked outside (engine/tasks.py)
        self.keeper: Any = None  # while a character that is part of a bid acts (games/nyc/usefulness.py BidKeeper)

    def __deepcopy__(self, memo: dict[int, Any]) -> "Game":
        cls = type(self)
        twin = cls.__new__(cls)
        memo[id(self)] = twin
        # The random generator by its state: copy.deepcopy would copy its 625 numbers one by one.
        rng = random.Random.__new__(random.Random)  # not seeded: the state is set next
        rng.setstate(self.rng.getstate())
        memo[id(self.rng)] = rng
        state = twin.__dict__
        for name, value in self.__dict__.items():
            state[name] = value if type(value) in SHARED else copy_value(value, memo)
        return twin

    # --- decisions and events
    def ask(self, decision: Any) -> Any:
        """A question answered at once by the game's chooser (a copy being tried, a test): the value
        of the option chosen. A game played on asks through its tasks (engine/tasks.py)."""
        from .tasks import answered, offered  # tasks imports this module
        asked, value = offered(self, decision)
        if asked is None:
            return value
        if self.chooser is None:
            raise RuntimeError("a rule asked a question outside the game's tasks, with no chooser to answer it")
        return answered(self, asked, self.chooser(self, asked))

    def fire_hook(self, name: str, frame: Any) -> None:
        """Rules' `hook` statements, before the engine has installed its runner in the compiler."""
        from .effects import fire_hook  # here: effects imports this module
        fire_hook(self, name, frame)

    def emit(self, seat: Seat | None, text: str, kind: str = "", public: str | None = None) -> None:
        """Log an event; `public` is the text the other seats read when `text` names hidden cards. A text
        is cut at MAX_EVENT_CHARS; past MAX_EVENTS events or MAX_LOG_BYTES bytes one last event says so,
        later ones are not kept, and the game goes on unchanged (the rules' own text: runtime.spend_text)."""
        if not self.log_events:
            return
        text = cut(text)
        public = None if public is None else cut(public)
        size = text_bytes(text) + (0 if public is None else text_bytes(public))
        events = self.events
        if len(events) >= MAX_EVENTS or self.log_bytes + size > MAX_LOG_BYTES:
            if not self.log_full:
                self.log_full = True
                events.append(Event(self.rule, self.where, None, f"the log holds at most {MAX_EVENTS} events and "
                                                                 f"{MAX_LOG_BYTES} bytes of text; later ones are not kept"))
            return
        self.log_bytes += size
        events.append(Event(self.rule, self.where, seat.index if seat else None, text, kind, public))


def rules_memo(ruleset: "Ruleset") -> dict[int, Any]:
    """A new memo for copying a game of this ruleset: the rules and characters stay themselves."""
    shared = ruleset.setup_cache.get("copy memo")  # made once per ruleset
    if shared is None:
        shared = ruleset.setup_cache["copy memo"] = {id(kept): kept for kept in ruleset.part.kept_in_copies()}
        for step in ruleset.final_scoring:  # the items of the procedure's loops
            shared[id(step)] = step
        shared[id(ruleset)] = ruleset
    return dict(shared)


def copy_game(game: Game, keep_events: bool = True, memo: dict[int, Any] | None = None,
              keep_cursor: bool = True) -> Game:
    """An independent copy of the table: the rules (and character definitions) are shared, the
    log's events are shared but not its list, everything else is copied; no one answers for it yet.
    Without `keep_cursor` the copy has no place in the procedure (a trial that is not played on).

    `memo`, if given, is filled with id(original object) -> its copy.
    """
    memo = {} if memo is None else memo
    memo.update(rules_memo(game.ruleset))
    if not keep_cursor and game.cursor is not None:
        memo[id(game.cursor)] = None
        memo[id(game.stack)] = []
    memo.update({id(game.chooser): None, id(game.waiting): None, id(game.chance): None,
                 id(game.events): list(game.events) if keep_events else []})
    twin = copy.deepcopy(game, memo)
    vars(twin).pop("emit", None)  # a wrapper a test's watcher put on the game stays on that game
    return twin
