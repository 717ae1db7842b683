"""Decisions on an 80x24 screen, for any game: the question, and its options numbered (a game's
TABLE may show them its own way: `describe_options`, game_hooks.py; what a person types is read
in answers.py).

An option keeps its number (its position in `decision.options`) however it is shown, so a number
typed always means the same option.
"""

from __future__ import annotations

from .layout import wrap_items
from ..engine.decisions import Decision
from ..engine.state import Game

FLOW_OVER = 10  # longer lists of short options flow several to a line
SHORT_OPTION = 24  # options this long at most may share a line


def option_lines(game: Game, decision: Decision, every: bool = False) -> list[str]:
    """The lines that show a decision's options, each with its number (all of them, `every` or not)."""
    numbered = [f"{i + 1}. {o.label}" for i, o in enumerate(decision.options)]
    if len(numbered) > FLOW_OVER and max(len(n) for n in numbered) <= SHORT_OPTION:
        return wrap_items("  ", numbered, sep="   ", indent=2)
    return [f"  {entry}" for entry in numbered]


def headline(decision: Decision) -> str:
    """The question: rule-made choices name what is chosen; the procedure's are whole sentences."""
    if decision.kind in ("choose", "choose_some", "number"):
        return f"{decision.seat.name}, choose: {decision.prompt}"
    return f"{decision.seat.name}: {decision.prompt}"
