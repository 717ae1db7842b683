"""Running the ruleset's effects: at once, or as a task that may wait for a decision, and the
`hook NAME` statements, whose abilities are the game's (its part's `hook_task`: New York City's
characters, games/nyc/characters.py)."""

from __future__ import annotations

from typing import Any

from ..language.compiler import set_hook_runner
from ..language.runtime import Frame
from ..diagnostics import RuleRuntimeError
from ..limits import MAX_EFFECT_STEPS, MAX_GAME_STEPS
from .model import Script
from .state import Game
from .tasks import PUSHED, Task, run_now
from .effect_task import EffectTask  # it runs effects' programs (and hooks through the game's part, when run)


def run_script(game: Game, script: Script, variables: dict[str, Any], rule: str | None = None,
               parent: Frame | None = None) -> Frame:
    """Run an effect with the given names in scope; events name `rule` (default: the script's label).

    An effect run by a `hook` statement (`parent`: the frame of the effect that fired it) spends
    the steps left to that effect, so effects firing hooks in a loop share one budget. Any other
    run spends from the game's own (limits.MAX_GAME_STEPS), at most MAX_EFFECT_STEPS of it."""
    previous_rule, previous_where = game.rule, game.where
    game.rule = rule or script.label
    game.where = script.loc
    if script.program is not None:  # an effect that may wait for a decision: its task, run at once
        game.rule, game.where = previous_rule, previous_where
        return run_now(game, EffectTask(game, script, variables, rule, parent))
    frame = Frame(game, variables)
    if parent is None:
        parent = game.budget  # a trial of the order search (games/nyc/lookahead.py): its budget, else None
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


def run_or_push(game: Game, script: Script, variables: dict[str, Any], rule: str | None = None,
                parent: Frame | None = None) -> Any:
    """Run an effect: one that may wait for a decision goes on the stack of tasks (PUSHED is given:
    its frame comes back to the task that pushed it); any other runs now and its frame is given."""
    out = effect_task(game, script, variables, rule, parent)
    if isinstance(out, Task):
        game.stack.append(out)
        return PUSHED
    return out


def effect_task(game: Game, script: Script, variables: dict[str, Any], rule: str | None = None,
                parent: Frame | None = None) -> Task | Frame:
    """The task of an effect that may wait for a decision; any other runs now (its frame is given)."""
    if script.program is None:
        return run_script(game, script, variables, rule, parent)
    return EffectTask(game, script, variables, rule, parent)


def fire_hook(game: Game, name: str, frame: Frame) -> None:
    """A `hook NAME` statement run at once: what the game's abilities do at this hook (its part's
    `hook_task`; nothing, as usual, when none acts there)."""
    task = game.ruleset.part.hook_task(game, name, frame)
    if task is not None:
        run_now(game, task)


set_hook_runner(fire_hook)  # compiled `hook NAME` statements call fire_hook directly
