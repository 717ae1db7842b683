"""Notes in the game log, so a player can see why an automatic rule acted as it did."""

from __future__ import annotations

from typing import Any

from ..engine.decisions import describe
from ..language.registry import primitive
from ..language.runtime import spend_text


@primitive("note(text: str)", "Write a line in the game log for `me` (an automa explains its steps so); told to people "
           "after the action just before it, as its reason.", "log")
def note(f: Any, text: str) -> None:
    f.game.emit(f.vars.get("me"), spend_text(f, text), "note")


@primitive("note(text: str, value: T)", "Write a line with a value, such as the place an automa chose.", "log")
def note_value(f: Any, text: str, value: Any) -> None:
    f.game.emit(f.vars.get("me"), spend_text(f, f"{text}: {describe(value)}"), "note")
