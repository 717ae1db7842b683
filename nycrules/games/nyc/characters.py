"""New York City's characters at work: who may use which, paying for it, offering them, and the
characters acting at a `hook NAME` statement (the part's `hook_task`: engine/effects.py fires hooks).

Nothing here knows a particular character: each names its hook (`when`), its
cost and an optional `requires` condition in the ruleset, and the procedure
fires hooks at its named places.
"""

from __future__ import annotations

from typing import Any

from ...language.runtime import Frame, rule_failed
from ...language.hooks import HOOKS
from ...limits import MAX_HOOK_DEPTH
from ...engine.decisions import Decision, Option, describe
from ...engine.effects import evaluate, run_or_push
from ...engine.state import Game, Seat
from .state import Tile
from ...engine.tasks import PUSHED, Task, run_now
from .usefulness import bid_keeper, keep_useful  # it uses characters on copies through this module


def may_use_characters(game: Game, seat: Seat) -> bool:
    return not (seat.is_tom and game.ruleset.part.tom is not None and not game.ruleset.part.tom.uses_characters)


def usable(game: Game, seat: Seat, hooks: tuple[str, ...], variables: dict[str, Any],
           known: dict[int, bool] | None = None) -> list[Tile]:
    """The seat's tiles that may act at these hooks now: unused this round, affordable, requirement met,
    and, for a character that `needs_a_bid`, a legal bid can follow its use (`known`: the answers found
    already for this very table, by tile uid; new ones are added)."""
    if not seat.company or (seat.is_tom and not may_use_characters(game, seat)):
        return []
    out = []
    needs_a_bid = False
    for tile in seat.company:
        char = tile.char
        if char.when not in hooks:  # most tiles, most of the time: nothing else is read for them
            continue
        if tile.uid in seat.used or seat.dollars < char.cost:
            continue
        if char.requires is not None and not evaluate(game, char.requires, {"me": seat, "this": tile, **variables}):
            continue
        out.append(tile)
        needs_a_bid = needs_a_bid or char.needs_a_bid
    if needs_a_bid:
        return keep_useful(game, seat, out, hooks, variables, known)
    return out


def attached(seat: Seat, hooks: tuple[str, ...]) -> bool:
    """Whether any character of the seat acts at one of these hooks (usable or not): when none does,
    as is usual, there is nothing to work out there."""
    for tile in seat.company:  # a loop, not any() over a generator: this runs at every offer and turn
        if tile.char.when in hooks:
            return True
    return False


def use(game: Game, seat: Seat, tile: Tile, variables: dict[str, Any], parent: Frame | None = None) -> Frame:
    """Pay for a character, mark it used for this game round, and run its effect at once (one that is
    part of a bid, `needs_a_bid`, with only the answers after which a legal bid can follow)."""
    return run_now(game, UseTask(seat, tile, variables, parent))


def _pay(game: Game, seat: Seat, tile: Tile) -> None:
    """The dollars on the character, marked used for this game round; the log says so."""
    char = tile.char
    seat.dollars -= char.cost
    seat.used.add(tile.uid)
    seat.uses[char.id] = seat.uses.get(char.id, 0) + 1
    if game.log_events:  # the event and its rule's name are only made for a log that is kept
        previous = game.rule, game.where
        game.rule = f"character {char.id}"
        game.where = char.effect.loc
        cost = f", paying {char.cost} dollar{'s' if char.cost != 1 else ''}" if char.cost else ""
        game.emit(seat, f"uses character {char.id} {char.title}{cost}")
        game.rule, game.where = previous


def use_options(tiles: list[Tile], suffix: str = "") -> list[tuple[str, Tile]]:
    if not tiles:
        return []  # the usual case, from a bidding turn's menu
    seen, out = set(), []
    for tile in tiles:
        char = tile.char
        if char.id in seen:
            continue  # two unused copies of one character are the same choice (same_choice_key's tile and id)
        seen.add(char.id)
        out.append((f"use {char.id} {char.title}{suffix}", tile))
    return out


