"""The interpreter of the ruleset's procedure (procedure_form.py): the order of the game.

Where the game stands is a cursor, plain data kept in the state: a stack of places,
one per node under way from the root, each with the step of its body to run next,
its loop's items and position, and the names bound there (`as:`). Running is one
loop over the cursor, not Python calls nested node in node: between two leaves,
the cursor, copied with the table, is a position a copy goes on from. A leaf (an
effect, or a step run for `me`) runs whole; a question asked inside one is answered
through the game's chooser (engine/runner.py).

This module knows the form only: no phase, round or step of any game.
"""

from __future__ import annotations

from typing import Any

from ..language.runtime import Frame, check_count, rule_failed
from ..diagnostics import NycRulesError, RuleRuntimeError
from ..limits import MAX_PROCEDURE_STEPS
from .model import PLAY_ROOT, SETUP_ROOT, ProcNode, Procedure, Script, Template
from .effects import run_script
from .decisions import Decision, describe
from .setup import game_number, step_for
from .copying import Copied, copy_value
from .state import Game
from .effect_task import EffectTask
from .tasks import Task, drive, run_now, run_pushed

class Place(Copied):
    """One node under way: `step` of its body runs next; a loop's `items` and position; the names in
    scope around it (`outer`) and inside it (`scope`: outer's and its loop's item). Names never change
    under a node under way, so each place keeps its scope whole (copies share the outer dicts)."""

    __slots__ = ("node", "step", "items", "item", "outer", "scope", "rule", "passes", "bound", "final")

    def __init__(self, node: int, rule: str, outer: dict[str, Any]):
        self.node = node
        self.step = 0
        self.items: list[Any] = []
        self.item = -1
        self.outer = self.scope = outer
        self.rule = rule  # what its events name
        self.passes = 0  # turns `until`: times round the seats so far
        self.bound = 0  # turns `until`: the most passes (`at_most`)
        self.final = False  # turns `until`: the other seats' final turns are under way

    def __deepcopy__(self, memo: dict[int, Any]) -> "Place":
        """A copy made with every copy of the table: only the items and names hold game objects."""
        twin = Place.__new__(Place)
        memo[id(self)] = twin
        twin.node, twin.step, twin.item, twin.rule = self.node, self.step, self.item, self.rule
        twin.passes, twin.bound, twin.final = self.passes, self.bound, self.final
        twin.items = copy_value(self.items, memo)
        twin.outer = copy_value(self.outer, memo)
        twin.scope = copy_value(self.scope, memo)
        return twin


class Cursor(Task):
    """Where the procedure stands: the places from the root down, and the steps taken (bounded).
    The task at the bottom of a game's stack (engine/tasks.py); after `setup` (`then_play`) it goes on
    with the game's `play` list."""

    __slots__ = ("places", "steps", "then_play")

    def __init__(self, places: list[Place], then_play: bool = False):
        self.places = places
        self.steps = 0
        self.then_play = then_play

    def step(self, game: Game, value: Any) -> Any:
        while True:
            if COMPILED:
                code = game.ruleset.procedure.compiled.get("code") or _compiled(game.ruleset.procedure)
                out = code.run(game, self)
            else:
                out = run(game, self)
            if out is not None:
                return out  # a leaf's effect goes on as a task above this one (it waits, or started one)
            if not self.then_play:
                return None
            self.then_play = False
            self.places = start(game).places  # the game's numbers as they are after setup
            game.cursor = self


COMPILED = True  # the game runs the compiled procedure (procedure_code.py); False: this interpreter


def _compiled(procedure: Procedure) -> Any:
    code = procedure.compiled.get("code")
    if code is None:
        from .procedure_code import compiled  # it builds on this module's functions
        code = compiled(procedure)
    return code


def game_numbers(game: Game) -> dict[str, Any]:
    """The `game:` numbers the procedure's expressions see by name (the game's own versions of them for a seat
    of a kind it adds, `GamePart.for_seat`)."""
    numbers: dict[str, Any] = {}
    for name in game.ruleset.procedure.numbers:
        value = getattr(game.ruleset.part.numbers, name)
        if isinstance(value, Script):
            numbers[name] = game_number(game, name)
        else:
            numbers[name] = list(value) if isinstance(value, tuple) else value
    return numbers


def start(game: Game, root: int = PLAY_ROOT) -> Cursor:
    """A cursor at the start of a root list (SETUP_ROOT, or PLAY_ROOT: the game after setup)."""
    return Cursor([Place(root, game.rule, game_numbers(game))])


def play(game: Game) -> None:
    """Play on to the end of the game, the game's chooser answering every decision."""
    drive(game)


def whole_game(game: Game) -> Cursor:
    """The cursor of a new game: its `setup`, then its `play` list."""
    cursor = start(game, SETUP_ROOT)
    cursor.then_play = True
    return cursor


