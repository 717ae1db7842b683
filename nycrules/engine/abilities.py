"""Using characters: who may use which, paying for it, and firing hooks.

Nothing here knows a particular character: each names its hook (`when`), its
cost and an optional `requires` condition in the ruleset, and the procedure
fires hooks at its named places.
"""

from __future__ import annotations

from typing import Any, Callable

from ..language.compiler import Frame, rule_failed, set_hook_runner
from ..diagnostics import RuleRuntimeError
from ..language.hooks import HOOKS
from ..limits import MAX_EFFECT_STEPS, MAX_GAME_STEPS, MAX_HOOK_DEPTH
from .model import Script
from .decisions import Decision, Option, describe
from .state import Game, Seat, Tile
from .usefulness import bid_keeper, keep_useful  # it uses characters on copies through this module


def run_script(game: Game, script: Script, variables: dict[str, Any], rule: str | None = None,
               parent: Frame | None = None) -> Frame:
    """Run an effect with the given names in scope; events name `rule` (default: the script's label).

    An effect run by a `hook` statement (`parent`: the frame of the effect that fired it) spends
    the steps left to that effect, so effects firing hooks in a loop share one budget. Any other
    run spends from the game's own (limits.MAX_GAME_STEPS), at most MAX_EFFECT_STEPS of it."""
    previous_rule, previous_where = game.rule, game.where
    game.rule = rule or script.label
    game.where = script.loc
    frame = Frame(game, variables)
    if parent is None:
        parent = game.budget  # a trial of the order search (lookahead.py): its budget, else None
    if parent is not None:
        frame.steps = parent.steps
    else:
        frame.steps = start = min(MAX_EFFECT_STEPS, game.steps_left)
    try:
        script.run(frame)
    except RuleRuntimeError as err:
        if parent is None and frame.steps < 0 and start < MAX_EFFECT_STEPS:  # the game's budget ran out
            raise RuleRuntimeError(f"the rules of this game ran more than {MAX_GAME_STEPS} steps in all (loop "
                                   "turns); is a loop much longer than intended?", err.location, err.rule,
                                   err.seat, err.decision) from None
        raise
    finally:
        game.rule, game.where = previous_rule, previous_where
        if parent is not None:
            parent.steps = frame.steps
        else:
            game.steps_left -= start - max(frame.steps, 0)
    return frame


def evaluate(game: Game, script: Script, variables: dict[str, Any]) -> Any:
    return script.run(Frame(game, variables))


def may_use_characters(game: Game, seat: Seat) -> bool:
    return not (seat.is_tom and game.ruleset.tom is not None and not game.ruleset.tom.uses_characters)


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
    """Pay for a character, mark it used for this game round, and run its effect (one that is part
    of a bid, `needs_a_bid`, with only the answers after which a legal bid can follow)."""
    char = tile.char
    keeper = bid_keeper(game, seat, tile, variables) if char.needs_a_bid else None
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
    if keeper is None:
        return run_script(game, char.effect, {"me": seat, "this": tile, **variables}, f"character {char.id}", parent)
    game.chooser = keeper
    try:
        return run_script(game, char.effect, {"me": seat, "this": tile, **variables}, f"character {char.id}", parent)
    finally:
        game.chooser = keeper.chooser


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


def offer(game: Game, seat: Seat, hooks: tuple[str, ...], variables: dict[str, Any],
          prompt: str | Callable[[], str], done: str = "done", parent: Frame | None = None) -> None:
    """Let the seat use any of its characters at these hooks, one after the other, until it is done.

    A character may change the hook's writable values; they are written back into `variables`.
    A prompt given as a function is made once, when there is first something to offer.
    `parent`: the frame of the effect whose `hook` statement offers (see run_script).
    """
    if not attached(seat, hooks):
        return
    while True:
        tiles = usable(game, seat, hooks, variables)
        if not tiles:
            return
        if not isinstance(prompt, str):
            prompt = prompt()
        uses = use_options(tiles)  # built only when read: labels and keys are distinct by the characters' numbers
        tile = game.ask(Decision(seat, "use", prompt, None, game.rule, count=1 + len(uses),
                                 build=lambda i: _use_option(uses, i, done), value=lambda i: uses[i - 1][1] if i else None))
        if tile is None:
            return
        frame = use(game, seat, tile, variables, parent)
        writable = HOOKS[tile.char.when].writable
        for name in writable:
            variables[name] = frame.vars[name]


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


def fire_hook(game: Game, name: str, frame: Frame) -> None:
    """A `hook NAME` statement: the acting seat's characters at this hook act, with the frame's values."""
    seat = frame.vars["me"]
    if not attached(seat, (name,)):
        return  # nothing to offer, run or write back
    if game.hook_depth >= MAX_HOOK_DEPTH:
        raise rule_failed(frame, f"hook {name}: hooks fired from hooks more than {MAX_HOOK_DEPTH} deep; "
                                 "do characters set each other off without end?")
    game.hook_depth += 1
    try:
        _fire(game, name, frame, seat)
    finally:
        game.hook_depth -= 1


def _fire(game: Game, name: str, frame: Frame, seat: Seat) -> None:
    hook = HOOKS[name]
    variables = {key: frame.vars[key] for key in hook.context}
    if hook.mode in ("automatic", "ordered"):
        tiles = sorted((t for t in seat.company if t.char.when == name), key=lambda t: (t.char.id, t.uid))
        if hook.mode == "ordered" and tiles:
            tiles = list(_chosen_order(game, seat, tiles, variables))
        for tile in tiles:
            seat.uses[tile.char.id] = seat.uses.get(tile.char.id, 0) + 1
            run_script(game, tile.char.effect, {"me": seat, "this": tile, **variables}, f"character {tile.char.id}",
                       frame)
        return
    offer(game, seat, (name,), variables, lambda: f"Use a character now ({_fill(hook.help, variables).rstrip('.')})?",
          parent=frame)
    for key in hook.writable:
        frame.vars[key] = variables[key]


def _chosen_order(game: Game, seat: Seat, tiles: list[Tile], variables: dict[str, Any]) -> tuple[Tile, ...]:
    """The order the seat picks for its characters at an `ordered` hook; the best for it comes first."""
    from .lookahead import ranked_orders
    ranked = ranked_orders(game, seat, tiles, variables)
    if len(ranked) == 1:
        return ranked[0][0]
    options = [Option(f"{', then '.join(f'{t.char.id} {t.char.title}' for t in order)} "
                      f"({points} points in the end)", order, "order:" + ">".join(str(t.char.id) for t in order))
               for order, points in ranked]
    order = game.ask(Decision(seat, "order", "Order in which your characters score", options, game.rule))
    game.emit(seat, f"scores {', then '.join(str(t.char.id) for t in order)}")
    return order


set_hook_runner(fire_hook)  # compiled `hook NAME` statements call fire_hook directly