def offer(game: Game, seat: Seat, hooks: tuple[str, ...], variables: dict[str, Any], prompt: str,
          done: str = "done", parent: Frame | None = None) -> None:
    """Let the seat use any of its characters at these hooks, one after the other, until it is done,
    at once (see OfferTask). A character may change the hook's writable values; they are written
    back into `variables`. `parent`: the frame of the effect whose `hook` statement offers."""
    if attached(seat, hooks):
        run_now(game, OfferTask(seat, hooks, variables, prompt, done, parent))


def _use_option(uses: list[tuple[str, Tile]], index: int, done: str) -> Option:
    """Option `index` of an offer: first being done, then each use."""
    if index == 0:
        return Option(done, None, "done")
    label, tile = uses[index - 1]
    return Option(label, tile, f"use:{tile.char.id}")


def _fill(text: str, variables: dict[str, Any]) -> str:
    """A hook's help with each `name` of its context replaced by the value it has now."""
    for key, value in variables.items():
        text = text.replace(f"`{key}`", describe(value))
    return text


def _order_question(seat: Seat, ranked: list[tuple[tuple[Tile, ...], int]], rule: str) -> Decision:
    """The order in which the seat's characters at an `ordered` hook act; the best for it first."""
    options = [Option(f"{', then '.join(f'{t.char.id} {t.char.title}' for t in order)} "
                      f"({points} points in the end)", order, "order:" + ">".join(str(t.char.id) for t in order))
               for order, points in ranked]
    return Decision(seat, "order", "Order in which your characters score", options, rule)


# ------------------------------------------------------------------ the same, as tasks (engine/tasks.py)
class UseTask(Task):
    """A seat uses a character (see `use`); its result is the effect's frame."""

    __slots__ = ("seat", "tile", "variables", "parent", "keeper", "kept", "started")

    def __init__(self, seat: Seat, tile: Tile, variables: dict[str, Any], parent: Frame | None = None):
        self.seat, self.tile, self.variables, self.parent = seat, tile, variables, parent
        self.keeper: Any = None  # the game's keeper before this use (see BidKeeper)...
        self.kept = False  # ...when this use put its own in place
        self.started = False

    def step(self, game: Game, value: Any) -> Any:
        if self.started:
            if self.kept:
                game.keeper = self.keeper
            return value  # the effect's frame
        self.started = True
        seat, tile, char = self.seat, self.tile, self.tile.char
        keeper = bid_keeper(game, seat, tile, self.variables) if char.needs_a_bid else None
        _pay(game, seat, tile)
        variables = {"me": seat, "this": tile, **self.variables}
        if keeper is None:
            return run_or_push(game, char.effect, variables, f"character {char.id}", self.parent)
        self.keeper, self.kept, game.keeper = game.keeper, True, keeper
        try:
            out = run_or_push(game, char.effect, variables, f"character {char.id}", self.parent)
        except BaseException:
            game.keeper = self.keeper
            raise
        if out is not PUSHED:
            game.keeper = self.keeper
        return out


class OfferTask(Task):
    """`offer` as a task: the seat uses characters of these hooks one after the other until done.
    `prompt` is the question; without one, it is made from the help of the hook `hook_help`."""

    __slots__ = ("seat", "hooks", "variables", "prompt", "hook_help", "done", "parent", "phase", "using")

    def __init__(self, seat: Seat, hooks: tuple[str, ...], variables: dict[str, Any], prompt: str | None,
                 done: str = "done", parent: Frame | None = None, hook_help: str | None = None):
        self.seat, self.hooks, self.variables, self.parent = seat, hooks, variables, parent
        self.prompt, self.hook_help, self.done = prompt, hook_help, done
        self.phase = 0  # 0: not started, 1: asked, 2: a character is in use
        self.using: Tile | None = None

    def step(self, game: Game, value: Any) -> Any:
        if self.phase == 0:
            if not attached(self.seat, self.hooks):
                return None
        elif self.phase == 1:
            if value is None:
                return None  # done
            self.phase, self.using = 2, value
            return _push(game, UseTask(self.seat, value, self.variables, self.parent))
        else:  # a use is over: the names its hook lets it change come back
            assert self.using is not None
            for name in HOOKS[self.using.char.when].writable:
                self.variables[name] = value.vars[name]
        self.phase = 1
        return self.question(game) if usable(game, self.seat, self.hooks, self.variables) else None

    def question(self, game: Game) -> Decision:
        seat, variables = self.seat, self.variables
        uses = use_options(usable(game, seat, self.hooks, variables))
        prompt = self.prompt
        if prompt is None:
            prompt = f"Use a character now ({_fill(HOOKS[self.hook_help].help, variables).rstrip('.')})?"
        done = self.done
        return Decision(seat, "use", prompt, None, game.rule, count=1 + len(uses),
                        build=lambda i: _use_option(uses, i, done), value=lambda i: uses[i - 1][1] if i else None)


