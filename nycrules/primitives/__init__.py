"""The primitives of the effect language. Importing this package registers them all."""

from typing import Any

from ..compiler import check_count, rule_failed


def require(f: Any, condition: bool, message: str) -> None:
    """Stop the game with a located error when a rule asks for something impossible (a ruleset bug)."""
    if not condition:
        raise rule_failed(f, message)


def count(f: Any, value: int, what: str) -> int:
    """A count a rule asks for at once, within limits.MAX_COUNT (else a located error)."""
    return check_count(f, value, what)


from . import bidding, boroughs, cards, characters, choices, lists, log, seats, vessels  # noqa: E402,F401
