"""A position as JSON: the table and the tasks under way, written out and checked when read back.

`position_data` writes the game's state -- every card, tile, seat and task, and
where each task stands -- as plain JSON values. Objects that belong to the ruleset
(a game's named things such as characters, effects...) are written as their place in the ruleset,
which must be the same one (its digest is checked). Objects met twice are written
once and referred to by number, so what the table shares stays shared.

Nothing of a position's table is trusted when it is read back (runner.Session.
from_position): the game is played again from the position's seed and decisions,
as a save is, and the table it makes must be exactly the one the file holds. A
hand-edited table (points of 10^30, a cursor at a node that does not exist) is thus
refused whatever its check says; the check (a digest of all it holds) only catches
accidents, such as a file cut short.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

from ..diagnostics import Location, NycRulesError, number_shown
from ..limits import MAX_DECISIONS, MAX_INT, MAX_NAME_CHARS
from ..text import shown_clipped
from ..language.runtime import Frame
from . import effect_task, procedure, state
from .model import Ruleset
from .setup import SeatSpec

FORMAT = 3  # the version of this file format (2: with its check; 3: a bid character's keeper without its table)
# Earlier formats still read, and the fields of their table ("game") written otherwise then: made again from
# the seed and decisions like all the rest, so left out of the comparison with the file (`same_table`).
EARLIER_FORMATS: dict[int, frozenset[str]] = {2: frozenset({"keeper"})}

# The classes a position holds, by the name a file gives them (and those of its game's part: state_classes,
# its tasks too). A class's `not_kept` names the fields it works out again (from the cards...), not written.
CLASSES: dict[str, type] = {cls.__name__: cls for cls in (
    state.Game, state.Seat, state.Zone, state.Card, state.Event, Frame, procedure.Cursor, procedure.Place,
    effect_task.EffectTask)}
_SKIP = {("Game", "chooser"), ("Game", "waiting"), ("Game", "emit"), ("Game", "chance")}  # whoever plays it, not the position


class PositionError(NycRulesError):
    """A position file that this ruleset cannot go on from (another ruleset, or not a position)."""


def rule_objects(ruleset: Ruleset) -> tuple[dict[int, str], dict[str, Any]]:
    """The objects of the ruleset a game may refer to, by id -> place (a path) and by place -> object;
    the same places at every load of the ruleset."""
    cached = ruleset.setup_cache.get("position index")
    if cached is not None:
        return cached
    by_id: dict[int, str] = {}
    by_path: dict[str, Any] = {}
    seen: set[int] = set()
    caches = {"by_hook", "compiled"}  # and every field named *_cache: worked out from the rules, not rules
    stack: list[tuple[Any, str]] = [(ruleset, "")]
    while stack:
        value, path = stack.pop()
        if id(value) in seen or isinstance(value, (str, int, float, bool, type(None), Location)) or callable(value):
            continue
        seen.add(id(value))
        if dataclasses.is_dataclass(value) or isinstance(value, (list, tuple)):
            by_id[id(value)], by_path[path] = path, value
        if dataclasses.is_dataclass(value):
            if type(value).__name__ in ("Script", "Program"):
                continue  # an effect: itself, not its compiled parts
            for field in dataclasses.fields(value):
                item = getattr(value, field.name)
                if field.name in caches or field.name.endswith("_cache"):
                    continue
                if value is ruleset and field.name == "part" and dataclasses.is_dataclass(item):
                    # A game's part that holds its data as fields: walked at the ruleset's place, so that what
                    # moved there from the ruleset keeps its place (positions written before still read).
                    stack.extend((getattr(item, f.name), f"/{f.name}") for f in dataclasses.fields(item)
                                 if f.name not in caches and not f.name.endswith("_cache"))
                else:
                    stack.append((item, f"{path}/{field.name}"))
        elif isinstance(value, dict):
            stack.extend((item, f"{path}/{key}") for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((item, f"{path}/{i}") for i, item in enumerate(value))
    for path, value in ruleset.part.shared_values().items():  # the values of its game's data (model.GamePart)
        by_id[id(value)] = f"/part/{path}"
        by_path[f"/part/{path}"] = value
    cached = ruleset.setup_cache["position index"] = (by_id, by_path)
    return cached


class _Writer:
    def __init__(self, ruleset: Ruleset):
        self.rules = rule_objects(ruleset)[0]
        self.classes = {**CLASSES, **{cls.__name__: cls for cls in ruleset.part.state_classes}}  # a game's own state too
        self.ids: dict[int, int] = {}
        self.keep: list[Any] = []  # what was numbered stays alive while numbers are given

    def value(self, value: Any) -> Any:
        if value is None or isinstance(value, (bool, int, str, float)):
            return value
        path = self.rules.get(id(value))
        if path is not None:
            return {"rule": path}
        if isinstance(value, Location):
            return {"loc": [value.file, value.line, value.column]}
        number = self.ids.get(id(value))
        if number is not None:
            return {"ref": number}
        number = self.ids[id(value)] = len(self.ids)
        self.keep.append(value)
        kind = type(value)
        if kind is list:
            return {"id": number, "list": [self.value(item) for item in value]}
        if kind is tuple:
            return {"id": number, "tuple": [self.value(item) for item in value]}
        if kind is set:
            return {"id": number, "set": sorted((self.value(item) for item in value), key=repr)}
        if kind is dict:
            return {"id": number, "dict": [[self.value(k), self.value(v)] for k, v in value.items()]}
        if kind is random.Random:
            version, internal, gauss = value.getstate()
            return {"id": number, "random": [version, list(internal), gauss]}
        name = kind.__name__
        if self.classes.get(name) is not kind:
            raise NycRulesError(f"a position cannot hold a {name} (not part of a game's state)")
        fields = {}
        not_kept = getattr(kind, "not_kept", ())
        for field in _fields(kind, value):
            if (name, field) in _SKIP or field in not_kept:
                continue
            fields[field] = self.value(getattr(value, field))
        out = {"id": number, "class": name, "fields": fields}
        if kind is state.Zone:
            out["cards"] = [self.value(card) for card in value]
        return out


def _fields(kind: type, value: Any) -> list[str]:
    if hasattr(value, "__dict__"):
        return list(vars(value))
    names: list[str] = []
    for cls in kind.__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in names:
                names.append(name)
    return names



def position_data(ruleset: Ruleset, game: state.Game, specs: list[Any], seed: int, record: list[int],
                  history: list[tuple[int, int, int]]) -> dict[str, Any]:
    """The position as JSON-ready data."""
    data = {"nycrules_position": FORMAT, "ruleset": ruleset.id, "digest": ruleset.digest,
            "seats": [{"name": s.name, "kind": s.kind, **ruleset.part.seat_header(s)} for s in specs],
            "seed": seed, "record": list(record), "history": [list(h) for h in history],
            "game": _Writer(ruleset).value(game)}
    data["check"] = position_check(data)
    return data


def position_check(data: dict[str, Any]) -> str:
    """The digest of everything a position holds but its check (JSON with sorted keys)."""
    body = {key: value for key, value in data.items() if key != "check"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_header(ruleset: Ruleset, data: Any) -> None:
    """A position of this format and ruleset, as written (its check: an accident, not an attack, is
    caught here; what a position holds is then made again from its seed and decisions)."""
    if not isinstance(data, dict) or not isinstance(data.get("nycrules_position"), int):
        raise PositionError(f"this is not a position written by nycrules (no \"nycrules_position\": {FORMAT})")
    if data["nycrules_position"] != FORMAT and data["nycrules_position"] not in EARLIER_FORMATS:
        raise PositionError(f"the position is in format {number_shown(data['nycrules_position'])} (written by "
                            f"another version of nycrules); this one reads formats "
                            f"{' and '.join(str(number) for number in sorted({*EARLIER_FORMATS, FORMAT}))}")
    if data.get("digest") != ruleset.digest:
        raise PositionError(f"the position was written with another version of the ruleset "
                            f"({shown_clipped(repr(data.get('ruleset')), 60)}); load it with the ruleset it was "
                            "written with")
    try:
        changed = data.get("check") != position_check(data)
    except (TypeError, ValueError):
        changed = True  # JSON cannot hold it: no file nycrules wrote
    except RecursionError:
        raise PositionError("the position is nested too deeply to be one nycrules wrote") from None
    if changed:
        raise PositionError("the position was changed after nycrules wrote it (its \"check\" does not match); "
                            "go on from a position file as it was written")


def position_parts(ruleset: Ruleset, data: dict[str, Any]) -> tuple[list[SeatSpec], int, list[int], bool]:
    """A position's seats, seed, decisions and whether its game kept a log: of exact types and within
    the limits a save's are (a seed of 10^100, a decision "lots" are refused here). Its history and its
    table are checked once the game is played again (Session.from_position)."""

    def whole(value: Any, low: int = 0, high: int = MAX_INT) -> int:
        if type(value) is not int or not low <= value <= high:
            raise PositionError(f"the position holds {shown_clipped(repr(value), 40)} where a whole number from "
                                f"{low} to {high} belongs")
        return value

    seats, record, game = (data.get(key) for key in ("seats", "record", "game"))
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats) or not isinstance(record, list) \
            or len(record) > MAX_DECISIONS:
        raise PositionError("the position's seats or record are not lists of the right kind")
    specs = []
    for seat in seats:
        name, kind = seat.get("name"), seat.get("kind")
        if not all(type(text) is str and len(text) <= MAX_NAME_CHARS * 2 for text in (name, kind)):
            raise PositionError(f"a seat of the position has no name and kind of a few letters: "
                                f"{shown_clipped(repr(seat), 60)}")
        specs.append(SeatSpec(name, kind, ruleset.part.seat_level(seat)))  # its game's setting of the seat
    steps = [whole(index, 0, MAX_DECISIONS) for index in record]
    fields = game.get("fields") if isinstance(game, dict) else None
    logged = fields.get("log_events") if isinstance(fields, dict) else None
    if type(logged) is not bool:
        raise PositionError("the position holds no game under way")
    return specs, whole(data.get("seed")), steps, logged


def same_table(ruleset: Ruleset, game: state.Game, data: Any, file_format: int = FORMAT) -> bool:
    """Whether `data` (a position's "game") is exactly the table `game` is (JSON written alike), but for
    the fields a position of an earlier format wrote otherwise."""
    made = _Writer(ruleset).value(game)
    left_out = EARLIER_FORMATS.get(file_format, frozenset())
    if left_out:
        try:
            data = {**data, "fields": {k: v for k, v in data["fields"].items() if k not in left_out}}
        except (TypeError, KeyError, AttributeError):
            return False
        made = {**made, "fields": {k: v for k, v in made["fields"].items() if k not in left_out}}
    try:
        written = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return written == json.dumps(made, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
