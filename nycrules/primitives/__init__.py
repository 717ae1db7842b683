"""The shared primitives of the effect language (a game's own are in its folder, nycrules/games/<game>/).
Importing this package registers them."""

from typing import Any, Callable, TypeVar

from ..language.runtime import check_count, check_not_negative, rule_failed

F = TypeVar("F", bound=Callable[..., Any])


def inline(template: str) -> Callable[[F], F]:
    """Mark a primitive that only reads a value: compiled rules write `template` in place of the call.

    `{0}`, `{1}`... stand for the arguments and `f` for the frame; the compiler uses it only when
    every argument is a plain name or constant (so none runs twice or out of order), and a test
    checks that the template gives what the function does.
    """
    def mark(fn: F) -> F:
        fn.inline = template  # type: ignore[attr-defined]
        return fn
    return mark


def waits(resume: Callable[..., Any]) -> Callable[[F], F]:
    """Mark a primitive that may wait for a decision: `resume(f, *args)` is its form for an effect
    that can stop and go on (engine/effect_task.py). It gives the Decision to wait for, a task to
    run first (its result is the call's value), or the value at once."""
    def mark(fn: F) -> F:
        fn.resume = resume  # type: ignore[attr-defined]
        return fn
    return mark


def require(f: Any, condition: bool, message: str, *values: Any) -> None:
    """Stop the game with a located error when a rule asks for something impossible (a ruleset bug).

    With `values`, the message is a template they fill (`{}`), filled only on failure: frequent
    primitives then make no text when all is well.
    """
    if not condition:
        raise rule_failed(f, message.format(*values) if values else message)


def not_negative(f: Any, value: int, what: str) -> int:
    """An amount a rule moves (money, cards, buildings): a negative one is a located error."""
    return check_not_negative(f, value, what)


def count(f: Any, value: int, what: str) -> int:
    """A count a rule asks for at once, from 0 to limits.MAX_COUNT (else a located error)."""
    return check_count(f, check_not_negative(f, value, what), what)


from . import choices, lists, log, procedure, seats  # noqa: E402,F401
