"""The loaded ruleset (engine/model.py) built from a checked document and its compiled scripts; its digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from . import procedure_form
from ..engine.model import (BoroughDef, CardType, CharacterDef, Components, GameNumbers, GamePart, PrestigeDef,
                            RoundDef, Ruleset, ScoringStep, Script, TomMode, TomRules, VesselKind)
from ..language.runtime import Fixed
from ..reading.marked_yaml import MDict


def symbol_values(doc: MDict) -> dict[str, Any]:
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


def plain(value: Any) -> Any:
    """A value of the document as plain Python data (texts as str, no positions)."""
    if isinstance(value, dict):
        return {(k if isinstance(k, int) else str(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def keys_as_text(value: Any) -> Any:
    """Keys written with their type, so that 1 and '1' stay apart in JSON."""
    if isinstance(value, dict):
        return {f"{type(k).__name__}:{k}": keys_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [keys_as_text(v) for v in value]
    return value


def digest_of(doc: Any) -> str:
    """A fingerprint of the whole merged ruleset (whatever files it was split into).

    Where the board picture draws a borough (`map`), the action space's regions (`actions`) and the
    procedure's headings (`title`, `section`) are left out: no rule reads them, so moving a borough
    on the picture, giving a region more room or rewording a heading keeps every save of the ruleset
    (and a bot's evaluation trained for it) usable.
    """
    data = plain(doc)
    data.pop("actions", None)  # how researchers' tools number the options: no rule reads it
    for borough in (data.get("components") or {}).get("boroughs") or []:
        if isinstance(borough, dict):
            borough.pop("map", None)
    _drop_headings(data.get("procedure"))
    text = json.dumps(keys_as_text(data), sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _drop_headings(nodes: Any) -> None:
    """Take the headings out of the procedure's nodes (they are only shown in the log)."""
    if isinstance(nodes, dict):
        if "id" in nodes:
            nodes.pop("title", None)
            nodes.pop("section", None)
        for child in nodes.values():
            _drop_headings(child)
    elif isinstance(nodes, list):
        for child in nodes:
            _drop_headings(child)


def build(doc: MDict, scripts: dict[tuple, Script], params: dict, digest: str,
          reads: dict[tuple, tuple[str, ...]], part: GamePart) -> Ruleset:
    """The Ruleset of a New York City document that passed every check, with its compiled scripts by their
    key and its game's part (games/nyc/part.py)."""
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
    scoring = scoring_steps(doc, scripts)
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
        tom=build_tom(doc.get("tom"), scripts), procedure=procedure_form.build(doc, scripts, reads),
        winner=scripts[("winner",)], part=part, by_hook={k: tuple(v) for k, v in by_hook.items()},
        actions=tuple(plain(region) for region in doc.get("actions") or ()), **winner_parts(doc, scripts),
    )


def winner_parts(doc: MDict, scripts: dict[tuple, Script]) -> dict[str, Any]:
    """The Ruleset's fields of `winner:` beyond its ranking: the keys and the shared victory, if given."""
    winner = doc["winner"]
    shared = isinstance(winner, dict) and bool(winner.get("shared"))
    return {"winner_by": scripts.get(("winner", "by")), "shared_victory": shared}


def scoring_steps(doc: MDict, scripts: dict[tuple, Script]) -> tuple[ScoringStep, ...]:
    return tuple(ScoringStep(str(s["id"]), str(s["title"]), " ".join(str(s["text"]).split()),
                             scripts[("final_scoring", i, "effect")])
                 for i, s in enumerate(doc["final_scoring"]))


def build_other(doc: MDict, scripts: dict[tuple, Script], params: dict, digest: str,
                reads: dict[tuple, tuple[str, ...]], part: GamePart) -> Ruleset:
    """The Ruleset of a game of its own folder (loading/other_games.py): the shared sections (steps,
    procedure, final scoring, winner, action space) and the game's part."""
    meta = doc["ruleset"]
    return Ruleset(
        id=str(meta["id"]), name=str(meta["name"]), version=meta["version"], digest=digest, params=params,
        steps={k: scripts[("steps", k)] for k in doc.get("steps") or {}},
        final_scoring=scoring_steps(doc, scripts), procedure=procedure_form.build(doc, scripts, reads),
        winner=scripts[("winner",)], actions=tuple(plain(region) for region in doc.get("actions") or ()),
        part=part, **winner_parts(doc, scripts))


def build_tom(tom: Any, scripts: dict[tuple, Script]) -> TomRules | None:
    """Tom's rules, if the ruleset has Tom."""
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
