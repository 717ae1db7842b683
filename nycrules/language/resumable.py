"""Effects that may wait for a decision, compiled as a program that can stop and go on.

Most effects never ask anyone: they compile to one straight Python function
(compiler.py). An effect that may wait -- it calls a primitive that asks (`choose`),
or one that runs a mechanism asking questions (a game's turn primitive), or it fires a `hook` --
also gets a `Program`: a flat list of instructions with jumps, where each part that
cannot wait is still one compiled function and each place that may wait is an
instruction of its own. Where such a run stands is then a few plain values (the
next instruction, the names, each loop's items and position), which the engine keeps
in a task (engine/effect_task.py) and copies with the table.

A waiting call inside an expression is lifted out first, into a name of its own
(`_w0`, ...), evaluated where Python would evaluate it; the right side of `and`/`or`
becomes a branch and a filter a loop, so a question is asked only when Python would
ask it. A question inside a lambda is refused (E419): the primitive calling it would
hold the run on the Python stack.

This module knows the language only: no game state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from ..diagnostics import Location
from . import nodes as n
from .compiler import Compiler, Fn, _Source

# Instructions: tuples whose first item is one of these.
RUN = 0  # (RUN, fn, stop_to): fn(frame); a `stop` inside it leaves the loop ending at stop_to
WAIT = 1  # (WAIT, name or None, resume, arguments fn, loc): the value of a call that may wait
HOOK = 2  # (HOOK, hook name, loc)
IF_NOT = 3  # (IF_NOT, condition fn, to): go on at `to` unless the condition holds
IF = 4  # (IF, condition fn, to): go on at `to` when the condition holds
JUMP = 5  # (JUMP, to)
FOR = 6  # (FOR, slot, source fn, loc): a `for` loop's items, into loop slot `slot`
NEXT = 7  # (NEXT, slot, name, to): the loop's next item into the name, or on at `to` when none is left
REPEAT = 8  # (REPEAT, slot, count fn, loc): a `repeat` loop's count, into loop slot `slot`
AGAIN = 9  # (AGAIN, slot, to): one more turn of a `repeat`, or on at `to` when none is left


@dataclass(frozen=True)
class Program:
    code: tuple[tuple, ...]
    slots: int  # loops in the program: each keeps its items and position in a slot of its own
    on_start: Callable[[], None] | None = None  # told when a run starts (the probe counts runs)
    # The program written out as one Python function (program_code.py), run(task, game, frame, pc, loops):
    # None for the probe's (its statements stay functions of their own, which it counts).
    run: Callable[..., Any] | None = None


def compile_program(compiler: Compiler, effect: n.Effect) -> tuple[Program, Fn]:
    """The effect's program, and the function that stands for the effect (Script.run: its key for
    the probe's coverage; a plain compiler gives the effect compiled whole)."""
    return compiler.program_run(effect, lambda: ProgramCompiler(compiler).program(effect))


def waits(node: Any, calls: dict[int, Any]) -> bool:
    """Whether running this statement or expression may wait for a decision."""
    if isinstance(node, n.Hook):
        return True
    if isinstance(node, n.Call) and _resume_of(calls[id(node)]) is not None:
        return True
    if isinstance(node, tuple):
        return any(waits(item, calls) for item in node)
    fields = getattr(node, "__dataclass_fields__", None)
    return fields is not None and any(waits(getattr(node, name), calls) for name in fields if name != "loc")


def _resume_of(primitive: Any) -> Callable | None:
    """The form of a primitive that may wait (primitives.waits), if it has one."""
    return getattr(primitive.impl, "resume", None)


