"""Running an effect that may wait for a decision: its program (resumable.py) as a task.

Where the run stands is plain data in the task: the next instruction, the frame's
names and steps left, each loop's items and position, and whether it waits for a
question's answer or for a task it started. An effect that cannot wait runs as one
compiled function instead (effects.run_script), as before.
"""

from __future__ import annotations

from typing import Any

from ..language.runtime import Frame, StopLoop, spend, check_count
from ..diagnostics import RuleRuntimeError
from ..limits import MAX_EFFECT_STEPS, MAX_GAME_STEPS
from .model import Script
from ..language.resumable import AGAIN, FOR, HOOK, IF, IF_NOT, JUMP, NEXT, REPEAT, RUN, WAIT
from .decisions import Decision
from .copying import copy_value
from .state import Game
from .tasks import PUSHED, Task
from ..language.program_code import set_waiting_kinds


def copy_frame(frame: Frame, memo: dict[int, Any]) -> Frame:
    """A frame's copy with a table's copy (`memo`): its game and names are the copy's."""
    twin = memo.get(id(frame))
    if twin is None:
        twin = memo[id(frame)] = Frame(copy_value(frame.game, memo), copy_value(frame.vars, memo))
        twin.steps = frame.steps
    return twin


set_waiting_kinds(Decision, Task, PUSHED)  # what a program's written function tells apart (program_code.py)


