"""Hook points: the named places in a game where its pieces (characters, cards...) act.

A game adds its own (games/<game>/hooks.py) before its rulesets are checked. A piece names its hook
in `when:`. Some hooks are fired by the procedure; the others by a `hook NAME` statement inside an
effect. Each hook gives the effects attached to it some values (its context), and fixes the phase a
piece must belong to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable


@dataclass(frozen=True)
class HookPoint:
    name: str
    phase: str  # the phase of the game whose pieces may attach
    mode: str  # optional: the seat may use it; instead: replaces a step; automatic: always runs;
    # ordered: always runs, in an order the seat chooses (best first)
    fired_by: str  # "procedure" or "effect" (a `hook` statement)
    help: str
    context: dict[str, str] = field(default_factory=dict)  # name -> type
    writable: tuple[str, ...] = ()  # context values the effect may change


# Every hook of the games loaded, by name (a game adds its own: add_hooks).
HOOKS: dict[str, HookPoint] = {}


def add_hooks(points: Iterable[HookPoint]) -> None:
    """A game's hook points."""
    HOOKS.update((point.name, point) for point in points)
