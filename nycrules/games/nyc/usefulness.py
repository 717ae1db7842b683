"""A character that is part of a bid: offered only when a legal bid can follow its use, and its
decisions only with answers after which one can (ruling 14, revised).

A character marked `needs_a_bid` in the ruleset (13, 14, 16 and 17 in the shipped
rules: they add to the bid) changes nothing worth having when no bid can follow
its use: the seat would pay, use it up, and pass. So it is offered only when some
way of using it leads to a legal bid, and while the seat uses it, each decision its
effect asks offers only the answers that still lead to one (14 on space 2 with an
empty hand moves back two spaces: one would leave a lone wild). Once it is used,
the seat bids (bidding.py).

Both are found by trying: the use is made on a copy of the game, with each sequence
of answers to the decisions its effect asks; when the bid there still stands no
chance, the seat's other characters of the same hook are tried after it, in the
same way. Exchanges with the reserve are not tried: once the seat has made one, the
question is asked again with the new hand.

The trying is bounded (MAX_TRIALS uses on copies per question); a question left open
by the bound offers the character (or the answer), as a rule without this declaration
would. So does a use that fails on the copy (a rule error, a choice with no options):
the failure shows, with its place, when the seat really uses it.
"""

from __future__ import annotations

import functools
from typing import Any

from ...diagnostics import RuleRuntimeError
from .bids import BidTable, HandCounts
from ...engine.decisions import Decision, same_choice_key
from ...engine.copying import SHARED, copy_value
from ...engine.state import Game, Seat, copy_game, rules_memo
from .state import Tile

# Uses tried on copies of the game to answer whether one character may lead to a bid.
MAX_TRIALS = 64


class _CopiedOnRead:
    """A copy whose attributes are copied from the original (`_trial_source`) when first read.

    The table is a graph of objects reached only through the game's and the seats'
    attributes; each attribute is deep-copied the first time the copy reads it, with one
    memo for the whole trial, so objects shared between attributes stay shared and an
    object reached from a copied one is a copy too. Attributes set on the copy stay on
    it; the original is never changed (nor does it change while the trial lasts).
    """

    def __getattr__(self, name: str) -> Any:  # called only for attributes not copied yet
        if name.startswith(("_trial_", "__")):  # its own bookkeeping, and Python's questions
            raise AttributeError(name)
        value = copy_value(getattr(self._trial_source, name), self._trial_memo)
        setattr(self, name, value)
        cls = type(self)
        if name not in cls.__dict__:
            # Later trials read it through a _CopiedLater instead: Python comes here only after a
            # lookup that failed, and a failed lookup makes an exception, which costs several times more.
            setattr(cls, name, _CopiedLater(name))
        return value

    def _trial_start(self, source: Any, memo: dict[int, Any]) -> None:
        """Copy from `source`, noted in `memo`. An attribute whose name the class defines too (a
        method, say) is copied at once: the class's value would hide the original's from
        __getattr__; a plain default value of the class does not (_CopiedLater stands for it)."""
        self._trial_source, self._trial_memo = source, memo
        attributes, state = vars(source), self.__dict__
        for name in _class_names(type(self)).intersection(attributes):
            state[name] = copy_value(attributes[name], memo)

    def _whole_copy(self, plain: type, memo: dict[int, Any]) -> Any:
        """A deep copy of this copy as a plain object with every attribute (a copy of a trial)."""
        twin = plain.__new__(plain)
        memo[id(self)] = twin
        original = self._trial_source
        while isinstance(original, _CopiedOnRead):  # a trial within a trial: the real object's names
            original = original._trial_source
        for name in vars(original):
            setattr(twin, name, copy_value(getattr(self, name), memo))
        return twin


class _CopiedLater:
    """In a trial's class, a plain value the original's class gives (a dataclass field's default): the
    trial's value is copied from the original when first read, as __getattr__ copies the others (it
    then stays in the copy's own attributes, which Python reads before this)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, trial: Any, cls: type | None = None) -> Any:
        if trial is None:
            return self
        value = getattr(trial._trial_source, self.name)
        if type(value) not in SHARED:  # most are plain values: no call
            value = copy_value(value, trial._trial_memo)
        trial.__dict__[self.name] = value
        return value


def _copied_later(trial_class: type, original: type) -> None:
    """Let the original class's plain values be copied when read (see _CopiedLater)."""
    for name, value in vars(original).items():
        if type(value) in SHARED and not name.startswith("__"):
            setattr(trial_class, name, _CopiedLater(name))


