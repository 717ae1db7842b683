"""What the shared loader asks of New York City to check one of its rulesets (docs/games.md), as it asks
New York 1901: the schema of its sections, the names its effects may use (the components' ids and
colours, the params; data_checks.py checks what the schema cannot), their values in a game, its own
sections' scripts (scripts.py), and a file that looks like a mod which forgot `extends:`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...diagnostics import Sink, SourceTexts
from ...language.runtime import Fixed
from ...language.scope import Symbols
from ...reading.marked_yaml import MDict
from .data_checks import DataChecker
from .scripts import scripts

RULESET_SCHEMA = "ruleset.schema.json"
# The sections a whole ruleset has and a mod usually leaves to its base.
_WHOLE_RULESET = ("ruleset", "components", "game", "steps", "bidding", "final_scoring")

__all__ = ["RULESET_SCHEMA", "looks_like_a_mod", "names", "own_steps", "procedure_numbers", "scripts", "symbols",
           "values"]


def symbols(doc: MDict, folder: Path, sink: Sink, sources: SourceTexts) -> Symbols:
    """The names effects may use, after every check of the data the schema cannot make."""
    return DataChecker(doc, sink).run()


def names(doc: MDict) -> Symbols:
    """The names alone, for a document whose components and params passed the schema but not all of it."""
    return DataChecker(doc, Sink()).symbols()


def values(doc: MDict, symbols: Symbols) -> dict[str, Any]:
    """Runtime values of component names: ids for kinds and colours, Borough objects from the game."""
    comp = doc["components"]
    found: dict[str, Any] = {}
    for section in ("card_types", "vessel_kinds"):
        for item in comp[section]:
            ident = str(item["id"])
            found[ident] = Fixed(ident)
    for colour in comp["colours"]:
        ident = str(colour)
        found[ident] = Fixed(ident)
    for b in comp["boroughs"]:
        ident = str(b["id"])
        found[ident] = lambda game, ident=ident: game.borough_by_id[ident]
    return found


def looks_like_a_mod(doc: MDict, sink: Sink) -> bool:
    """A file that extends nothing but lacks most of a whole ruleset's sections is a mod that forgot
    `extends:`: one error saying so, instead of one per missing section and key."""
    if sum(key not in doc for key in _WHOLE_RULESET) < len(_WHOLE_RULESET) // 2:
        return False
    missing = [key for key in _WHOLE_RULESET[:2] + ("characters",) + _WHOLE_RULESET[2:] if key not in doc]
    from ...reading.documents import shipped_rulesets
    sink.error("E201", f"this file extends no ruleset and has no {', '.join(missing)}; a mod starts with "
                       f"`extends: nyc` (shipped rulesets: {', '.join(shipped_rulesets())}), a whole ruleset "
                       "has every section", doc.loc)
    return True


def procedure_numbers(doc: MDict) -> dict[str, str]:
    """The `game:` numbers the procedure sees by name, with their types (a seat's own ones excluded)."""
    game = doc.get("game")
    names: dict[str, str] = {}
    if not isinstance(game, dict):
        return names
    for key, value in game.items():
        if key == "exchanges_per_turn":  # worked out for a seat (`me`) on its bidding turn
            continue
        if isinstance(value, list):
            names[str(key)] = "list[str]"
        elif not isinstance(value, bool) and isinstance(value, (int, str)):
            names[str(key)] = "int"
    return names


def own_steps(doc: MDict) -> set[str]:
    """Tom's steps a procedure's node may run beside the ruleset's (his phase I, before-the-bid and bid
    rules among them)."""
    tom = doc.get("tom") if isinstance(doc.get("tom"), dict) else {}
    steps = tom.get("steps") if isinstance(tom.get("steps"), dict) else {}
    return set(steps) | {key for key in ("phase1", "before_bid", "bid") if key in tom}
