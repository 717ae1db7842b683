"""An effect's program (resumable.py) written out as one Python function, as the compiler writes a rule.

The engine's task (engine/effect_task.py) could run a program one instruction at a time, reading
each instruction's tuple and calling the compiled function of each part; this writes the whole
program once as the source of a function `run(task, game, f, pc, loops)`: the statements that
cannot wait and the expressions inline (the compiler's own source for them), and the instructions
between them as plain Python. Only where a run can stop is it a point the function can be entered
at again: after a call that may wait, and where a jump lands. Each such point is a block
`if pc == N:`, in order in one `while` loop: a block falls into the next, a jump sets `pc` and
goes round again. Where the run stands is the same plain data the instructions keep (the
task's `pc` and `waiting`, its frame, each loop's items and position), so a copy or a saved
game goes on from it either way; the errors are the same, at the same lines.

This module knows the language only: the engine's Decision, Task and PUSHED are what the
compiler's runtime was given (set_waiting_kinds).
"""

from __future__ import annotations

from typing import Any

from .compiler import _RUNTIME, Compiler, _Source
from .runtime import check_count
from .resumable import AGAIN, FOR, HOOK, IF, IF_NOT, JUMP, NEXT, REPEAT, RUN, WAIT

def set_waiting_kinds(decision: type, task: type, pushed: Any) -> None:
    """What a program's function tells apart when a call may wait (the engine gives them): its Decision
    and Task classes, and the value a task's step gives after starting one."""
    _RUNTIME.update(_Decision=decision, _Task=task, _PUSHED=pushed)


_DEPTH = 3  # the nesting the written function's own blocks take (while, if, try) before a rule's


def written(compiler: Compiler, code: tuple[tuple, ...], trees: tuple[Any, ...], src: _Source) -> Any:
    """The function running this program from instruction `pc` on (see the module's docstring): None
    at its end; else the Decision it waits for, or _PUSHED after putting a task it started on the stack."""
    size = len(code)
    points = {0, size}
    for i, instruction in enumerate(code):
        op = instruction[0]
        if op in (WAIT, HOOK):
            points.add(i + 1)
        elif op in (IF, IF_NOT, RUN):
            points.add(instruction[2] if instruction[2] is not None else 0)
        elif op == JUMP:
            points.add(instruction[1])
        elif op == NEXT:
            points.add(instruction[3])
        elif op == AGAIN:
            points.add(instruction[2])
    lines = ["while True:"]
    for i, instruction in enumerate(code):
        if i in points:
            if i:
                lines.append(f"    pc = {i}")  # the block before falls into this one
            lines.append(f"  if pc == {i}:")
        lines += ["    " + line for line in _instruction(compiler, i, instruction, trees[i], src)]
    lines.append("  return None")
    return compiler._function(src, lines, "task, game, f, pc, loops")


def _instruction(compiler: Compiler, i: int, instruction: tuple, tree: Any, src: _Source) -> list[str]:
    op = instruction[0]
    if op == RUN:
        _, fn, stop_to = instruction
        body = compiler._block_lines(tree, src, _DEPTH) if tree is not None else [f"{src.bind(fn)}(f)"]
        if stop_to is None:
            return body
        return ["try:", *["  " + line for line in body], "except _StopLoop:", f"  pc = {stop_to}", "  continue"]
    if op == WAIT:  # the arguments first, then the call at its line (as the instruction runs)
        _, name, resume, _, loc = instruction
        values = [compiler._item(arg, src) for arg in tree]
        lines = [f"_a{k} = {value}" for k, value in enumerate(values)]
        arguments = "".join(f", _a{k}" for k in range(len(values)))
        lines += [f"f.game.where = {src.bind(loc)}", f"out = {src.bind(resume)}(f{arguments})"]
        lines += _waits_on(i, "out")
        return lines + ([f"f.vars[{name!r}] = out"] if name is not None else [])
    if op == HOOK:
        _, hook, loc = instruction
        where = src.bind(loc)
        return [f"_spend(f, 1, {where})", f"f.game.where = {where}",
                f"out = f.game.ruleset.part.hook_task(f.game, {hook!r}, f)", *_waits_on(i, "out")]
    if op in (IF, IF_NOT):
        test = compiler._code(tree, src, _DEPTH)
        return [f"if {'not ' if op == IF_NOT else ''}({test}):", f"  pc = {instruction[2]}", "  continue"]
    if op == JUMP:
        return [f"pc = {instruction[1]}", "continue"]
    if op == FOR:
        _, slot, _, loc = instruction
        return [f"_items = list({compiler._code(tree, src, _DEPTH)})", f"_spend(f, len(_items), {src.bind(loc)})",
                f"loops[{slot}] = [_items, 0]"]
    if op == NEXT:
        _, slot, name, end = instruction
        return [f"_loop = loops[{slot}]", "if _loop[1] < len(_loop[0]):",
                f"  f.vars[{name!r}] = _loop[0][_loop[1]]", "  _loop[1] += 1",
                "else:", f"  loops[{slot}] = [None, 0]", f"  pc = {end}", "  continue"]
    if op == REPEAT:
        _, slot, _, loc = instruction
        where = src.bind(loc)
        return [f"_turns = max({src.bind(check_count)}(f, {compiler._code(tree, src, _DEPTH)}, 'repeat', {where}), 0)",
                f"_spend(f, _turns, {where})", f"loops[{slot}] = [None, _turns]"]
    assert op == AGAIN
    _, slot, end = instruction
    return [f"_loop = loops[{slot}]", "if _loop[1] > 0:", "  _loop[1] -= 1", "else:", f"  pc = {end}", "  continue"]


def _waits_on(i: int, out: str) -> list[str]:
    """The lines stopping the run at instruction i when `out` must be waited for: a question, or a task
    to run first (put on the game's stack); the task notes where it stands."""
    return [f"if isinstance({out}, _Decision):", f"  task.pc = {i}", "  task.waiting = True", f"  return {out}",
            f"if isinstance({out}, _Task):", f"  task.pc = {i}", "  task.waiting = True",
            f"  f.game.stack.append({out})", "  return _PUSHED"]