@functools.cache
def _class_names(cls: type) -> frozenset[str]:
    return frozenset(name for name in dir(cls) if not isinstance(getattr(cls, name, None), _CopiedLater))


class _Trial(_CopiedOnRead, Game):
    """A game to try a use on. Trying a character usually reads one seat, the press track and a few
    numbers, so this copies those, not the whole table (copy_game costs about a millisecond)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self._whole_copy(Game, memo)


class _TrialSeat(_CopiedOnRead, Seat):
    """A seat of a trial: reached from everywhere (the press track, the bids), read little."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Seat:
        return self._whole_copy(Seat, memo)


_copied_later(_Trial, Game)
_copied_later(_TrialSeat, Seat)


def trial_copy(game: Game) -> tuple[Game, dict[int, Any]]:
    """A copy of the game to try a use on (rules and characters shared, no events), and its memo
    (id of an original object -> its copy; pass it to copy.deepcopy for more)."""
    trial = _Trial.__new__(_Trial)
    memo = rules_memo(game.ruleset)
    memo[id(game)], memo[id(game.chooser)] = trial, None
    # A trial runs its own tasks from an empty stack, answered at once (run_now).
    memo[id(game.waiting)], memo[id(game.stack)], memo[id(game.keeper)] = None, [], None
    for seat in game.seats:  # whatever reaches a seat (a press token, a bid, `me`) gets this copy
        memo[id(seat)] = _TrialSeat.__new__(_TrialSeat)
    for seat in game.seats:
        memo[id(seat)]._trial_start(seat, memo)
    trial._trial_start(game, memo)
    vars(trial).pop("emit", None)  # a wrapper a test's watcher put on the game stays on that game
    trial.events, trial.log_events, trial.writes_texts = [], False, False
    return trial, memo


def _frozen(trial: _Trial, memo: dict[int, Any]) -> Game:
    """The table of a trial as it stands, as copy_game(trial, keep_events=False, memo=memo, keep_cursor=False)
    gives it, without copying what the trial has not read: another trial of the same original (which does
    not change while a trial lasts) holding copies of what this one holds. `memo` is filled with id of an
    object of the trial -> its copy, and serves the new trial as its own (id of an original -> copy)."""
    held = trial._trial_memo
    memo.update(rules_memo(trial.ruleset))
    twins = []
    for key, value in held.items():  # the game and its seats first: whatever reaches them gets the new ones
        if isinstance(value, _CopiedOnRead):
            twin = type(value).__new__(type(value))
            twin._trial_source, twin._trial_memo = value._trial_source, memo
            memo[key] = memo[id(value)] = twin
            twins.append((value, twin))
    for value, twin in twins:  # what each has read or been given, copied
        state = twin.__dict__
        for name, item in vars(value).items():
            if not name.startswith("_trial_"):
                state[name] = copy_value(item, memo)
    for key, value in list(held.items()):  # an original's object read later: the copy of the trial's
        if key not in memo and key != id(held):  # (the latter: copy.deepcopy's own keep-alive list)
            memo[key] = copy_value(value, memo)
    frozen = memo[id(trial)]
    frozen.chooser = frozen.waiting = frozen.chance = frozen.cursor = None
    frozen.events, frozen.stack = [], []
    return frozen


class _NoOptions(Exception):
    """A decision with nothing to choose from, met on a copy being tried."""


class _Explorer:
    """The chooser of a copy being tried: replays a prefix of answers, then takes the first option.

    It notes each answer with the number of options, so the next sequence can be worked out.
    """

    def __init__(self, prefix: list[int]):
        self.prefix = prefix
        self.taken: list[tuple[int, int]] = []  # (answer, number of options) per decision asked

    def __call__(self, game: Game, decision: Decision) -> int:
        step = len(self.taken)
        index = self.prefix[step] if step < len(self.prefix) else 0
        if index >= decision.count:  # no options, or a given answer the copy does not offer
            raise _NoOptions(decision.prompt)
        self.taken.append((index, decision.count))
        return index

    def next_prefix(self, fixed: int = 0) -> list[int] | None:
        """The answers of the next sequence, in the order of an odometer, keeping the first `fixed`
        answers; None after the last."""
        for step in range(len(self.taken) - 1, fixed - 1, -1):
            index, count = self.taken[step]
            if index + 1 < count:
                return [i for i, _ in self.taken[:step]] + [index + 1]
        return None


