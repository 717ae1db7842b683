"""The primitives of the effect language. Importing this package registers them all."""

from typing import Any

from ..compiler import RuleRuntimeError


def require(f: Any, condition: bool, message: str) -> None:
    """Stop the game with a located error when a rule asks for something impossible (a ruleset bug)."""
    if not condition:
        raise RuleRuntimeError(message, f.game.where)


from . import bidding, boroughs, cards, characters, choices, lists, log, seats, vessels  # noqa: E402,F401