class HookTask(Task):
    """A `hook NAME` statement of an effect run as a task (see fire_hook): automatic characters
    act in order (the seat picks the order at an `ordered` hook), or the seat is offered its
    characters; the names the hook lets them change go back into the effect's frame."""

    __slots__ = ("name", "frame", "seat", "variables", "tiles", "next", "phase", "ranked")

    def __init__(self, name: str, frame: Frame):
        self.name, self.frame, self.seat = name, frame, frame.vars["me"]
        self.variables = {key: frame.vars[key] for key in HOOKS[name].context}
        self.tiles: list[Tile] = []
        self.next = 0
        self.phase = 0  # 0: not started, 1: the order asked, 2: characters acting, 3: offered
        self.ranked: list = []

    def step(self, game: Game, value: Any) -> Any:
        hook, seat = HOOKS[self.name], self.seat
        if self.phase == 0:
            game.hook_depth += 1
            if hook.mode not in ("automatic", "ordered"):
                self.phase = 3
                return _push(game, OfferTask(seat, (self.name,), self.variables, None, parent=self.frame,
                                             hook_help=self.name))
            self.tiles = sorted((t for t in seat.company if t.char.when == self.name), key=lambda t: (t.char.id, t.uid))
            self.phase = 2
            if hook.mode == "ordered" and self.tiles:
                from .lookahead import ranked_orders
                self.ranked = ranked_orders(game, seat, self.tiles, self.variables)
                if len(self.ranked) > 1:
                    self.phase = 1
                    return self.question(game)
                self.tiles = list(self.ranked[0][0])
        elif self.phase == 1:
            self.tiles, self.phase = list(value), 2
            game.emit(seat, f"scores {', then '.join(str(t.char.id) for t in value)}")
        elif self.phase == 3:
            for key in hook.writable:
                self.frame.vars[key] = self.variables[key]
            game.hook_depth -= 1
            return None
        while self.next < len(self.tiles):  # phase 2: each character's effect in turn
            tile = self.tiles[self.next]
            self.next += 1
            seat.uses[tile.char.id] = seat.uses.get(tile.char.id, 0) + 1
            out = run_or_push(game, tile.char.effect, {"me": seat, "this": tile, **self.variables},
                              f"character {tile.char.id}", self.frame)
            if out is PUSHED:
                return out
        game.hook_depth -= 1
        return None

    def question(self, game: Game) -> Decision:
        return _order_question(self.seat, self.ranked, game.rule)


def hook_task(game: Game, name: str, frame: Frame) -> HookTask | None:
    """The task of a `hook NAME` statement in an effect run as a task; None when no character of
    the seat acts at that hook (as usual: nothing to do)."""
    seat = frame.vars["me"]
    if not attached(seat, (name,)):
        return None
    if game.hook_depth >= MAX_HOOK_DEPTH:
        raise rule_failed(frame, f"hook {name}: hooks fired from hooks more than {MAX_HOOK_DEPTH} deep; "
                                 "do characters set each other off without end?")
    return HookTask(name, frame)


def _push(game: Game, task: Task) -> Any:
    game.stack.append(task)
    return PUSHED

