"""What a script may see while it is checked: the ruleset's names, its context, the names in scope."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Symbols:
    """The names effects may use that the ruleset's game gives (the ids of its components, of what
    its data files hold...), each with its type, and the params."""

    types: dict[str, str] = field(default_factory=dict)  # name -> type
    params: dict[str, str] = field(default_factory=dict)  # params name -> type


class Scope:
    """The names visible at one place of a script, with their types."""

    def __init__(self, names: dict[str, str], writable: set[str], fixed: set[str]):
        self.names = names  # every name visible here with its type
        self.writable = writable  # context names an assignment may change
        self.fixed = fixed  # context names that cannot be assigned

    def child(self) -> "Scope":
        return Scope(dict(self.names), self.writable, self.fixed)


class Unknown(Exception):
    """Raised inside expression checking once an error was reported, to skip dependent errors."""


@dataclass
class CheckContext:
    """What a script may see: its context values and what it may do."""

    names: dict[str, str]
    writable: tuple[str, ...] = ()
    pure: bool = False  # a condition: no actions, no choices, no hooks
    label: str = "effect"
    what: str = "a condition"  # what a pure expression is called in messages
    own_hook: str | None = None  # a character's automatic hook, which its effect must not fire
    hook: str | None = None  # the hook a character's effect runs at (for messages)
    procedure: bool = False  # a node of the procedure: the one place the game may be ended at once


ME = {"me": "seat"}  # what a seat's own script sees


@dataclass
class ScriptSpec:
    """One script of a ruleset document (loading/scripts.py finds them, a game its own sections'): where
    it is and what it may see."""

    key: tuple  # its path in the document
    text: Any  # MStr, or an int for a constant expression
    kind: str  # effect or expression
    label: str
    ctx: CheckContext
    expected: str = "int"
    checkable: bool = True  # false when its context is unknown (an unknown hook: reported already)