def keep_useful(game: Game, seat: Seat, tiles: list[Tile], hooks: tuple[str, ...],
                variables: dict[str, Any], known: dict[int, bool] | None = None) -> list[Tile]:
    """The tiles without the `needs_a_bid` characters after whose use no legal bid can follow (answers
    in `known`, by tile uid, are taken from there; new ones are written to it)."""
    if on_trial(game):
        return tiles  # on a copy being tried, every character is a candidate: the trying picks
    known = {} if known is None else known
    kept = []
    for tile in tiles:
        if tile.char.needs_a_bid:
            follows = known.get(tile.uid)
            if follows is None:
                follows = known[tile.uid] = bid_can_follow(game, seat, tile, hooks, variables)
            if not follows:
                continue
        kept.append(tile)
    return kept


def on_trial(game: Game) -> bool:
    """Whether this game is a copy a use is being tried on."""
    return isinstance(game.chooser, _Explorer)


def bid_can_follow(game: Game, seat: Seat, tile: Tile, hooks: tuple[str, ...],
                   variables: dict[str, Any], answers: list[int] | None = None, asked: list[float] | None = None) -> bool:
    """Whether using this tile now, in some way (beginning with these answers to the decisions its
    effect asks, if given), perhaps followed by the seat's other characters of these hooks, leaves
    the seat a legal bid (True also when MAX_TRIALS leave the question open). With `asked`, its
    first item becomes at least the number of decisions the effect asked in each way tried (infinite
    when a way failed or the bound stopped the trying: it is not known)."""
    return _leads_to_bid(game, seat, tile, hooks, variables, [MAX_TRIALS], answers or [], asked)


def _leads_to_bid(game: Game, seat: Seat, tile: Tile, hooks: tuple[str, ...], variables: dict[str, Any],
                  budget: list[int], fixed: list[int], asked: list[float] | None = None) -> bool:
    from .characters import usable, use
    prefix: list[int] | None = list(fixed)
    while prefix is not None:  # each sequence of answers to the effect's decisions
        if budget[0] <= 0:
            if asked is not None:
                asked[0] = _UNKNOWN
            return True
        budget[0] -= 1
        trial, memo = trial_copy(game)
        explorer = trial.chooser = _Explorer(prefix)
        me, mine, context = memo[id(seat)], copy_value(tile, memo), copy_value(variables, memo)
        try:
            use(trial, me, mine, context)
        except (RuleRuntimeError, _NoOptions):
            if asked is not None:
                asked[0] = _UNKNOWN
            return True  # left open: the failure shows when the seat uses the character
        if asked is not None:
            asked[0] = max(asked[0], len(explorer.taken))
        bidder = AsTried(me, seat, memo, _BIDDER)
        if len(BidTable(trial, bidder, HandCounts(trial, bidder))):
            return True
        seen = set()
        for other in usable(trial, me, hooks, context):
            key = same_choice_key(other)[:2]
            if key not in seen:  # two unused copies of one character lead to the same places
                seen.add(key)
                if _leads_to_bid(trial, me, other, hooks, context, budget, []):
                    return True
        prefix = explorer.next_prefix(len(fixed))
    return False


_UNKNOWN = float("inf")  # decisions asked, when a way of using a character failed or was not tried


class AsTried:
    """Some attributes of a seat of a trial (`names`), for reading only, each as the trial has it
    without copying what the trial did not copy: the trial's own value if it read or set it, else
    the original's copy made on another path (in the memo), else the original itself, which nothing
    of the trial can have changed. The bid counting reads the hand and the bid so; a bot comparing a
    seat's holdings before and after a use reads them so (games/nyc/worth.py)."""

    def __init__(self, copy: Seat, original: Seat, memo: dict[int, Any], names: tuple[str, ...]):
        own, mine = vars(copy), vars(self)
        for name in names:
            value = own.get(name, _MISSING)
            if value is _MISSING:
                value = getattr(original, name)
                value = memo.get(id(value), value)
            mine[name] = value