def run_part(game: Game, ident: str, variables: dict[str, Any] | None = None) -> None:
    """Run the node with this id by itself, now (a test, or a look at how a position would score)."""
    index = game.ruleset.procedure.by_id.get(ident)
    if index is None:
        raise NycRulesError(f"the ruleset's procedure has no node with id '{ident}'")
    numbers = game.cursor.places[0].outer if game.cursor is not None and game.cursor.places else game_numbers(game)
    base = Place(PLAY_ROOT, game.rule, {**numbers, **(variables or {})})
    base.step = len(game.ruleset.procedure.nodes[PLAY_ROOT].children)  # done: only the scope of the part
    cursor = Cursor([base])
    _enter(game, cursor, game.ruleset.procedure.nodes[index])
    run_now(game, cursor)


def run(game: Game, cursor: Cursor) -> Any:
    """Run from the cursor to the end of its root (the loop of the interpreter): None at the end;
    at a leaf whose effect waits, what its task's step gave (its decision, or PUSHED): the task
    stays on the game's stack above the cursor, which goes on when it is done. (The game runs the
    same loop compiled, procedure_code.py; this is the reference.)"""
    nodes = game.ruleset.procedure.nodes
    places = cursor.places
    while places:
        place = places[-1]
        node = nodes[place.node]
        out = body_step(game, cursor, place, node)
        if out is None:  # its body is done: its loop's next item, or the node is
            if not node.loop or not _next_item(game, cursor, node, place):
                places.pop()
        elif out is not ENTERED:
            return out
    return None


ENTERED: Any = object()  # what body_step gives after it put a child's place on the cursor


def body_step(game: Game, cursor: Cursor, place: Place, node: ProcNode) -> Any:
    """Run the body of the node under way at `place` on from `place.step`: None when it is done,
    ENTERED when a child's place was put on the cursor (it runs next), else what a waiting leaf gave."""
    nodes = game.ruleset.procedure.nodes
    children = node.children
    while True:
        step = place.step
        if step < len(children):
            place.step = step + 1
            child = nodes[children[step]]
            if child.loop or child.children:
                if _enter(game, cursor, child):
                    return ENTERED
                continue
            out = _leaf(game, cursor, child, place, True)
            if out is not None:
                return out
            continue
        if step == 0 and not children:  # the body of a loop around a leaf
            place.step = 1
            out = _leaf(game, cursor, node, place, False)
            if out is not None:
                return out
            continue
        return None


def _too_long(game: Game, node: ProcNode) -> RuleRuntimeError:
    return rule_failed(Frame(game, {}), f"the procedure took more than {MAX_PROCEDURE_STEPS} steps; "
                                        "does a loop run far more often than intended?", node.loc)


def _enter(game: Game, cursor: Cursor, node: ProcNode) -> bool:
    """Start a node with a loop or nodes inside: its condition, rule, title; a loop's items and first one.
    True when its place is on the cursor (False: skipped, or a loop with no item)."""
    cursor.steps += 1
    if cursor.steps > MAX_PROCEDURE_STEPS:
        raise _too_long(game, node)
    places = cursor.places
    outer = places[-1]
    scope = outer.scope
    if node.when is not None and not _value(game, node.when, scope):
        return False
    rule = _text(game, node.rule, scope) if node.rule is not None else outer.rule
    place = Place(node.index, rule, scope)
    places.append(place)
    game.rule = rule
    if node.title is not None or node.section is not None:
        _headings(game, node, scope)
    if not node.loop:
        return True
    if node.loop == "repeat":
        place.items = list(range(1, _count(game, node, node.items, scope, "repeat") + 1))
    else:
        place.items = list(_value(game, node.items, scope))
    if node.until is not None:
        place.bound = _count(game, node, node.at_most, scope, "at_most")
    if not _next_item(game, cursor, node, place):
        places.pop()
        return False
    return True


def _headings(game: Game, node: ProcNode, scope: dict[str, Any]) -> None:
    for template, kind in ((node.title, "header"), (node.section, "section")):
        if template is not None:
            text = _text(game, template, scope)
            game.where = node.loc  # the node's line, for `why`
            game.emit(None, text, kind)


