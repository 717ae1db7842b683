"""What compiled rules use as they run: the frame of an effect, located failures, bounded counts
and steps. The compiler (compiler.py) writes calls of these into generated code; the engine and
the primitives use them too. Knows no game state: a frame's game is whatever runs the rules."""

from __future__ import annotations

import copy
from typing import Any

from ..diagnostics import Location, RuleRuntimeError
from ..limits import MAX_COUNT, MAX_EFFECT_STEPS, MAX_INT, MAX_RULE_TEXT_BYTES, text_bytes


class Frame:
    """One run of an effect: the game, the names in scope, and the steps (loop turns) it may still take."""

    __slots__ = ("game", "vars", "steps")

    def __init__(self, game: Any, vars: dict[str, Any]):
        self.game = game
        self.vars = vars
        self.steps = MAX_EFFECT_STEPS

    def __deepcopy__(self, memo: dict[int, Any]) -> "Frame":
        """A frame of an effect under way, copied with its game (the engine copies games so)."""
        twin = Frame.__new__(Frame)
        memo[id(self)] = twin
        twin.game, twin.vars, twin.steps = copy.deepcopy(self.game, memo), copy.deepcopy(self.vars, memo), self.steps
        return twin


class Fixed:
    """A component whose runtime value is the same in every game (the id of a card type or of another
    kind of thing): compiled rules hold the value itself, where other components are looked up in the game."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __call__(self, game: Any) -> Any:  # like every component: fn(game) -> its runtime value
        return self.value


class StopLoop(Exception):
    pass


def rule_failed(f: "Frame", problem: str, loc: Location | None = None) -> RuleRuntimeError:
    """The error for a rule failing in frame `f`, with the rule, seat and decision from its game."""
    game = f.game
    me = f.vars.get("me")
    seat = getattr(me, "name", None)
    if game is None:
        return RuleRuntimeError(problem, loc, None, seat, None)
    return RuleRuntimeError(problem, loc or game.where, game.rule, seat, game.decisions_taken)


def check_count(f: "Frame", count: int, what: str, loc: Location | None = None) -> int:
    """A count a rule asks for at once (cards drawn, loop turns...), refused beyond MAX_COUNT."""
    if count > MAX_COUNT:
        raise rule_failed(f, f"{what} {count} is more than the limit of {MAX_COUNT}", loc)
    return count


def check_not_negative(f: "Frame", amount: int, what: str) -> int:
    """An amount of things a rule moves (cards, money, buildings): never below zero."""
    if amount < 0:
        raise rule_failed(f, f"{what} {amount}: it cannot be negative")
    return amount


def check_stored(f: "Frame", value: int, what: str) -> int:
    """A number the game keeps (points, money) or a rule makes (a sum): within limits.MAX_INT."""
    if -MAX_INT <= value <= MAX_INT:
        return value
    raise rule_failed(f, f"{what} {value}, beyond the limit of 10^18")


def spend_text(f: "Frame", text: str) -> str:
    """A text a rule writes (a note, a reason for points, the values they name), counted against its
    game's MAX_RULE_TEXT_BYTES whether a log is kept or not: the step budget counts steps, and one
    step may write thousands of bytes. The same game thus ends the same way in `play` and `simulate`."""
    game = f.game
    if game is not None:
        game.text_left -= text_bytes(text)
        if game.text_left < 0:
            raise rule_failed(f, f"the rules of this game wrote more than {MAX_RULE_TEXT_BYTES} bytes of text in "
                                 "all (notes, reasons for points); is a note in a loop much longer than intended?")
    return text


def spend_steps(f: "Frame", items: list) -> list:
    """The items a primitive goes through calling a rule's function (count, sum, sort_by...): each
    a step of the effect's budget, as each turn of a loop is."""
    return _counted(f, items, None)


def spend(f: "Frame", steps: int, loc: Location) -> None:
    f.steps -= steps
    if f.steps < 0:
        raise rule_failed(f, f"the effect ran more than {MAX_EFFECT_STEPS} steps (loop turns); "
                             "is a loop much longer than intended?", loc)


def _bounded(f: "Frame", value: int, loc: Location) -> int:
    if -MAX_INT <= value <= MAX_INT:
        return value
    raise rule_failed(f, "a number beyond the limit of 10^18", loc)


def _counted(f: "Frame", items: list, loc: Location | None) -> list:
    """The items a filter goes through, each a step of the effect's budget."""
    f.steps -= len(items)
    if f.steps < 0:
        spend(f, 0, loc)  # raises the located error
    return items


def _index(f: "Frame", target: Any, index: Any, loc: Location) -> Any:
    if isinstance(target, list) and isinstance(index, int) and index < 0:  # Python would count from the end
        raise rule_failed(f, f"nothing at [{index}]: a list's places are numbered from 0", loc)
    try:
        return target[index]
    except (IndexError, KeyError, TypeError):
        raise rule_failed(f, f"nothing at [{index}]", loc) from None
