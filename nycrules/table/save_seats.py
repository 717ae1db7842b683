"""The seats of a save: written with the level of a seat its game adds, read back as `--seat` reads them.

A person is saved as `{"name", "kind": "human"}`, a bot with its kind (`bot:mcts:20`); a seat of a
kind the ruleset's game adds (agents/seating.py) also with its level, under the kind's name, as its
`--seat` text has it after the colon (New York City's automa, `--seat KIND:B4`, as `"KIND": "B4"`),
so saves made before read as they did.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..diagnostics import NycRulesError
from ..engine.model import Ruleset
from ..engine.setup import SeatSpec
from ..agents.seating import check_name, check_seats, game_seats, parse_seat
from ..text import shown_clipped


def _played_by_people_or_bots(kind: str) -> bool:
    return kind == "human" or kind.startswith("bot:")


def saved_seat(spec: SeatSpec) -> dict[str, Any]:
    """One seat as a save holds it (a seat its game adds: with its level, as its kind wrote it)."""
    if _played_by_people_or_bots(spec.kind):
        return {"name": spec.name, "kind": spec.kind}
    return {"name": spec.name, "kind": spec.kind, spec.kind: spec.level}


def read_seats(saved: list[dict[str, Any]], ruleset: Ruleset) -> list[SeatSpec]:
    """The seats of a save (checked as --seat checks them: names, kinds, levels, their number)."""
    kinds = {kind.kind: kind for kind in game_seats(ruleset)}
    seats = []
    for seat in saved:
        name, kind = check_name(seat["name"]), seat["kind"]
        stray = next((key for key in seat if key not in ("name", "kind", kind)), None)
        if stray is not None:  # a level under another kind's name
            raise NycRulesError(f"seat {name!r} holds '{shown_clipped(stray, 20)}', which is not its kind "
                                f"{kind!r}: a seat's level is saved under its kind's name")
        if kind.startswith("bot:"):  # every bot `--seat` takes (seating.parse_seat)
            seats.append(SeatSpec(name, parse_seat(kind, ruleset, 0).kind))
        elif _played_by_people_or_bots(kind):
            seats.append(SeatSpec(name, kind))
        elif kind in kinds and not seat.get(kind):
            rival = kinds[kind].rival(ruleset) or ""
            raise NycRulesError(f"{kinds[kind].title} seat {name!r} needs a level, such as {rival.split(':')[-1]}")
        else:  # a kind of another game is refused as --seat refuses it
            seats.append(replace(parse_seat(f"{kind}:{seat[kind]}" if seat.get(kind) else kind, ruleset, 0),
                                 name=name))
    check_seats(seats, ruleset)
    return seats