def _next_item(game: Game, cursor: Cursor, node: ProcNode, place: Place) -> bool:
    """Bind the loop's next item (turns: the next seat not skipped); False when the loop is over."""
    if node.until is not None and place.item >= 0 and not place.final:
        if _value(game, node.until, place.scope):  # after a seat's turn: the end is triggered
            if not node.final_turns:
                return False
            i, items = place.item, place.items
            place.items, place.item, place.final = items[i + 1:] + items[:i], -1, True  # the others, once more
    while True:
        place.item += 1
        if place.item >= len(place.items):
            if node.until is None or place.final:
                return False
            place.passes += 1  # round the seats once more, in the order the expression gives now
            cursor.steps += 1  # a step even when no seat played (a pass over no seats is not free)
            if cursor.steps > MAX_PROCEDURE_STEPS:
                raise _too_long(game, node)
            if place.passes >= place.bound:
                return False
            place.scope = place.outer
            place.items, place.item = list(_value(game, node.items, place.scope)), -1
            continue
        if node.name:
            place.scope = {**place.outer, node.name: place.items[place.item]}
        place.step = 0
        if node.stop_if is None and node.skip_if is None:
            return True
        cursor.steps += 1
        if cursor.steps > MAX_PROCEDURE_STEPS:
            raise _too_long(game, node)
        if node.stop_if is not None and _value(game, node.stop_if, place.scope):
            return False
        if node.skip_if is None or not _value(game, node.skip_if, place.scope):
            return True


def _leaf(game: Game, cursor: Cursor, node: ProcNode, place: Place, own: bool) -> Any:
    """Run a leaf: the body of `place`'s loop, or (`own`) a node of its own run in its parent's place,
    with its condition, rule and headings. An effect that may wait runs as a task on the game's stack:
    if it does wait, what its step gave is given back (else None: the leaf is done)."""
    cursor.steps += 1
    if cursor.steps > MAX_PROCEDURE_STEPS:
        raise _too_long(game, node)
    scope = place.scope
    rule = place.rule
    if own:
        when = node.when
        if when is not None:
            game.where = when.loc
            if not when.run(Frame(game, scope)):
                return None
        if node.rule is not None:
            rule = _text(game, node.rule, scope)
        game.rule = rule
        if node.title is not None or node.section is not None:
            _headings(game, node, scope)
    call = node.call
    if call is not None:
        return _one_call(game, node, call, scope, rule)
    return leaf_body(game, node, scope, rule)


def leaf_body(game: Game, node: ProcNode, scope: dict[str, Any], rule: str) -> Any:
    """A leaf's effect or step (not one call: `_one_call`), after its condition, rule and headings:
    None when it is done, else what its task's step gave (it waits)."""
    script = node.effect
    if script is not None:
        variables = {name: scope[name] for name in node.reads}  # a dict of its own: it may add names
    else:
        seat = scope["me"]
        variables = {"me": seat}
        script = step_for(game, seat, node.run)
        if script is None:
            raise rule_failed(Frame(game, variables), f"step '{node.run}' has no version for {seat.name} "
                                                      "(it is written only for some seats)", node.loc)
    if script.program is not None:
        return run_pushed(game, EffectTask(game, script, variables, rule))
    run_script(game, script, variables, rule)  # it spends from the game's budget of steps
    return None


def _one_call(game: Game, node: ProcNode, call: tuple, scope: dict[str, Any], rule: str) -> Any:
    """A leaf that is one call that may wait (a mechanism's turn, an offer...): its task goes straight
    on the stack, with no effect's task under it (nothing of the effect is left to run after it).
    The call only reads the names in scope, so its frame has the place's names themselves."""
    resume, arguments, loc = call
    frame = Frame(game, scope)
    game.rule, game.where = rule, loc
    out = resume(frame, *arguments(frame))
    return None if out is None else call_result(game, node, out, scope, rule)


def call_result(game: Game, node: ProcNode, out: Any, scope: dict[str, Any], rule: str) -> Any:
    """What a one-call leaf's call gave, not None: its task, put on the stack and run until it waits
    (what its step gave), or its question with an effect's task waiting for the answer under it
    (the question); else None (it is done)."""
    if isinstance(out, Task):
        return run_pushed(game, out)  # as `drive` would run it next, without going back there first
    if isinstance(out, Decision):  # a question of its own: an effect's task waits for its answer
        task = EffectTask(game, node.effect, {name: scope[name] for name in node.reads}, rule)
        task.begin(game)
        task.waiting = True
        game.stack.append(task)
        return out
    return None


def _value(game: Game, script: Script | None, scope: dict[str, Any]) -> Any:
    """An expression's value with the names in scope (read only: an expression assigns nothing)."""
    assert script is not None
    game.where = script.loc
    return script.run(Frame(game, scope))


def _count(game: Game, node: ProcNode, script: Script | None, scope: dict[str, Any], what: str) -> int:
    frame = Frame(game, {})
    return max(check_count(frame, int(_value(game, script, scope)), what, node.loc), 0)


def _text(game: Game, template: Template, scope: dict[str, Any]) -> str:
    if template.text is not None:
        return template.text
    return "".join([piece if isinstance(piece, str) else _shown(_value(game, piece, scope))
                    for piece in template.pieces])


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else describe(value) if not isinstance(value, int) else str(value)