class ProgramCompiler:
    """Writes the program of one effect with the compiler that writes its straight parts."""

    def __init__(self, compiler: Compiler):
        self.compiler = compiler
        self.calls = compiler.calls
        self.code: list[list] = []
        self.slots = 0
        self.temps = 0
        self.made: list[Any] = []  # nodes made here: kept alive, as `calls` is keyed by their ids
        self.trees: list[Any] = []  # per instruction, what it runs as syntax (statements, an expression...)

    def program(self, effect: n.Effect) -> Program:
        self._block(effect.body, None)
        code = tuple(tuple(item) for item in self.code)
        run = None
        if self.compiler.inline_statements:  # written out when first run (or with the ruleset cache)
            trees = tuple(self.trees)
            run = self.compiler._entry(lambda: _written(self.compiler, code, trees), _become_written)
        return Program(code, self.slots, run=run)

    # ------------------------------------------------------------ statements
    def _block(self, body: tuple, stop_to: list | None) -> None:
        plain: list[Any] = []
        for statement in body:
            if waits(statement, self.calls):
                self._flush(plain, stop_to)
                self._statement(statement, stop_to)
            else:
                plain.append(statement)
        self._flush(plain, stop_to)

    def _flush(self, plain: list, stop_to: list | None) -> None:
        """Statements that cannot wait, run together by one compiled function."""
        if plain:
            self._emit([RUN, self.compiler.effect(n.Effect(tuple(plain), plain[0].loc)), stop_to], tuple(plain))
            plain.clear()

    def _emit(self, instruction: list, tree: Any = None) -> list:
        self.code.append(instruction)
        self.trees.append(tree)
        return instruction

    def _statement(self, s: Any, stop_to: list | None) -> None:
        if isinstance(s, n.Hook):
            self._emit([HOOK, s.name, s.loc])
        elif isinstance(s, n.Assign):
            value = self._lifted(s.value)
            if isinstance(value, n.Name) and value.id.startswith("_w") and self._last_waits_into(value.id):
                self.code[-1][1] = s.name  # the call's value goes straight into the name
            else:
                self._flush([replace(s, value=value)], stop_to)
        elif isinstance(s, n.CallStmt):
            call = self._lifted(s.call, statement=True)
            if call is not None:
                self._flush([n.CallStmt(call, s.loc)], stop_to)
        elif isinstance(s, n.If):
            self._if(s, stop_to)
        elif isinstance(s, n.For):
            self._for(s)
        elif isinstance(s, n.Repeat):
            self._repeat(s)
        else:  # stop and pass cannot wait
            raise AssertionError(f"{s!r} cannot wait")

    def _if(self, s: n.If, stop_to: list | None) -> None:
        ends: list[list] = []
        for cond, body in s.branches:
            lifted = self._lifted(cond)
            skip = self._emit([IF_NOT, self._expr(lifted), None], lifted)
            self._block(body, stop_to)
            ends.append(self._emit([JUMP, None]))
            skip[2] = len(self.code)
        self._block(s.orelse, stop_to)
        for jump in ends:
            jump[1] = len(self.code)

    def _for(self, s: n.For) -> None:
        slot = self._slot()
        source = self._lifted(s.source)
        self._emit([FOR, slot, self._expr(source), s.loc], source)
        top = len(self.code)
        turn = self._emit([NEXT, slot, s.var, None])
        self._loop_body(s.body, turn, 3, top)

    def _repeat(self, s: n.Repeat) -> None:
        slot = self._slot()
        count = self._lifted(s.count)
        self._emit([REPEAT, slot, self._expr(count), s.loc], count)
        top = len(self.code)
        turn = self._emit([AGAIN, slot, None])
        self._loop_body(s.body, turn, 2, top)

    def _loop_body(self, body: tuple, turn: list, end_field: int, top: int) -> None:
        stops: list = [None]  # filled with the loop's end, for every `stop` inside
        first = len(self.code)
        self._block(body, stops)
        self._emit([JUMP, top])
        end = len(self.code)
        turn[end_field] = end
        for instruction in self.code[first:end]:
            if instruction[0] == RUN and instruction[2] is stops:
                instruction[2] = end
            elif instruction[0] == JUMP and instruction[1] is stops:
                instruction[1] = end
        stops[0] = end

    def _slot(self) -> int:
        self.slots += 1
        return self.slots - 1

    def _last_waits_into(self, name: str) -> bool:
        last = self.code[-1] if self.code else None
        return last is not None and last[0] == WAIT and last[1] == name

    # ------------------------------------------------------------ expressions
    def _expr(self, e: Any) -> Fn:
        return self.compiler.expr(e)

    def _lifted(self, e: Any, statement: bool = False) -> Any:
        """The expression with each call that may wait replaced by a name its value goes into first
        (instructions emitted here). A waiting call that is a whole statement gives None."""
        if not waits(e, self.calls):
            return e
        if isinstance(e, n.Call):
            args = tuple(self._lifted(arg) if not isinstance(arg, n.Lambda) else self._no_wait_in(arg)
                         for arg in e.args)
            primitive = self.calls[id(e)]
            resume = _resume_of(primitive)
            if resume is None:  # a plain call of waiting arguments
                return self._call(e, args)
            call = self._call(e, args)
            name = None if statement else self._temp()
            self._emit([WAIT, name, resume, self.compiler.arguments(call.args), e.loc], call.args)
            return None if statement else n.Name(name, e.loc)
        if isinstance(e, n.BoolOp):
            return self._bool_op(e)
        if isinstance(e, n.Filter):
            return self._filter(e)
        if isinstance(e, n.Lambda):
            return self._no_wait_in(e)
        fields = e.__dataclass_fields__
        changed = {name: self._lifted(getattr(e, name)) if not isinstance(getattr(e, name), tuple)
                   else tuple(self._lifted(item) for item in getattr(e, name))
                   for name in fields if name not in ("loc", "op", "var_loc")}
        made = replace(e, **changed)
        self.made.append(made)
        return made

    def _bool_op(self, e: n.BoolOp) -> n.Name:
        """`a and b`: b only when a holds (`or`: unless it holds), its value into a name of its own."""
        name = self._temp()
        ends = []
        for i, item in enumerate(e.items):
            value = self._lifted(item)
            self._flush([n.Assign(name, value, item.loc)], None)
            if i < len(e.items) - 1:
                test = n.Name(name, item.loc)
                ends.append(self._emit([IF_NOT if e.op == "and" else IF, self._expr(test), None], test))
        for jump in ends:
            jump[2] = len(self.code)
        return n.Name(name, e.loc)

    def _filter(self, e: n.Filter) -> n.Name:
        """`[x in items where condition]` whose condition may wait: a loop of its own, keeping the
        items for which it holds in a list named apart."""
        name, var, slot = self._temp(), e.var, self._slot()
        self._emit([RUN, lambda f: f.vars.__setitem__(name, []), None])
        source = self._lifted(e.source)
        self._emit([FOR, slot, self._expr(source), e.loc], source)
        top = len(self.code)
        turn = self._emit([NEXT, slot, var, None])
        cond = self._lifted(e.cond)
        self._emit([IF_NOT, self._expr(cond), top], cond)
        self._emit([RUN, lambda f: f.vars[name].append(f.vars[var]), None])
        self._emit([JUMP, top])
        turn[3] = len(self.code)
        return n.Name(name, e.loc)

    def _no_wait_in(self, e: Any) -> Any:
        raise ProgramError("a question cannot be asked inside a lambda (x -> ...): ask it in a `for` loop or a "
                           "filter ([x in ... where ...]) and use the answers", e.loc)

    def _call(self, e: n.Call, args: tuple) -> n.Call:
        if args == e.args:
            return e
        call = n.Call(e.func, args, e.loc)
        self.calls[id(call)] = self.calls[id(e)]
        self.made.append(call)
        return call

    def _temp(self) -> str:
        self.temps += 1
        return f"_w{self.temps - 1}"


class ProgramError(Exception):
    """An effect whose questions cannot be written as a program (see ProgramCompiler._no_wait_in)."""

    def __init__(self, message: str, loc: Location):
        super().__init__(message)
        self.loc = loc


def _written(compiler: Compiler, code: tuple[tuple, ...], trees: tuple) -> Any:
    from .program_code import written  # it builds on this module's instructions
    return written(compiler, code, trees, _Source())


def _become_written(task: Any, game: Any, f: Any, pc: int, loops: list, _build: Callable, _self: Any) -> Any:
    """The code of a program's function before it is written (compiler._on_first_run)."""
    built = _build()
    _self.__code__, _self.__defaults__ = built.__code__, built.__defaults__
    return built(task, game, f, pc, loops)
