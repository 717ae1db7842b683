"""What a balance study judges and counts of New York City (studies/verdicts.py, studies/study.py):
its characters.

A seat owns a character whose tile is in its company at the end of a game. A bot is offered the
characters face up on the elevator at a hire (a choice among tiles there: each character once, however
many of its tiles show) and takes the one of the tile it chose. A character's rules, compared between a
mod and its base, are every field of its definition but which one it is and where it is written; a new
character is measured against the base's characters of its value (the same price and the same points
at the end).
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

from ...engine.model import Piece, Script
from .state import Tile
from .model import CharacterDef

_NOT_RULES = ("id", "loc", "assumed")  # which character it is and where and how it is written, not what it does


def _rules_of(char: CharacterDef) -> tuple:
    """What a character is and does (each field but `_NOT_RULES`, a rule by its text), not where it is written."""
    return tuple(_text_of(getattr(char, f.name)) for f in fields(char) if f.name not in _NOT_RULES)


def _text_of(value: Any) -> Any:
    return value.source if isinstance(value, Script) else value


def pieces(characters: dict[int, CharacterDef]) -> dict[int, Piece]:
    return {c.id: Piece(c.title, _rules_of(c), f"value-{c.value} characters") for c in characters.values()}


def owned(game: Any, seat: int) -> tuple[int, ...]:
    """The characters of the seat's company, each once."""
    return tuple(dict.fromkeys(tile.char.id for tile in game.seats[seat].company))


def offered(decision: Any, index: Any) -> tuple[tuple[int, bool], ...]:
    """At a hire (a choice among the tiles face up on the elevator): each character on offer, and whether
    it is the one of the tile chosen."""
    if decision.kind != "choose" or not decision.count:
        return ()
    first = decision.value(0)
    if not isinstance(first, Tile) or first.where != "display":
        return ()
    chosen = decision.value(index).char.id if isinstance(index, int) and 0 <= index < decision.count else None
    return tuple((char_id, char_id == chosen) for char_id in {decision.value(i).char.id for i in range(decision.count)})


def tallied(characters: dict[int, CharacterDef]) -> dict[int, str]:
    """The characters a study counts the hires and uses of (GamePart.tally), by id, with their titles."""
    return {c.id: c.title for c in characters.values()}


def removers(characters: dict[int, CharacterDef]) -> list[str]:
    """The characters whose effect removes a character from the game (the Headhunter), to say why one
    hired was kept by nobody."""
    return [f"{c.id} {c.title}" for c in characters.values()
            if c.effect is not None and re.search(r"\bremove_character\(", c.effect.source)]
