"""The checks of a ruleset's data that its schema cannot make: unique names, references that exist, bounds."""

from __future__ import annotations

import difflib
from typing import Any

from ...diagnostics import Location, Sink
from ...language import dsltypes as T
from ...language.scope import Symbols
from ...language.hooks import HOOKS
from ...limits import MAX_GAME_NUMBER
from ...reading.marked_yaml import MDict, MList
from ...text import shown

# Names effects are given (by their context or a hook): components must not take them.
RESERVED_NAMES = {"me", "this", "value", "true", "false"} | {name for h in HOOKS.values() for name in h.context}
_SHOWN_KEYS = ("id", "name", "title")  # keys whose text values are shown as names


class DataChecker:
    """Checks of the data itself: unique ids, and every reference naming something that exists."""

    def __init__(self, doc: MDict, sink: Sink):
        self.doc = doc
        self.sink = sink

    def loc(self, container: Any, key: Any, fallback: Location) -> Location:
        if isinstance(container, MDict):
            return container.value_locs.get(key, container.loc)
        if isinstance(container, MList) and isinstance(key, int) and key < len(container.item_locs):
            return container.item_locs[key]
        return fallback

    def _names_shown_as_they_are(self, node: Any) -> None:
        """Ids, names and titles are shown on screens, in saves and in SVG pictures: none may hold a
        control character (XML cannot hold most of them; a terminal would act on them)."""
        stack = [node]
        while stack:
            node = stack.pop()
            if isinstance(node, MDict):
                for key, value in node.items():
                    if key in _SHOWN_KEYS and isinstance(value, str) and shown(value) != value:
                        self.sink.error("E408", f"the {key} '{shown(value)}' holds a control character; a {key} "
                                                "is shown on screens and pictures, write it in visible letters",
                                        node.value_locs[key])
                    else:
                        stack.append(value)
            elif isinstance(node, MList):
                stack.extend(node)

    def unique(self, items: MList, what: str) -> None:
        """Plain lists (colours, sequence tiles) must not repeat a value; lists of items with ids
        cannot, since they merge by id (documents.py reports a repeated id)."""
        seen: dict[Any, Location] = {}
        for value, where in zip(items, items.item_locs):
            if value in seen:
                self.sink.error("E407", f"duplicate {what} '{value}' (first at line {seen[value].line})", where)
            else:
                seen[value] = where

    def ref(self, value: Any, known: Any, what: str, where: Location) -> None:
        if value not in known:
            close = difflib.get_close_matches(str(value), [str(k) for k in known], n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            self.sink.error("E409", f"unknown {what} '{value}'{hint}", where)

    def symbols(self) -> Symbols:
        """The names effects may use: the components' ids and colours, and the params."""
        comp = self.doc["components"]
        symbols = Symbols()
        kinds = (("card_types", "card_type"), ("vessel_kinds", "vessel_kind"), ("boroughs", "borough"))
        declared: dict[str, Location] = {}
        for section, kind in kinds:
            for i, item in enumerate(comp[section]):
                self._symbol(symbols, item["id"], kind, self.loc(item, "id", comp[section].item_locs[i]), declared)
        for i, colour in enumerate(comp["colours"]):
            self._symbol(symbols, colour, "colour", comp["colours"].item_locs[i], declared)
        params = self.doc.get("params") or {}
        for name, value in params.items():
            kind = T.of_value(value)
            if kind is None:
                self.sink.error("E408", f"param '{name}' must be a number, a text, or a list or table of them",
                                params.value_locs[name])
            else:
                symbols.params[name] = kind
        return symbols

    def run(self) -> Symbols:
        self._names_shown_as_they_are(self.doc)
        symbols = self.symbols()
        comp = self.doc["components"]
        self.unique(comp["colours"], "colour")
        colours = set(comp["colours"])
        boroughs = {b["id"] for b in comp["boroughs"]}
        for b in comp["boroughs"]:
            self.ref(b["lantern"], colours, "colour", b.value_locs["lantern"])
        for v in comp["vessel_kinds"]:
            self.ref(v["colour"], colours, "colour", v.value_locs["colour"])
            for route in v["routes"]:
                for j, end in enumerate(route):
                    self.ref(end, boroughs, "borough", route.item_locs[j])
                if len(route) == 2 and route[0] == route[1]:
                    self.sink.error("E408", "a vessel must connect two different boroughs", route.loc)
        for p in comp["prestige_tiles"]:
            self.ref(p["colour"], colours, "colour", p.value_locs["colour"])
        for key in ("sequence_tiles", "base_values"):
            if len(comp[key]) != len(comp["boroughs"]):
                self.sink.error("E408", f"{key} has {len(comp[key])} items but there are "
                                        f"{len(comp['boroughs'])} boroughs", comp.value_locs[key])
        self.unique(comp["sequence_tiles"], "sequence tile")
        wilds = [c for c in comp["card_types"] if c.get("wild")]
        if len(wilds) > 1:
            self.sink.error("E408", "only one card type can be wild", comp.value_locs["card_types"])
        card_ids = {c["id"] for c in comp["card_types"]}
        bidding = self.doc["bidding"]
        self.ref(bidding["wild_card"], card_ids, "card type", bidding.value_locs["wild_card"])
        if bidding["wild_card"] in card_ids and not any(c["id"] == bidding["wild_card"] for c in wilds):
            self.sink.error("E408", f"card type '{bidding['wild_card']}' is not marked `wild: true`",
                            bidding.value_locs["wild_card"])
        for rnd in bidding["rounds"]:
            self.ref(rnd["card"], card_ids, "card type", rnd.value_locs["card"])
        game = self.doc["game"]
        if len(game["mayor_route"]) < game["rounds"]:
            self.sink.error("E408", f"the Mayor's route has {len(game['mayor_route'])} letters for "
                                    f"{game['rounds']} game rounds; give one letter per round",
                            game.value_locs["mayor_route"])
        for i, letter in enumerate(game["mayor_route"]):
            self.ref(letter, set(comp["sequence_tiles"]), "sequence letter", game["mayor_route"].item_locs[i])
        self._characters(comp)
        self._press(comp)
        self._tom()
        self._game_numbers(comp)
        return symbols

    def _game_numbers(self, comp: MDict) -> None:
        """Numbers of the setup that no real game comes near (limits.MAX_GAME_NUMBER) would make it endless."""
        game = self.doc["game"]
        places: list[tuple[MDict, Any]] = [(game, key) for key in game if isinstance(game[key], int)]
        places += [(c, "copies") for c in comp["card_types"]] + [(c, "copies") for c in self.doc["characters"]]
        places += [(comp["elevator"], "face_up_per_row"), (comp["press_track"], "last_space")]
        tom = self.doc.get("tom")
        if isinstance(tom, MDict):
            places += [(mode, "draws_before_bid") for mode in tom["modes"].values()]
            places += [(tom["game"], key) for key in tom.get("game") or {} if isinstance(tom["game"][key], int)]
        for container, key in places:
            value = container[key]
            if not isinstance(value, bool) and value > MAX_GAME_NUMBER:
                self.sink.error("E408", f"{key} {value} is beyond what a game can use (the limit is "
                                        f"{MAX_GAME_NUMBER})", container.value_locs[key])
        total = sum(c["copies"] for c in comp["card_types"])
        if total > MAX_GAME_NUMBER * 10:
            self.sink.error("E408", f"{total} cards in all is beyond what a game can use (the limit is "
                                    f"{MAX_GAME_NUMBER * 10})", comp.value_locs["card_types"])

    def _symbol(self, symbols: Symbols, name: str, kind: str, where: Location, declared: dict) -> None:
        if name in RESERVED_NAMES:
            self.sink.error("E407", f"'{name}' is a name the rules give to effects; a component cannot be "
                                    "called that", where)
        if name in symbols.types and symbols.types[name] != kind:
            other = declared[name]
            if other.file == self.doc.loc.file and where.file != other.file:
                where, other = other, where  # report it in the file being checked
            also = f"line {other.line}" if other.file == where.file else f"{other.file}:{other.line}"
            self.sink.error("E407", f"'{name}' names both {T.describe(symbols.types[name])} and "
                                    f"{T.describe(kind)} (also at {also}); names must be unique", where)
        symbols.types[name] = kind
        declared.setdefault(name, where)

    def _characters(self, comp: MDict) -> None:
        chars = self.doc["characters"]
        ids = {c["id"] for c in chars}
        for c in chars:
            hook = HOOKS.get(c["when"])
            if hook is None:
                self.ref(c["when"], sorted(HOOKS), "hook", c.value_locs["when"])
            elif hook.phase != c["phase"]:
                self.sink.error("E415", f"character {c['id']} is of phase {c['phase']}, but hook '{c['when']}' "
                                        f"fires in phase {hook.phase}", c.value_locs["when"])
            if c.get("needs_a_bid") and hook is not None and not hook.bid_open:
                self.sink.error("E416", f"character {c['id']} acts at hook '{c['when']}', where no bid is being "
                                        "made; `needs_a_bid` fits only a hook of a seat's bidding turn "
                                        f"({', '.join(h.name for h in HOOKS.values() if h.bid_open)})",
                                c.value_locs["needs_a_bid"])
        self._titles(chars)
        self._written_over(chars)
        stacks = comp["start_stacks"]
        for stack in stacks:
            for j, char_id in enumerate(stack):
                self.ref(char_id, ids, "character", stack.item_locs[j])

    def _titles(self, chars: MList) -> None:
        """Two characters of one title load, but a player naming one (`rules show`, `info`) gets both."""
        first: dict[str, MDict] = {}
        for c in chars:
            title = " ".join(str(c["title"]).split()).casefold()
            if title in first:
                other = first[title]
                self.sink.warn("W401", f"characters {other['id']} and {c['id']} are both titled '{c['title']}': a "
                                       "player naming it (rules show, info) gets both; give each its own title",
                               c.value_locs["title"])
            else:
                first[title] = c

    def _written_over(self, chars: MList) -> None:
        """A mod's character with a base character's id and another title or phase is most likely a new
        character given a taken id: it replaces that one, and keeps all that it does not say of it."""
        free = max([c["id"] for c in chars if isinstance(c["id"], int)], default=0) + 1
        for c in chars:
            over = getattr(c, "written_over", None)
            if over is None:
                continue
            old = over.item
            changed = [key for key in ("title", "phase") if key in over.keys and c.get(key) != old.get(key)]
            if not changed:
                continue
            kept = [key for key in old if key not in over.keys and key not in ("id", "assumed")]
            keeps = f"; it keeps the {old.get('title')}'s {', '.join(kept)}" if kept else ""
            self.sink.warn("W402", f"character {c['id']} ({c.get('title')}) replaces {over.base}'s {c['id']} "
                                   f"{old.get('title')} (phase {old.get('phase')}){keeps}; to add a character "
                                   f"instead, give it an id of its own (e.g. {free})", c.value_locs[changed[0]])

    def _press(self, comp: MDict) -> None:
        track = comp["press_track"]
        for seats, space in track["neutral_start"].items():
            if space > track["last_space"]:
                self.sink.error("E408", f"the neutral token cannot start on space {space}: the track ends at "
                                        f"{track['last_space']}", track["neutral_start"].value_locs[seats])

    def _tom(self) -> None:
        tom = self.doc.get("tom")
        if not isinstance(tom, MDict):
            return
        modes = tom["modes"]
        for level, code in list(tom["levels"].items()) + [("default_level", tom["default_level"])]:
            where = tom["levels"].value_locs.get(level) if level != "default_level" else tom.value_locs["default_level"]
            self.ref(code[0], set(modes), "Tom mode", where)
        rounds = {r["id"] for r in self.doc["bidding"]["rounds"]}
        for rid in tom.get("rounds") or {}:
            self.ref(rid, rounds, "bidding round", tom["rounds"].key_locs[rid])
        steps = {s["id"] for s in self.doc["final_scoring"]}
        for sid in tom.get("final_scoring") or {}:
            self.ref(sid, steps, "final scoring step", tom["final_scoring"].key_locs[sid])
