"""Compiled rules that watch themselves run, for checking a ruleset by playing it.

`ProbedCompiler` compiles exactly what `Compiler` does, with each statement
wrapped: it counts its runs (coverage), counts the steps of the effect it
belongs to against a budget, and notes its place in `game.where` so a failure
deep inside a primitive points at the line that caused it. Only
`nycrules validate --simulate` loads a ruleset this way; every other command
uses the plain compiler and pays nothing for any of this.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from . import nodes as n
from .compiler import Compiler, Fn
from .runtime import Frame, StopLoop
from ..diagnostics import Location, NycRulesError
from .registry import Primitive

# Statements one effect may run (counting the characters and hooks it sets off) before it is
# stopped as a loop without end. No effect of the shipped game ran 100 in 60 checked games.
STEP_BUDGET = 100_000


class StepBudgetExceeded(NycRulesError):
    def __init__(self, limit: int, loc: Location, at_loop: bool = False):
        super().__init__(f"a rule ran more than {limit:,} steps without finishing (a loop without end?)",
                         loc, "E502")
        self.limit = limit
        self.at_loop = at_loop  # located at the innermost loop running, rather than the last step


class EngineFailure(NycRulesError):
    """Python failed under a rule (a wrong value reached a primitive, or rules call each other forever)."""

    def __init__(self, message: str, loc: Location):
        super().__init__(message, loc, "E509")


@dataclass
class EffectInfo:
    """One compiled effect: how often it ran and which statements (indices into the probe) it holds."""

    statements: range
    runs: int = 0


@dataclass
class Probe:
    """Counters shared by every probed effect of one ruleset."""

    step_budget: int = STEP_BUDGET
    counts: list[int] = field(default_factory=list)  # runs per statement
    locs: list[Location] = field(default_factory=list)  # where each statement is written
    effects: dict[Callable, EffectInfo] = field(default_factory=dict)  # Script.run -> its info
    steps: int = 0  # statements run by the current outermost effect
    depth: int = 0  # effects running inside each other now

    def new_game(self) -> None:
        self.steps = self.depth = 0

    def effect_info(self, run: Callable) -> EffectInfo | None:
        return self.effects.get(run)


class ProbedCompiler(Compiler):
    inline_statements = False  # each statement stays a function of its own, to be wrapped below
    generate_when_run = False  # every statement is listed at load, run or not

    def __init__(self, calls: dict[int, Primitive], symbols: dict[str, Callable[[Any], Any]],
                 params: dict[str, Any], probe: Probe):
        super().__init__(dict(calls), symbols, params)  # a copy: `_call` swaps in located primitives
        self.probe = probe

    def effect(self, effect: n.Effect) -> Fn:
        probe = self.probe
        start = len(probe.locs)
        body = super().effect(effect)
        info = EffectInfo(range(start, len(probe.locs)))

        def run(f: Frame) -> None:
            info.runs += 1
            if probe.depth == 0:
                probe.steps = 0
            probe.depth += 1
            try:
                body(f)
            finally:
                probe.depth -= 1
        probe.effects[run] = info
        return run

    def program_run(self, effect: n.Effect, build: Callable[[], Any]) -> tuple[Any, Fn]:
        """An effect that may wait runs by its program, whose parts are probed effects of their own:
        the effect's statements are theirs, and its runs are counted when the program starts."""
        probe = self.probe
        start = len(probe.locs)
        program = build()
        info = EffectInfo(range(start, len(probe.locs)))

        def started() -> None:
            info.runs += 1

        def run(f: Frame) -> None:
            raise AssertionError("an effect that may wait runs by its program (engine/effect_task.py)")
        probe.effects[run] = info
        return replace(program, on_start=started), run

    def _stmt(self, s: n.Stmt) -> Fn:
        inner = super()._stmt(s)
        probe, loc = self.probe, s.loc
        index = len(probe.locs)
        probe.locs.append(loc)
        probe.counts.append(0)
        counts, budget = probe.counts, probe.step_budget
        is_loop = isinstance(s, (n.For, n.Repeat))

        def probed(f: Frame) -> None:
            counts[index] += 1
            probe.steps += 1
            if probe.steps > budget:
                raise StepBudgetExceeded(budget, loc)
            if f.game is not None:  # the bid value runs with no game
                f.game.where = loc
            try:
                inner(f)
            except StepBudgetExceeded as err:
                if is_loop and not err.at_loop:  # blame the loop, not the step it was on
                    raise StepBudgetExceeded(err.limit, loc, True) from None
                raise
            except (NycRulesError, StopLoop):
                raise
            except RecursionError:
                raise EngineFailure("rules set each other off without end", loc) from None
            except Exception as err:  # noqa: BLE001 - any failure under a rule is reported at its line
                raise EngineFailure(f"the engine failed running this line ({type(err).__name__}: {err})",
                                    loc) from None
        return probed

    def _call(self, call: n.Call, *rest: Any) -> str:
        # The plain compiler's call, with a primitive that first notes the call's place (its
        # arguments are known by then), so one that refuses (first of an empty list, nothing
        # to choose) names this call rather than the last statement that did.
        prim, loc = self.calls[id(call)], call.loc
        impl = prim.impl

        def located(f: Frame, *args: Any) -> Any:
            if f.game is not None:
                f.game.where = loc
            return impl(f, *args)
        resume = getattr(impl, "resume", None)
        if resume is not None:  # a primitive that may wait: its form for programs, located too
            def located_resume(f: Frame, *args: Any) -> Any:
                if f.game is not None:
                    f.game.where = loc
                return resume(f, *args)
            located.resume = located_resume  # type: ignore[attr-defined]
        self.calls[id(call)] = replace(prim, impl=located)
        return super()._call(call, *rest)
