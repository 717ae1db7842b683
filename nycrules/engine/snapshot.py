"""A position as JSON: the table and the tasks under way, written out and read back.

`position_data(session)` writes the game's state -- every card, tile, seat and
task, and where each task stands -- as plain JSON values; `session_from_position`
makes a session that goes on from it exactly as the original goes on. Objects that
belong to the ruleset (characters, bidding rounds, effects...) are written as their
place in the ruleset, which must be the same one (its digest is checked). Objects met
twice are written once and referred to by number, so what the table shares stays
shared (a seat's `known` dict is its hand's and its reserve's).

Only the classes of a game's state are read back (a table of them below); anything
else in a file is refused with one line. A position carries a check (a digest of all
it holds): a file changed after it was written is refused before anything of it is
read, since a hand-edited table could hold what no game reaches.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from typing import Any

from ..diagnostics import Location, NycRulesError, number_shown
from ..language.runtime import Frame
from . import abilities, bidding, building, draft, effect_task, procedure, state, usefulness
from .model import Ruleset
from .tasks import Task

FORMAT = 2  # the version of this file format (2: with its check)

# The classes a position holds, by the name a file gives them.
CLASSES: dict[str, type] = {cls.__name__: cls for cls in (
    state.Game, state.Seat, state.Zone, state.Card, state.Tile, state.Borough, state.Vessel, state.PrestigeTile,
    state.PressToken, state.Pair, state.Event, Frame, procedure.Cursor, procedure.Place, effect_task.EffectTask,
    abilities.UseTask, abilities.OfferTask, abilities.HookTask, draft.DraftTurn, bidding.BiddingTurn,
    bidding.Evaluation, building.Build, usefulness.BidKeeper)}
_FROZEN = {state.Event}  # dataclasses with frozen fields: set through object.__setattr__
_SKIP = {("Game", "chooser"), ("Game", "waiting"), ("Game", "emit")}  # whoever plays it, not the position
_NOT_KEPT = {("BiddingTurn", "holdings")}  # worked out again from the cards when missing


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
    caches = {"worth_cache", "bids_cache", "bid_counts_cache", "bid_tables_cache", "setup_cache", "by_hook", "compiled"}
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
                if field.name not in caches:
                    stack.append((getattr(value, field.name), f"{path}/{field.name}"))
        elif isinstance(value, dict):
            stack.extend((item, f"{path}/{key}") for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((item, f"{path}/{i}") for i, item in enumerate(value))
    cached = ruleset.setup_cache["position index"] = (by_id, by_path)
    return cached


class _Writer:
    def __init__(self, ruleset: Ruleset):
        self.rules = rule_objects(ruleset)[0]
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
        if CLASSES.get(name) is not kind:
            raise NycRulesError(f"a position cannot hold a {name} (not part of a game's state)")
        fields = {}
        for field in _fields(kind, value):
            if (name, field) in _SKIP or (name, field) in _NOT_KEPT:
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


class _Reader:
    def __init__(self, ruleset: Ruleset):
        self.rules = rule_objects(ruleset)[1]
        self.objects: dict[int, Any] = {}

    def value(self, data: Any) -> Any:
        if data is None or isinstance(data, (bool, int, str, float)):
            return data
        if not isinstance(data, dict):
            raise PositionError(f"a value of a position is a number, a text or an object, not {type(data).__name__}")
        if "rule" in data:
            found = self.rules.get(data["rule"], _MISSING)
            if found is _MISSING:
                raise PositionError(f"the ruleset has nothing at {data['rule']!r}")
            return found
        if "loc" in data:
            file, line, column = data["loc"]
            return Location(str(file), int(line), int(column))
        if "ref" in data:
            if data["ref"] not in self.objects:
                raise PositionError(f"object {data['ref']!r} is referred to before it is written")
            return self.objects[data["ref"]]
        number = data.get("id")
        if not isinstance(number, int) or number in self.objects:
            raise PositionError(f"an object of a position needs a number of its own, not {number!r}")
        out: Any
        if "list" in data:
            out = self.objects[number] = []
            out.extend(self.value(item) for item in data["list"])
            return out
        if "tuple" in data:
            out = self.objects[number] = tuple(self.value(item) for item in data["tuple"])
            return out
        if "set" in data:
            out = self.objects[number] = set()
            out.update(self.value(item) for item in data["set"])
            return out
        if "dict" in data:
            out = self.objects[number] = {}
            for key, item in data["dict"]:
                out[self.value(key)] = self.value(item)
            return out
        if "random" in data:
            version, internal, gauss = data["random"]
            out = self.objects[number] = random.Random()
            out.setstate((version, tuple(internal), gauss))
            return out
        name = data.get("class")
        kind = CLASSES.get(name) if isinstance(name, str) else None
        if kind is None:
            raise PositionError(f"a position cannot hold a {name!r}")
        out = self.objects[number] = kind.__new__(kind)
        fields = data.get("fields", {})
        known = set(_fields(kind, out)) if not hasattr(out, "__dict__") else None
        for field, item in fields.items():
            if known is not None and field not in known:
                raise PositionError(f"a {name} has no field {field!r}")
            if kind in _FROZEN:
                object.__setattr__(out, field, self.value(item))
            else:
                setattr(out, field, self.value(item))
        if kind is state.Zone:
            out.extend(self.value(card) for card in data.get("cards", []))
        for (owner, field) in _NOT_KEPT:
            if owner == name:
                setattr(out, field, None)
        return out


_MISSING = object()


def position_data(ruleset: Ruleset, game: state.Game, specs: list[Any], seed: int, record: list[int],
                  history: list[tuple[int, int, int]]) -> dict[str, Any]:
    """The position as JSON-ready data."""
    data = {"nycrules_position": FORMAT, "ruleset": ruleset.id, "digest": ruleset.digest,
            "seats": [{"name": s.name, "kind": s.kind, "tom_mode": s.tom_mode, "tom_cards": s.tom_cards}
                      for s in specs],
            "seed": seed, "record": list(record), "history": [list(h) for h in history],
            "game": _Writer(ruleset).value(game)}
    data["check"] = position_check(data)
    return data


def position_check(data: dict[str, Any]) -> str:
    """The digest of everything a position holds but its check (JSON with sorted keys)."""
    body = {key: value for key, value in data.items() if key != "check"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def read_game(ruleset: Ruleset, data: Any) -> state.Game:
    """The game of a position's data (checked: this ruleset's, made of a game's parts only)."""
    if not isinstance(data, dict) or not isinstance(data.get("nycrules_position"), int):
        raise PositionError(f"this is not a position written by nycrules (no \"nycrules_position\": {FORMAT})")
    if data["nycrules_position"] != FORMAT:
        raise PositionError(f"the position is in format {number_shown(data['nycrules_position'])} (written by "
                            f"another version of nycrules); this one reads format {FORMAT}")
    if data.get("digest") != ruleset.digest:
        raise PositionError(f"the position was written with another version of the ruleset "
                            f"({data.get('ruleset')!r}); load it with the ruleset it was written with")
    try:
        changed = data.get("check") != position_check(data)
    except (TypeError, ValueError):
        changed = True  # JSON cannot hold it: no file nycrules wrote
    except RecursionError:
        raise PositionError("the position is nested too deeply to be one nycrules wrote") from None
    if changed:
        raise PositionError("the position was changed after nycrules wrote it (its \"check\" does not match); "
                            "go on from a position file as it was written")
    try:
        game = _Reader(ruleset).value(data.get("game"))
    except PositionError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError) as err:
        raise PositionError(f"the position's game cannot be read ({type(err).__name__}: {err})") from None
    except RecursionError:
        raise PositionError("the position's game is nested too deeply to be one nycrules wrote") from None
    if not isinstance(game, state.Game) or not game.stack or not all(isinstance(t, Task) for t in game.stack):
        raise PositionError("the position holds no game under way")
    game.chooser, game.waiting = None, None
    return game