class EffectTask(Task):
    """One run of an effect's program, with `variables` in scope; events name `rule`.

    Its step budget is run_script's: shared with `parent` (the frame of the effect whose `hook`
    started it), else taken from the game's. Its result is its frame (hooks read names back)."""

    __slots__ = ("script", "frame", "pc", "loops", "rule", "parent", "start", "waiting", "before")

    def __init__(self, game: Game, script: Script, variables: dict[str, Any], rule: str | None = None,
                 parent: Frame | None = None):
        self.script = script
        self.frame = Frame(game, variables)
        self.pc = -1  # not started
        slots = script.program.slots
        self.loops: list[list] = [[None, 0] for _ in range(slots)] if slots else []  # most effects have no loop
        self.rule = rule or script.label
        self.parent = parent
        self.start = 0
        self.waiting = False
        self.before: tuple[str, Any] = ("", None)  # the game's rule and line before it started

    def __deepcopy__(self, memo: dict[int, Any]) -> "EffectTask":
        twin = EffectTask.__new__(EffectTask)
        memo[id(self)] = twin
        twin.script, twin.pc, twin.rule, twin.start, twin.waiting = (self.script, self.pc, self.rule, self.start,
                                                                     self.waiting)
        twin.frame = copy_frame(self.frame, memo)
        twin.parent = None if self.parent is None else copy_frame(self.parent, memo)
        twin.loops = [[copy_value(items, memo), place] for items, place in self.loops]
        twin.before = self.before
        return twin

    # ------------------------------------------------------------ running
    def step(self, game: Game, value: Any) -> Any:
        frame = self.frame
        program = self.script.program
        if self.waiting:  # the answer, or the result of the task it started
            self.waiting = False
            pc = self.pc
            instruction = program.code[pc]
            if instruction[0] == WAIT and instruction[1] is not None:
                frame.vars[instruction[1]] = value
            self.pc = pc = pc + 1
        elif self.pc < 0:
            self.begin(game)
            pc = 0
        else:
            pc = self.pc
        run = program.run  # the program written out (language/program_code.py); else one instruction at a time
        try:
            out = run(self, game, frame, pc, self.loops) if run is not None else self._run(game, frame)
        except RuleRuntimeError as err:
            self._end(game)
            if self.parent is None and game.budget is None and frame.steps < 0 and self.start < MAX_EFFECT_STEPS:
                raise RuleRuntimeError(f"the rules of this game ran more than {MAX_GAME_STEPS} steps in all (loop "
                                       "turns); is a loop much longer than intended?", err.location, err.rule,
                                       err.seat, err.decision) from None
            raise
        except BaseException:
            self._end(game)
            raise
        if out is not None:
            return out
        game.rule, game.where = self.before  # self._end(game), written out for the usual case
        if self.parent is None and game.budget is None:
            game.steps_left -= self.start - max(frame.steps, 0)
        else:
            (self.parent if self.parent is not None else game.budget).steps = frame.steps
        return frame

    def question(self, game: Game) -> Decision:
        """The question the effect waits at, asked again from the table as it is now."""
        _, _, resume, arguments, _ = self.script.program.code[self.pc]
        frame = self.frame
        out = resume(frame, *arguments(frame))
        assert isinstance(out, Decision), "a task waits at this call, not a question"
        return out

    def begin(self, game: Game) -> None:
        on_start = self.script.program.on_start
        if on_start is not None:
            on_start()
        self.before = (game.rule, game.where)
        game.rule = self.rule
        game.where = self.script.loc
        parent = self.parent if self.parent is not None else game.budget
        if parent is not None:
            self.frame.steps = parent.steps
        else:
            self.frame.steps = self.start = min(MAX_EFFECT_STEPS, game.steps_left)
        self.pc = 0

    def _end(self, game: Game) -> None:
        game.rule, game.where = self.before
        parent = self.parent if self.parent is not None else game.budget
        if parent is not None:
            parent.steps = self.frame.steps
        else:
            game.steps_left -= self.start - max(self.frame.steps, 0)

    def _run(self, game: Game, f: Frame) -> Any:
        """Run instructions from pc: None at the end, else what the task's step gives (it waits)."""
        code = self.script.program.code
        loops = self.loops
        pc = self.pc
        size = len(code)
        while pc < size:
            instruction = code[pc]
            op = instruction[0]
            if op == RUN:
                try:
                    instruction[1](f)
                except StopLoop:
                    pc = instruction[2]
                    continue
                pc += 1
            elif op == WAIT:
                _, name, resume, arguments, loc = instruction
                values = arguments(f)
                game.where = loc  # a failure of the call itself names it
                out = resume(f, *values)
                if isinstance(out, Decision):
                    self.pc, self.waiting = pc, True
                    return out
                if isinstance(out, Task):
                    self.pc, self.waiting = pc, True
                    game.stack.append(out)
                    return PUSHED
                if name is not None:
                    f.vars[name] = out
                pc += 1
            elif op == HOOK:
                _, hook, loc = instruction
                spend(f, 1, loc)
                game.where = loc
                task = game.ruleset.part.hook_task(game, hook, f)  # the game's abilities at the hook
                if task is not None:
                    self.pc, self.waiting = pc, True
                    game.stack.append(task)
                    return PUSHED
                pc += 1
            elif op == IF_NOT:
                pc = pc + 1 if instruction[1](f) else instruction[2]
            elif op == IF:
                pc = instruction[2] if instruction[1](f) else pc + 1
            elif op == JUMP:
                pc = instruction[1]
            elif op == FOR:
                _, slot, source, loc = instruction
                items = list(source(f))
                spend(f, len(items), loc)
                loops[slot] = [items, 0]
                pc += 1
            elif op == NEXT:
                _, slot, name, end = instruction
                loop = loops[slot]
                if loop[1] < len(loop[0]):
                    f.vars[name] = loop[0][loop[1]]
                    loop[1] += 1
                    pc += 1
                else:
                    loops[slot] = [None, 0]
                    pc = end
            elif op == REPEAT:
                _, slot, count, loc = instruction
                turns = max(check_count(f, count(f), "repeat", loc), 0)
                spend(f, turns, loc)
                loops[slot] = [None, turns]
                pc += 1
            else:  # AGAIN
                _, slot, end = instruction
                loop = loops[slot]
                if loop[1] > 0:
                    loop[1] -= 1
                    pc += 1
                else:
                    pc = end
        self.pc = pc
        return None
