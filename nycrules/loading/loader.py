"""The loading pipeline: YAML -> schema -> model -> parse -> check -> compile.

Each stage collects all of its diagnostics, and one run shows as many problems
as it can: effect syntax is checked when the schema fails, and the effects'
types too when the names they use are known (the components and params passed
the schema). Only a file that cannot be read (YAML) stops everything; the
compiler runs only when nothing was found.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from ..language import dsltypes as T
from ..language import nodes as n
from ..language.nodes import too_deep
from .. import primitives  # noqa: F401  (registers the primitives the checker looks calls up in)
from . import procedure_form
from ..language.checker import CheckContext, Checker, Symbols
from ..language.compiler import Compiler, Fixed
from ..diagnostics import Diagnostic, Location, RulesetInvalid, Sink, SourceTexts
from ..reading.documents import DocumentLoader, display_path, resolve_ruleset_path, top_file_problem
from ..reading.files import name_too_long
from ..language.hooks import HOOKS
from ..limits import MAX_EFFECT_DEPTH, MAX_EFFECT_TEXT, MAX_GAME_NUMBER
from ..reading.marked_yaml import MDict, MList, MStr, location_of
from ..engine.model import (BoroughDef, CardType, CharacterDef, Components, GameNumbers, PrestigeDef, RoundDef,
                    Ruleset, ScoringStep, Script, TomMode, TomRules, VesselKind)
from ..language.resumable import ProgramError, compile_program, waits
from .ruleset_cache import RulesetCache
from ..text import shown, shown_path

_ME = {"me": "seat"}
BID_VALUE_NAMES = {name: "int" for name in ("matching", "wilds", "pairs", "singles", "added", "worth")}
# Names effects are given (by their context or a hook): components must not take them.
RESERVED_NAMES = {"me", "this", "value", "true", "false"} | {name for h in HOOKS.values() for name in h.context}
_ME_VALUE = {"me": "seat", "value": "int"}
_SHOWN_KEYS = ("id", "name", "title")  # keys whose text values are shown as names


@dataclass
class _Spec:
    """One script found in the document: where it is and what it may see."""

    key: tuple  # its path in the document
    text: Any  # MStr, or an int for a constant expression
    kind: str  # effect or expression
    label: str
    ctx: CheckContext
    expected: str = "int"
    checkable: bool = True  # false when its context is unknown (an unknown hook: reported already)


def _scripts(doc: MDict) -> Iterator[_Spec]:
    """Every effect and expression of the document, with its context (tolerates a broken document)."""
    game = doc.get("game")
    if isinstance(game, dict):
        for key in ("start_stacks_revealed", "pairs_dealt"):
            if key in game:
                yield _Spec(("game", key), game[key], "expression", f"game.{key}",
                            CheckContext({}, pure=True, what="a game number"))
        if "exchanges_per_turn" in game:
            yield _Spec(("game", "exchanges_per_turn"), game["exchanges_per_turn"], "expression",
                        "game.exchanges_per_turn", CheckContext(dict(_ME), pure=True, what="a game number"))
    steps = doc.get("steps")
    if isinstance(steps, dict):
        for key, text in steps.items():
            yield _Spec(("steps", key), text, "effect", f"step {key}", CheckContext(dict(_ME)))
    characters = doc.get("characters")
    if isinstance(characters, list):
        for i, char in enumerate(characters):
            if not isinstance(char, dict):
                continue
            hook = HOOKS.get(char.get("when")) if isinstance(char.get("when"), str) else None
            names = {"me": "seat", "this": "tile", **(hook.context if hook else {})}
            writable = hook.writable if hook else ()
            label = f"character {char.get('id')}"
            known = hook is not None
            own = char.get("when") if known and hook.mode in ("automatic", "ordered") else None
            at = hook.name if known else None
            if "effect" in char:
                yield _Spec(("characters", i, "effect"), char["effect"], "effect", label,
                            CheckContext(names, writable, label=label, own_hook=own, hook=at), checkable=known)
            if "requires" in char:
                yield _Spec(("characters", i, "requires"), char["requires"], "expression", label,
                            CheckContext(dict(names), pure=True, label=label, hook=at), "bool", checkable=known)
    bidding = doc.get("bidding")
    if isinstance(bidding, dict):
        rounds = bidding.get("rounds")
        if isinstance(rounds, list):
            for i, rnd in enumerate(rounds):
                if isinstance(rnd, dict):
                    for key in ("action", "bonus", "runner_up"):
                        if key in rnd:
                            label = f"{rnd.get('id')} round {key.replace('_', '-')}"
                            yield _Spec(("bidding", "rounds", i, key), rnd[key], "effect", label,
                                        CheckContext(dict(_ME_VALUE), label=label))
        if "value" in bidding:
            yield _Spec(("bidding", "value"), bidding["value"], "effect", "bid value",
                        CheckContext(dict(BID_VALUE_NAMES), ("worth",), pure=True, what="the bid value"))
        if "after_each_round" in bidding:
            yield _Spec(("bidding", "after_each_round"), bidding["after_each_round"], "effect",
                        "after each bidding round", CheckContext({}))
    scoring = doc.get("final_scoring")
    if isinstance(scoring, list):
        for i, step in enumerate(scoring):
            if isinstance(step, dict) and "effect" in step:
                label = f"final scoring: {step.get('id')}"
                yield _Spec(("final_scoring", i, "effect"), step["effect"], "effect", label,
                            CheckContext(dict(_ME), label=label))
    tom = doc.get("tom")
    if isinstance(tom, dict):
        yield from _tom_scripts(tom)
    for spec in procedure_form.specs(doc):  # checked by procedure_form, with the names in scope at each node
        yield _Spec(spec.key, spec.text, spec.kind, spec.label, CheckContext({}), checkable=False)


def _tom_scripts(tom: dict) -> Iterator[_Spec]:
    game = tom.get("game")
    if isinstance(game, dict):
        for key, text in game.items():
            yield _Spec(("tom", "game", key), text, "expression", f"Tom: game.{key}",
                        CheckContext({}, pure=True, what="a game number"))
    steps = tom.get("steps")
    if isinstance(steps, dict):
        for key, text in steps.items():
            yield _Spec(("tom", "steps", key), text, "effect", f"Tom: step {key}", CheckContext(dict(_ME)))
    for key in ("phase1", "before_bid", "bid"):
        if key in tom:
            yield _Spec(("tom", key), tom[key], "effect", f"Tom: {key.replace('_', ' ')}", CheckContext(dict(_ME)))
    rounds = tom.get("rounds")
    if isinstance(rounds, dict):
        for rid, parts in rounds.items():
            if isinstance(parts, dict):
                for key, text in parts.items():
                    label = f"Tom: {rid} round {key.replace('_', '-')}"
                    yield _Spec(("tom", "rounds", rid, key), text, "effect", label,
                                CheckContext(dict(_ME_VALUE), label=label))
    final = tom.get("final_scoring")
    if isinstance(final, dict):
        for key, text in final.items():
            label = f"Tom: final scoring: {key}"
            yield _Spec(("tom", "final_scoring", key), text, "effect", label, CheckContext(dict(_ME), label=label))


def _parse(spec: _Spec, sink: Sink, doc: MDict) -> Any:
    if not isinstance(spec.text, MStr):
        if isinstance(spec.text, int) and not isinstance(spec.text, bool):
            if spec.expected == "bool":
                where = location_of(doc, spec.key) or doc.loc
                sink.error("E404", "this must be a condition (yes or no), such as `board(me) > 0`, not a number",
                           where)
                return None
            return spec.text
        return None
    from ..language.parser import parse_effect, parse_expression  # Lark, imported only when a ruleset is not cached

    try:
        if spec.kind == "effect":
            return parse_effect(spec.text, spec.text.span, sink)
        return parse_expression(spec.text, spec.text.span, sink)
    except RecursionError:
        sink.error("E303", "this is nested too deeply to read; split it into simpler steps", spec.text.loc)
        return None


def _parse_all(specs: list[_Spec], sink: Sink, doc: MDict) -> list[tuple[_Spec, Any]]:
    """Parse every script, up to MAX_EFFECT_TEXT characters of them in all (parsing costs time)."""
    parsed, total = [], 0
    for spec in specs:
        total += len(spec.text) if isinstance(spec.text, str) else 0
        if total > MAX_EFFECT_TEXT:
            sink.error("E304", f"the effects of this ruleset pass {MAX_EFFECT_TEXT} characters in all here; "
                               "that is far more than a game needs", spec.text.loc)
            break
        parsed.append((spec, _parse(spec, sink, doc)))
    return parsed


class _DataChecker:
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


def _symbol_values(doc: MDict) -> dict[str, Any]:
    """Runtime values of component names: ids for kinds and colours, Borough objects from the game."""
    comp = doc["components"]
    values: dict[str, Any] = {}
    for section in ("card_types", "vessel_kinds"):
        for item in comp[section]:
            ident = str(item["id"])
            values[ident] = Fixed(ident)
    for colour in comp["colours"]:
        ident = str(colour)
        values[ident] = Fixed(ident)
    for b in comp["boroughs"]:
        ident = str(b["id"])
        values[ident] = lambda game, ident=ident: game.borough_by_id[ident]
    return values


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {(k if isinstance(k, int) else str(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def _keys_as_text(value: Any) -> Any:
    if isinstance(value, dict):
        return {f"{type(k).__name__}:{k}": _keys_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys_as_text(v) for v in value]
    return value


def digest_of(doc: Any) -> str:
    """A fingerprint of the whole merged ruleset (whatever files it was split into).

    Where the board picture draws a borough (`map`) is left out: no rule reads it, so moving
    a borough on the picture keeps every save of the ruleset loadable.
    """
    plain = _plain(doc)
    for borough in (plain.get("components") or {}).get("boroughs") or []:
        if isinstance(borough, dict):
            borough.pop("map", None)
    text = json.dumps(_keys_as_text(plain), sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class LoadResult:
    ruleset: Ruleset | None
    diagnostics: list[Diagnostic]  # the errors
    sources: SourceTexts
    warnings: list[Diagnostic] = field(default_factory=list)
    own_files: tuple[str, ...] = ()  # the files of the ruleset named (not of the rulesets it extends)


def check_ruleset(path: str | Path, make_compiler: Callable[..., Compiler] = Compiler,
                  use_cache: bool = True) -> LoadResult:
    """Load and check a ruleset; never raises for a problem in the ruleset itself.

    `make_compiler(calls, symbols, params)` builds the compiler (a probed one for `validate --simulate`).
    A ruleset whose files all read as when it last loaded cleanly skips the schema and the parser
    (ruleset_cache.py). Should anything be reported after trees came from the cache, the ruleset is
    checked again without it, so diagnostics never depend on the cache.
    """
    sink, sources = Sink(), SourceTexts()
    target = resolve_ruleset_path(path)
    refused = top_file_problem(target)
    if refused:
        shown = shown_path(target)  # the name given, never the file a link leads to
        sink.error("E105", f"cannot read {shown}: {refused}", Location(shown, 1, 1))
        return LoadResult(None, sink.sorted(), sources)
    documents = DocumentLoader(sink, sources)
    doc = documents.load_ruleset(target)
    if sink or doc is None:
        if not sink:
            sink.error("E103", "the ruleset is empty", Location(display_path(target), 1, 1))
        return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    if documents.extends is None and _looks_like_a_mod(doc, sink):
        return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    specs = list(_scripts(doc))
    cache = RulesetCache.open(documents.texts) if use_cache else None
    parsed = _from_cache(cache, specs, sink, doc) if cache is not None else None
    from_cache = parsed is not None
    if parsed is None:
        from ..reading.schema_check import check as schema_check
        schema_errors = schema_check(doc, "ruleset.schema.json", sink, doc.loc)
        parsed = _parse_all(specs, sink, doc)
        if schema_errors or sink:
            _check_effects_anyway(doc, parsed, sink, schema_errors > 0)
            return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    ruleset = _check_and_compile(doc, parsed, sink, make_compiler) if not sink else None
    if ruleset is None:
        if from_cache:
            return check_ruleset(path, make_compiler, use_cache=False)
        return LoadResult(None, sink.sorted(), sources, sorted(set(sink.warnings)))
    if cache is not None and not from_cache:
        texts = [(spec, tree) for spec, tree in parsed if isinstance(spec.text, MStr)]
        cache.store([spec.key for spec, _ in texts], [tree for _, tree in texts])
    return LoadResult(ruleset, [], sources, sorted(set(sink.warnings)), documents.own_files)


# The sections a whole ruleset has and a mod usually leaves to its base.
_WHOLE_RULESET = ("ruleset", "components", "game", "steps", "bidding", "final_scoring")


def _looks_like_a_mod(doc: MDict, sink: Sink) -> bool:
    """A file that extends nothing but lacks most of a whole ruleset's sections is a mod that forgot
    `extends:`: one error saying so, instead of one per missing section and key."""
    if sum(key not in doc for key in _WHOLE_RULESET) < len(_WHOLE_RULESET) // 2:
        return False
    missing = [key for key in _WHOLE_RULESET[:2] + ("characters",) + _WHOLE_RULESET[2:] if key not in doc]
    from ..reading.documents import shipped_rulesets
    sink.error("E201", f"this file extends no ruleset and has no {', '.join(missing)}; a mod starts with "
                       f"`extends: nyc` (shipped rulesets: {', '.join(shipped_rulesets())}), a whole ruleset "
                       "has every section", doc.loc)
    return True


def _from_cache(cache: RulesetCache, specs: list[_Spec], sink: Sink, doc: MDict) -> list[tuple[_Spec, Any]] | None:
    """Every script with its tree, the parsed ones from the cache (None: not cached)."""
    texts = [spec for spec in specs if isinstance(spec.text, MStr)]
    trees = cache.trees([spec.key for spec in texts], [spec.kind for spec in texts])
    if trees is None:
        return None
    stored = dict(zip((id(spec) for spec in texts), trees))
    return [(spec, stored[id(spec)] if id(spec) in stored else _parse(spec, sink, doc)) for spec in specs]


def _type_check(parsed: list[tuple[_Spec, Any]], symbols: Symbols, sink: Sink) -> Checker:
    """Type-check every script that parsed (and whose context is known)."""
    checker = Checker(symbols, sink)
    for spec, tree in parsed:
        if not spec.checkable or tree is None or isinstance(tree, int):
            continue
        deep = too_deep(tree, MAX_EFFECT_DEPTH)
        if deep is not None:
            sink.error("E303", f"this is nested more than {MAX_EFFECT_DEPTH} deep (lists, calls, blocks in one "
                               "another); split it into simpler steps", deep)
            continue
        try:
            if isinstance(tree, n.Effect):
                checker.check_effect(tree, spec.ctx)
            else:
                checker.check_expression(tree, spec.ctx, spec.expected)
        except RecursionError:
            sink.error("E303", "this is nested too deeply to check; split it into simpler steps", spec.text.loc)
    return checker


def _check_effects_anyway(doc: MDict, parsed: list[tuple[_Spec, Any]], sink: Sink, schema_failed: bool) -> None:
    """After errors of the schema or of the effects' syntax, still check the effects that parsed, so one
    run shows every error it can. With the schema passed, the data checks run too; with it failed, only
    when the names effects use can be known (components and params passed it), and only the effects."""
    if not schema_failed:
        _type_check(parsed, _DataChecker(doc, sink).run(), sink)
        return
    from ..reading.schema_check import failing_sections
    if failing_sections(doc, "ruleset.schema.json") & {"components", "params"}:
        return  # the names are not known: the effects' errors would be noise
    _type_check(parsed, _DataChecker(doc, Sink()).symbols(), sink)


def _check_and_compile(doc: MDict, parsed: list[tuple[_Spec, Any]], sink: Sink,
                       make_compiler: Callable[..., Compiler]) -> Ruleset | None:
    """The data checks, the type checker and the compiler; None when the sink got a diagnostic."""
    symbols = _DataChecker(doc, sink).run()
    checker = _type_check(parsed, symbols, sink)
    trees = {spec.key: tree for spec, tree in parsed if tree is not None}
    procedure = procedure_form.ProcedureChecker(doc, trees, checker, sink)
    try:
        procedure.run()
    except RecursionError:
        sink.error("E303", "the procedure is nested too deeply to check; flatten it", doc.loc)
    if sink:
        return None
    params = {k: _plain(v) for k, v in (doc.get("params") or {}).items()}
    compiler = make_compiler(checker.calls, _symbol_values(doc), params)
    scripts: dict[tuple, Script] = {}
    for spec, tree in parsed:
        loc = spec.text.loc if isinstance(spec.text, MStr) else (location_of(doc, spec.key) or doc.loc)
        program = None
        if isinstance(tree, n.Effect):
            if waits(tree, checker.calls):
                try:
                    program, run = compile_program(compiler, tree)
                except ProgramError as err:
                    sink.error("E419", str(err), err.loc)
                    continue
            else:
                run = compiler.effect(tree)
        elif isinstance(tree, int):
            run = (lambda value: (lambda f: value))(tree)
        else:
            run = compiler.expr(tree)
        scripts[spec.key] = Script(spec.label, str(spec.text), loc, run, program)
    if sink:
        return None
    return _build(doc, scripts, params, digest_of(doc), procedure.reads)


def load_ruleset(path: str | Path) -> Ruleset:
    """Load a ruleset or raise RulesetInvalid with every diagnostic."""
    result = check_ruleset(path)
    if result.ruleset is None:
        raise RulesetInvalid(result.diagnostics, result.sources)
    return result.ruleset


def _build(doc: MDict, scripts: dict[tuple, Script], params: dict, digest: str,
           reads: dict[tuple, tuple[str, ...]]) -> Ruleset:
    comp = doc["components"]
    components = Components(
        card_types=tuple(CardType(str(c["id"]), str(c["name"]), c["copies"], bool(c.get("wild", False)))
                         for c in comp["card_types"]),
        colours=tuple(str(c) for c in comp["colours"]),
        boroughs=tuple(BoroughDef(str(b["id"]), str(b["name"]), str(b["lantern"]),
                                  tuple(b["map"]) if "map" in b else None) for b in comp["boroughs"]),
        sequence_tiles=tuple(str(s) for s in comp["sequence_tiles"]),
        base_values=tuple(comp["base_values"]),
        vessel_kinds=tuple(VesselKind(str(v["id"]), str(v["colour"]),
                                      tuple((str(r[0]), str(r[1])) for r in v["routes"]))
                           for v in comp["vessel_kinds"]),
        prestige_tiles=tuple(PrestigeDef(str(p["colour"]), p["value"]) for p in comp["prestige_tiles"]),
        last_press_space=comp["press_track"]["last_space"],
        neutral_start={int(k): v for k, v in comp["press_track"]["neutral_start"].items()},
        face_up_per_row=comp["elevator"]["face_up_per_row"],
        start_stacks=tuple(tuple(s) for s in comp["start_stacks"]),
    )
    g = doc["game"]
    game = GameNumbers(
        rounds=g["rounds"], mayor_route=tuple(str(x) for x in g["mayor_route"]),
        neutral_skyscrapers_per_borough=g["neutral_skyscrapers_per_borough"],
        start_stacks_revealed=scripts[("game", "start_stacks_revealed")],
        pairs_dealt=scripts[("game", "pairs_dealt")], pairs_per_seat=g["pairs_per_seat"],
        prestige_tiles_revealed=g["prestige_tiles_revealed"], character_cost=g["character_cost"],
        exchanges_per_turn=scripts[("game", "exchanges_per_turn")],
        locs=dict(g.value_locs),
    )
    characters = {}
    for i, c in enumerate(doc["characters"]):
        cost = c.get("cost", 0 if c["phase"] == "final" else g["character_cost"])
        characters[c["id"]] = CharacterDef(
            c["id"], str(c["title"]), str(c["phase"]), c["value"], c["copies"], cost, str(c["when"]),
            " ".join(str(c["text"]).split()), scripts[("characters", i, "effect")],
            scripts.get(("characters", i, "requires")), doc["characters"].item_locs[i], bool(c.get("assumed")),
            bool(c.get("needs_a_bid")))
    rounds = []
    for i, r in enumerate(doc["bidding"]["rounds"]):
        rounds.append(RoundDef(
            str(r["id"]), str(r["card"]), str(r["title"]), str(r["order"]), " ".join(str(r["text"]).split()),
            r.get("bonus_value", 0), scripts[("bidding", "rounds", i, "action")],
            scripts.get(("bidding", "rounds", i, "bonus")), scripts.get(("bidding", "rounds", i, "runner_up")),
            doc["bidding"]["rounds"].item_locs[i]))
    scoring = tuple(ScoringStep(str(s["id"]), str(s["title"]), " ".join(str(s["text"]).split()),
                                scripts[("final_scoring", i, "effect")])
                    for i, s in enumerate(doc["final_scoring"]))
    by_hook: dict[str, list[CharacterDef]] = {}
    for char in sorted(characters.values(), key=lambda c: c.id):
        by_hook.setdefault(char.when, []).append(char)
    meta = doc["ruleset"]
    return Ruleset(
        id=str(meta["id"]), name=str(meta["name"]), version=meta["version"], digest=digest,
        components=components, game=game, params=params,
        steps={k: scripts[("steps", k)] for k in doc["steps"]},
        characters=characters, wild_card=str(doc["bidding"]["wild_card"]),
        bid_value=scripts[("bidding", "value")], rounds=tuple(rounds),
        after_each_round=scripts.get(("bidding", "after_each_round")), final_scoring=scoring,
        tom=_build_tom(doc.get("tom"), scripts), procedure=procedure_form.build(doc, scripts, reads),
        winner=scripts[("winner",)], by_hook={k: tuple(v) for k, v in by_hook.items()},
    )


def _build_tom(tom: Any, scripts: dict[tuple, Script]) -> TomRules | None:
    if not isinstance(tom, dict):
        return None
    return TomRules(
        levels={int(k): str(v) for k, v in tom["levels"].items()},
        default_level=str(tom["default_level"]),
        modes={str(k): TomMode(v["draws_before_bid"], v["keeps_later_cards"]) for k, v in tom["modes"].items()},
        uses_characters=tom["uses_characters"],
        game={k: scripts[("tom", "game", k)] for k in tom.get("game") or {}},
        # Tom's own steps, his phase I, before-the-bid and bid rules among them (the procedure runs them by name).
        steps={**{k: scripts[("tom", "steps", k)] for k in tom.get("steps") or {}},
               **{k: scripts[("tom", k)] for k in ("phase1", "before_bid", "bid")}},
        phase1=scripts[("tom", "phase1")], before_bid=scripts[("tom", "before_bid")], bid=scripts[("tom", "bid")],
        rounds={rid: {k: scripts[("tom", "rounds", rid, k)] for k in parts}
                for rid, parts in (tom.get("rounds") or {}).items()},
        final_scoring={k: scripts[("tom", "final_scoring", k)] for k in tom.get("final_scoring") or {}},
    )
