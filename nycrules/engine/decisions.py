"""Decisions: every choice a seat makes, with its enumerated legal options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .state import Borough, Card, Pair, PrestigeTile, Seat, Tile, Vessel


@dataclass
class Option:
    label: str  # what a person reads and may type (a unique prefix is enough)
    value: Any


@dataclass
class Decision:
    seat: Seat
    kind: str  # what is being decided: bid, pair, use, choose, choose_some, number, ask, ...
    prompt: str
    options: list[Option]
    rule: str = ""  # the rule asking, e.g. "character 7" or "prestige round bonus"

    def __post_init__(self) -> None:
        # Options a person cannot tell apart by their text get a number.
        seen: dict[str, int] = {}
        for option in self.options:
            if option.label in seen:
                seen[option.label] += 1
                option.label = f"{option.label} #{seen[option.label]}"
            else:
                seen[option.label] = 1

    def labels(self) -> list[str]:
        return [o.label for o in self.options]


def describe(value: Any) -> str:
    """A short, readable name for a value, used in option labels and the log."""
    if isinstance(value, Card):
        if value.zone is not None and value.zone.name.startswith("pair"):
            return f"{value.type} (from {' + '.join(sorted(c.type for c in value.zone))})"
        return value.type
    if isinstance(value, Tile):
        return f"{value.char.id} {value.char.title} ({value.char.value})"
    if isinstance(value, Borough):
        return value.name
    if isinstance(value, Vessel):
        return f"{value.kind} {value.ends[0].name}-{value.ends[1].name}"
    if isinstance(value, PrestigeTile):
        return f"{value.colour} prestige {value.value}"
    if isinstance(value, Pair):
        return value.name()
    if isinstance(value, Seat):
        return value.name
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "nothing"
        if all(isinstance(v, Card) for v in value):
            joiner = " "
        elif all(isinstance(v, Tile) for v in value):
            joiner = " + "
        else:
            joiner = ", "
        return joiner.join(describe(v) for v in value)
    return str(value)


def same_choice_key(value: Any) -> Any:
    """Values a player cannot tell apart give one option (two press cards in hand are alike)."""
    if isinstance(value, Card):
        return ("card", value.type, id(value.zone))
    if isinstance(value, Tile):
        return ("tile", value.char.id, value.where, value.uid if value.where == "company" else 0)
    return ("value", id(value)) if not isinstance(value, (int, str)) else ("plain", value)
