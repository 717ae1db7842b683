"""What New York City's bots think a character is worth: what it does, tried on copies (bots.py).

A character is judged by trying it on copies of the game at hand, never by its
printed value alone:

- its share of the final scoring: the seat's final scoring (the ruleset's own
  steps) is run on a copy with the character in the company and on one without,
  on the table as it stands; the printed value counts here only as far as the
  ruleset's scoring counts it, and a scoring character (28-42 in the shipped
  rules) by what its condition gives now;
- what a use does: the character is used once on a copy (its dollars paid) and
  the seat's holdings are compared before and after (`holdings`: points,
  skyscrapers built and on the board, dollars, press spaces, cards in hand and
  reserve, cards added to the bid), times the game rounds left in which it can
  act again. A use that fails on the copy (its hook's context is missing, a
  choice with no options) counts nothing: the character is then judged by its
  share of the final scoring alone.

The figures are estimates of points for the owner; a bot compares them between
options, so their scale matters less than their order.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...diagnostics import NycRulesError
from .characters import use
from ...engine.scoring import score_step
from ...engine.state import Game, Seat
from .state import Tile
from .usefulness import AsTried, trial_copy
from ...language.hooks import HOOKS

# What one unit of a holding is worth in points, for the comparison of a use's before and after.
# A skyscraper built counts towards majorities; one on the board will be built (and counts half a
# point in "all the rest" if not); a dollar pays for a use; a card in hand or in a bid is a bid point.
BUILT = 2.0
ON_BOARD = 1.5
DOLLAR = 0.75
PRESS_SPACE = 0.5
CARD = 1.0
RESERVE_SLOT = 1.0
BID_POINT = 2.0
OFFERED = ("optional", "instead")  # hook modes whose characters the seat uses (once a game round)


HELD = ("index", "token", "played", "virtual", "points", "board", "dollars", "hand", "reserve_size")  # read below


def holdings(game: Game, seat: Any, memo: dict[int, Any] | None = None) -> float:
    """The seat's holdings in points (see the constants above), to compare before and after a use.
    With `memo`, `game` is the original of a trial copy and `seat` the copy's seat as tried
    (usefulness.AsTried, with the names HELD): each borough is read as the copy has it (its copy
    if the trial made one, else the original, which nothing of the trial can have changed), so
    that reading them does not copy them all."""
    if memo is None:
        built = sum(borough.counts[seat.index] for borough in game.boroughs)
    else:
        built = sum(memo.get(id(borough), borough).counts[seat.index] for borough in game.boroughs)
    press = seat.token.space if seat.token else 0
    bid = sum(card.weight for card in seat.played) + len(seat.virtual)
    return (seat.points + BUILT * built + ON_BOARD * seat.board + DOLLAR * seat.dollars
            + PRESS_SPACE * press + CARD * len(seat.hand) + RESERVE_SLOT * seat.reserve_size + BID_POINT * bid)


def final_points(game: Game, seat: Seat, extra: Tile | None = None, base: Scored | None = None) -> int:
    """The seat's points after its final scoring on the table as it stands (on a copy), with `extra`
    in its company if given; `base`: the scoring without it on this table (`scored`), whose last steps,
    when they read only the board (`_board_only_from`), give the same again and are not run."""
    if _only_scores(game, seat, extra):
        if base is not None and base.board_only is not None and base.table is game \
                and base.decisions == game.decisions_taken:
            before, points = _scored_in_place(game, seat, extra, _board_only_from(game, seat), stop=True)
            return points if before is None else before + base.board_only
        return _scored_in_place(game, seat, extra)[1]
    return _scored_on_a_copy(game, seat, extra)


class Scored(NamedTuple):
    """A seat's final scoring as it stands: its points, and what its last steps that read only the board
    gave (`_board_only_from`; None when not known: the scoring ran on a copy, or failed), on this table
    when it had taken this many decisions (a search's judge serves several tables: bots.Bots.judge)."""

    points: int
    board_only: int | None
    table: Game
    decisions: int


def scored(game: Game, seat: Seat) -> Scored:
    """The seat's final scoring on the table as it stands (as final_points without a new character)."""
    if not _only_scores(game, seat, None):
        return Scored(_scored_on_a_copy(game, seat, None), None, game, game.decisions_taken)
    before, points = _scored_in_place(game, seat, None, _board_only_from(game, seat))
    return Scored(points, None if before is None else points - before, game, game.decisions_taken)


# Primitives that read only the board and the seats' holdings, which a final scoring that changes
# nothing but points (_only_scores) leaves as they are, and gain_points, which adds points (reading none):
# a step calling no others gives the same points with a new character in the company or without, and
# whatever the steps before it gave. Any primitive not named here counts as reading more.
BOARD_ONLY = frozenset(("boroughs", "majority_rank", "borough_value", "skyscrapers", "press_space", "dollars",
                        "board", "ceil_div", "gain_points", "all", "any", "size", "min", "max"))


def _board_only_from(game: Game, seat: Seat) -> int:
    """Where the seat's final scoring steps that read only the board begin (BOARD_ONLY: every step from
    there on; the number of steps when the last does not); worked out once per ruleset for Toms and others."""
    ruleset = game.ruleset
    key = ("final scoring read only the board from", seat.is_tom)
    if key not in ruleset.setup_cache:
        steps = ruleset.final_scoring
        start = len(steps)
        while start and ruleset.part.for_seat(game, seat, steps[start - 1].effect, "final_scoring",
                                              steps[start - 1].id).calls <= BOARD_ONLY:
            start -= 1
        ruleset.setup_cache[key] = start
    return ruleset.setup_cache[key]


def _scored_on_a_copy(game: Game, seat: Seat, extra: Tile | None) -> int:
    """final_points on a copy of the table."""
    trial, memo = trial_copy(game)
    trial.chooser = _first_option
    me = memo[id(seat)]
    if extra is not None:
        me.company.append(Tile(-1, extra.char))
    try:
        for step in game.ruleset.final_scoring:
            score_step(trial, step, me)
    except NycRulesError:
        return seat.points  # a scoring that fails on the copy shows when the game really ends
    return me.points


# Primitives that change nothing but seats' points and their final scoring categories, which
# _scored_in_place puts back (primitives/seats.py).
SCORES_ONLY = frozenset(("gain_points",))


def _only_scores(game: Game, seat: Seat, extra: Tile | None) -> bool:
    """Whether the seat's final scoring (with `extra` in its company) changes nothing but points: its
    steps call no primitive that changes the game but those of SCORES_ONLY and ask nothing, and each
    of the seat's characters acting at a hook they fire acts at an automatic one and does the same
    (hooks fired from those count as changes: the plain trial on a copy takes them)."""
    hooks = _scoring_hooks(game, seat)
    if hooks is None:
        return False
    if hooks:
        for tile in seat.company if extra is None else [*seat.company, extra]:
            char = tile.char
            if char.when in hooks and (HOOKS[char.when].mode != "automatic" or not char.effect.acts <= SCORES_ONLY):
                return False
    return True


def _scoring_hooks(game: Game, seat: Seat) -> frozenset[str] | None:
    """The hooks the seat's final scoring steps fire (Tom's own steps for a Tom), or None when a step
    may change more than points by itself; worked out once per ruleset for Toms and once for others."""
    ruleset = game.ruleset
    key = ("final scoring hooks", seat.is_tom)
    if key not in ruleset.setup_cache:
        hooks: set[str] | None = set()
        for step in ruleset.final_scoring:
            for act in ruleset.part.for_seat(game, seat, step.effect, "final_scoring", step.id).acts:
                if act.startswith("hook "):
                    hooks.add(act[5:])  # nothing happens there unless a character of the seat acts there
                elif act not in SCORES_ONLY:
                    hooks = None
                    break
            if hooks is None:
                break
        ruleset.setup_cache[key] = None if hooks is None else frozenset(hooks)
    return ruleset.setup_cache[key]


def _scored_in_place(game: Game, seat: Seat, extra: Tile | None, upto: int | None = None,
                     stop: bool = False) -> tuple[int | None, int]:
    """final_points for a scoring that changes nothing but points (_only_scores): run on the table
    itself, whose points, categories and rule-run counters are put back after, rather than on a copy
    (copying the boroughs and the press track it reads cost more than scoring them). The points after
    the first `upto` steps (None when the scoring failed) and after all of them (after those, with `stop`)."""
    kept = [(other, other.points, dict(other.scores)) for other in game.seats]
    points, uses = seat.points, dict(seat.uses)  # an automatic hook counts its characters' uses
    stack, game.stack = game.stack, []  # the scoring runs from an empty stack, as on a copy (trial_copy)
    counters = (game.text_left, game.steps_left, game.hook_depth, game.scoring_step, game.log_events,
                game.rule, game.where, game.chance, None if game.budget is None else game.budget.steps)
    game.log_events, game.chance = False, None  # no log, and no sampler of chance watching (tasks.drive)
    quiet = "writes_texts" not in vars(game)  # else a trial copy, which writes none already
    if quiet:  # no text either, as on a copy (and none left behind in the table's attributes)
        game.writes_texts = False
    if extra is not None:
        seat.company.append(Tile(-1, extra.char))
    scoring = game.ruleset.final_scoring
    upto = len(scoring) if upto is None else upto
    try:
        for step in scoring[:upto]:
            score_step(game, step, seat)
        partial = seat.points
        for step in [] if stop else scoring[upto:]:
            score_step(game, step, seat)
        scored = seat.points
    except NycRulesError:
        partial, scored = None, points  # a scoring that fails shows when the game really ends
    finally:
        if extra is not None:
            seat.company.pop()
        for other, before, scores in kept:  # the dicts kept as they are: others may hold them
            other.points = before
            if other.scores != scores:
                other.scores.clear()
                other.scores.update(scores)
        if seat.uses != uses:
            seat.uses.clear()
            seat.uses.update(uses)
        (game.text_left, game.steps_left, game.hook_depth, game.scoring_step, game.log_events,
         game.rule, game.where, game.chance, steps) = counters
        if steps is not None:
            game.budget.steps = steps
        if quiet:
            del game.writes_texts
        game.stack = stack
    return partial, scored


def use_gain(game: Game, seat: Seat, tile: Tile) -> float:
    """What one use of the character gives the seat now, in points (tried on a copy; 0 if it fails)."""
    char = tile.char
    hook = HOOKS.get(char.when)
    if hook is None or hook.mode not in OFFERED:
        return 0.0  # a character that acts by itself (at final scoring) is in final_points
    trial, memo = trial_copy(game)
    trial.chooser = _first_option
    me = memo[id(seat)]
    mine = Tile(-1, char)
    me.company.append(mine)
    if hook.bid_open and not trial.bidding_card:  # outside a bidding round: as in the first one
        trial.bidding_card = game.ruleset.part.rounds[0].card
    context = _context(trial, me, hook.context)
    before = holdings(game, seat)  # the copy's, read from the original (the same until the use)
    me.dollars += char.cost  # lent for the use, which pays it back: its price is counted below
    try:
        frame = use(trial, me, mine, context)
    except NycRulesError:
        return 0.0
    gain = holdings(game, AsTried(me, seat, memo, HELD), memo) - before
    for name in hook.writable:  # a value the hook passes on (a prestige bid's points): its change counts
        if isinstance(context.get(name), int) and isinstance(frame.vars.get(name), int):
            gain += frame.vars[name] - context[name]
    return gain - DOLLAR * char.cost


def rounds_left(game: Game) -> float:
    """Game rounds in which a character hired now can still act: the later ones, and half of this one."""
    return max(0, game.ruleset.part.numbers.rounds - game.round) + (0.5 if game.round >= 1 else 1.0)


class Judge:
    """Character worths, each worked out once per seat and character.

    A bot makes one per decision; a search shares one over the playouts of a decision, where
    the first position that asks stands for the others (an estimate, and the same at every run).
    """

    def __init__(self) -> None:
        self._base: dict[int, Scored] = {}  # seat index -> final scoring without a new character
        self._worth: dict[tuple[int, int], float] = {}  # (seat index, character id) -> worth
        self._gain: dict[tuple[int, int], float] = {}  # (seat index, character id) -> use gain

    def character(self, game: Game, seat: Seat, tile: Tile) -> float:
        """What hiring this character is worth to the seat now (see the module's docstring)."""
        key = (seat.index, tile.char.id)
        worth = self._worth.get(key)
        if worth is None:
            base = self._base.get(seat.index)
            if base is None:
                base = self._base[seat.index] = scored(game, seat)
            later = rounds_left(game) * max(0.0, self.use(game, seat, tile))
            worth = self._worth[key] = final_points(game, seat, tile, base) - base.points + later
        return worth

    def use(self, game: Game, seat: Seat, tile: Tile) -> float:
        """What one use of a character gives the seat now (see use_gain)."""
        key = (seat.index, tile.char.id)
        gain = self._gain.get(key)
        if gain is None:
            gain = self._gain[key] = use_gain(game, seat, tile)
        return gain


def _context(game: Game, seat: Seat, context: dict[str, str]) -> dict[str, Any]:
    """Plausible values for a hook's context on a copy: no cards taken, a bid of 2 points, the
    Mayor's borough."""
    values: dict[str, Any] = {}
    for name, kind in context.items():
        if kind.startswith("list"):
            values[name] = []
        elif kind == "int":
            values[name] = 2
        elif kind == "borough":
            values[name] = game.mayor or game.boroughs[0]
        elif kind == "seat":
            values[name] = seat
    return values


def _first_option(game: Game, decision: Any) -> int:
    if decision.count == 0:
        raise NycRulesError("a choice with no options")
    return 0