_MISSING = object()
_BIDDER = ("hand", "played", "virtual")  # what the bid counting reads of a seat


def bid_keeper(game: Game, seat: Seat, tile: Tile, variables: dict[str, Any]) -> "BidKeeper | None":
    """The keeper to use a `needs_a_bid` character with, or None when none is needed: on a copy being
    tried, or when its effect asks nothing now (16 and 17 never ask: their effects have no call that
    may wait; 13 asks only with cards of two types in hand). That is seen by using it once on a copy,
    which costs far less than the keeper's whole copy of the table."""
    if not tile.char.needs_a_bid or tile.char.effect.program is None or on_trial(game):
        return None  # (an effect with no program cannot wait, so it asks nothing)
    trial, memo = trial_copy(game)
    explorer = trial.chooser = _Explorer([])
    try:
        _use_on_copy(trial, memo, seat, tile, variables)
    except (RuleRuntimeError, _NoOptions):
        return None  # the failure shows when the seat uses the character
    return BidKeeper(game, seat, tile, variables, explorer.taken[0][1]) if explorer.taken else None


def _use_on_copy(trial: Game, memo: dict[int, Any], seat: Seat, tile: Tile, variables: dict[str, Any]) -> None:
    from .characters import use
    use(trial, memo[id(seat)], copy_value(tile, memo), copy_value(variables, memo))


class BidKeeper:
    """While a seat uses a `needs_a_bid` character (`game.keeper`), each decision of its effect
    offers only the answers after which a legal bid can still follow, tried on the table as it was
    before the use (engine/tasks.py `offered`).

    The first decision's answers (`count` of them) are tried when the keeper is made, on the table
    itself (the use has not begun). When no answer to it leads to another decision of the effect
    (13 and 14 ask one), nothing else will be asked and no table is kept; otherwise a copy of the
    table before the use is kept (`before`) for the later ones. Copied with the game it belongs to:
    the table before the use is never changed, so copies share it."""

    def __init__(self, game: Game, seat: Seat, tile: Tile, variables: dict[str, Any], count: int):
        self.hooks = (tile.char.when,)
        self.answers: list[int] = []  # to the decisions asked so far, as the effect numbers them
        asked = [0.0]  # the most decisions the effect asked in a way tried
        kept = [index for index in range(count)
                if bid_can_follow(game, seat, tile, self.hooks, variables, [index], asked)]
        self.count = count
        self.first = None if len(kept) in (0, count) else kept  # sifted as `sift` does
        self.before: Game | None = None
        self.seat: Seat | None = None
        self.tile: Tile | None = None
        self.variables: dict[str, Any] | None = None
        if asked[0] > 1:  # later decisions are tried on the table before the use: kept
            memo: dict[int, Any] = {}
            if isinstance(game, _Trial) and not isinstance(game._trial_source, _CopiedOnRead):  # a bot's trial
                self.before = _frozen(game, memo)  # of a use (games/nyc/worth.py): the table before the use
            else:
                self.before = copy_game(game, keep_events=False, memo=memo, keep_cursor=False)
            self.seat, self.tile, self.variables = memo[id(seat)], copy_value(tile, memo), copy_value(variables, memo)

    def __deepcopy__(self, memo: dict[int, Any]) -> "BidKeeper":
        twin = BidKeeper.__new__(BidKeeper)
        memo[id(self)] = twin
        twin.before, twin.seat, twin.tile, twin.variables, twin.hooks = (self.before, self.seat, self.tile,
                                                                         self.variables, self.hooks)
        twin.count, twin.first = self.count, self.first  # (a list never changed: shared)
        twin.answers = list(self.answers)
        return twin

    def sift(self, game: Game, decision: Decision) -> list[int] | None:
        """The options kept (by index), or None to offer them all (all are kept, or none: none kept
        cannot follow an offer made by trying, so the decision is asked as it is)."""
        if not self.answers and decision.count == self.count:
            return self.first
        if self.before is None:  # a decision the trying did not meet (none does: the use goes as tried)
            return None
        kept = [index for index in range(decision.count)
                if bid_can_follow(self.before, self.seat, self.tile, self.hooks, self.variables, self.answers + [index])]
        return None if len(kept) in (0, decision.count) else kept
