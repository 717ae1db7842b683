"""`nycrules score`: the final scoring of a position typed in by hand.

For people finishing a physical game: the table as it stands after round 5
(see docs/position-example.yaml and schemas/position.schema.json) is checked
with located errors, like a ruleset, then scored by the same ruleset steps the
engine uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ....diagnostics import Diagnostic, Location, Sink, SourceTexts
from ....reading.documents import DocumentLoader
from ....engine.decisions import Decision
from ....engine.scoring import final_scoring, winner_of
from ....engine.state import Card, Game, Seat, Zone
from ..state import Borough, PressToken, PrestigeTile, Tile, Vessel
from ....reading.marked_yaml import MDict
from ....engine.model import Ruleset
from ....limits import MAX_GAME_NUMBER, MAX_POSITION_BYTES
from ....reading.schema_check import check as schema_check
from ....agents.seating import NAME_RULE, looks_like, valid_name
from ....text import shown
from ..state import lay_state
from ..tom_rules import hold


@dataclass
class PositionResult:
    game: Game | None
    diagnostics: list[Diagnostic]
    sources: SourceTexts


def score_position(path: Path, ruleset: Ruleset) -> PositionResult:
    sink, sources = Sink(), SourceTexts()
    data = DocumentLoader(sink, sources).read(path, what="a position file holds a mapping with `seats:` "
                                                           "and `boroughs:`", limit=MAX_POSITION_BYTES)
    if sink or data is None:
        return PositionResult(None, sink.sorted(), sources)
    if (schema_check(data, "position.schema.json", sink, data.loc, "the position")
            or not _check_references(data, ruleset, sink) or not _check_possible(data, ruleset, sink)):
        return PositionResult(None, sink.sorted(), sources)
    answers = _best_answers(data, ruleset)
    unmatched: dict[str, list[str]] = {}
    game = _build(data, ruleset, answers, unmatched)
    final_scoring(game)
    choices = data.get("choices", {})
    for name, labels in unmatched.items():
        sink.error("E409", f"{choices[name]!r} is not an answer {name} can give here; the answers are: "
                           f"{', '.join(labels)}", choices.value_locs[name])
    if sink:
        return PositionResult(None, sink.sorted(), sources)
    return PositionResult(game, [], sources)


def _check_references(data: MDict, ruleset: Ruleset, sink: Sink) -> bool:
    comp = ruleset.part.components
    names: dict[str, Location] = {}
    vessel_kinds = {v.id for v in comp.vessel_kinds}
    card_types = {c.id for c in comp.card_types}
    for seat in data["seats"]:
        name = seat["name"]
        if not valid_name(name):
            sink.error("E408", f"a seat's name must be {NAME_RULE}", seat.value_locs["name"])
        elif name in names or name == "neutral":
            sink.error("E407", f"two seats are called '{name}'" if name in names else
                       "'neutral' is the neutral player; give the seat another name", seat.value_locs["name"])
        else:
            twin = next((other for other in names if looks_like(other, name)), None)
            if twin is not None:
                sink.error("E407", f"'{shown(name)}' looks like '{shown(twin)}' (line {names[twin].line}); give the "
                                   "seats names that read differently", seat.value_locs["name"])
        names[name] = seat.value_locs["name"]
        if seat["press"] > comp.last_press_space:
            sink.error("E408", f"the press track ends at space {comp.last_press_space}", seat.value_locs["press"])
        for key, known, what in (("characters", ruleset.part.characters, "character"),
                                 ("vessels", vessel_kinds, "vessel kind"), ("reserve", card_types, "card type")):
            items = seat.get(key, [])
            for i, item in enumerate(items):
                if item not in known:
                    sink.error("E409", f"unknown {what} {item!r}", items.item_locs[i])
    if data.get("neutral_press", 0) > comp.last_press_space:
        sink.error("E408", f"the press track ends at space {comp.last_press_space}", data.value_locs["neutral_press"])
    boroughs = data["boroughs"]
    known_boroughs = [b.id for b in comp.boroughs]
    for key in boroughs:
        if key not in known_boroughs:
            sink.error("E409", f"unknown borough '{key}' (the boroughs are: {', '.join(known_boroughs)})",
                       boroughs.key_locs[key])
        else:
            counts = boroughs[key].get("skyscrapers", {})
            for who in counts:
                if who not in names:
                    sink.error("E409", f"no seat is called '{who}'", counts.key_locs[who])
    for key in known_boroughs:
        if key not in boroughs:
            sink.error("E201", f"boroughs is missing '{key}'", boroughs.loc)
    order = data.get("press_order", [])
    for i, who in enumerate(order):
        if who not in names and who != "neutral":
            sink.error("E409", f"no seat is called '{who}'", order.item_locs[i])
    choices = data.get("choices", {})
    for who in choices:
        if who not in names:
            sink.error("E409", f"no seat is called '{who}'", choices.key_locs[who])
    return not sink


def _check_possible(data: MDict, ruleset: Ruleset, sink: Sink) -> bool:
    """What cannot be on a physical table: more pieces than the game has, or seats that cannot play."""
    comp = ruleset.part.components
    seats = data["seats"]
    counts = sorted(comp.neutral_start)
    if len(seats) not in counts:
        sink.error("E408", f"this ruleset plays with {', '.join(map(str, counts))} seats, not {len(seats)}",
                   data.value_locs["seats"])
    if all(seat.get("tom") for seat in seats):
        sink.error("E408", "every seat is a Tom; at least one seat must be a person", data.value_locs["seats"])
    _at_most(sink, [(item, items.item_locs[i]) for seat in seats for items in [seat.get("characters", [])]
                    for i, item in enumerate(items)],
             {c.id: c.copies for c in ruleset.part.characters.values()}, "character", "copies of character")
    _at_most(sink, [(item, items.item_locs[i]) for seat in seats for items in [seat.get("reserve", [])]
                    for i, item in enumerate(items)],
             {c.id: c.copies for c in comp.card_types}, "card", "cards of type")
    _at_most(sink, [(item, items.item_locs[i]) for seat in seats for items in [seat.get("vessels", [])]
                    for i, item in enumerate(items)],
             {v.id: len(v.routes) for v in comp.vessel_kinds}, "vessel", "vessels of kind")
    tiles: dict[int, int] = {}
    for tile in comp.prestige_tiles:
        tiles[tile.value] = tiles.get(tile.value, 0) + 1
    unknown: set[int] = set()
    for b in data["boroughs"].values():
        for i, value in enumerate(b.get("prestige", [])):
            if value not in tiles and value not in unknown:
                unknown.add(value)
                sink.error("E408", f"no prestige tile is worth {value} (they are worth "
                                   f"{', '.join(map(str, sorted(tiles)))})", b["prestige"].item_locs[i])
    _at_most(sink, [(value, b["prestige"].item_locs[i]) for b in data["boroughs"].values()
                    for i, value in enumerate(b.get("prestige", []))], tiles, "prestige tile", "prestige tiles worth")
    for seat in seats:
        for key in ("points", "dollars", "board"):
            _small(sink, seat, key, f"{key} of {seat['name']}")
    for borough_id, borough in data["boroughs"].items():
        _small(sink, borough, "base", f"base value of {borough_id}")
        if borough.get("neutral", 0) > ruleset.part.numbers.neutral_skyscrapers_per_borough:
            sink.error("E408", f"{borough['neutral']} neutral skyscrapers in {borough_id}; the game puts "
                               f"{ruleset.part.numbers.neutral_skyscrapers_per_borough} in each borough",
                       borough.value_locs["neutral"])
        for who in borough.get("skyscrapers", {}):
            _small(sink, borough["skyscrapers"], who, f"skyscrapers of {who} in {borough_id}")
    order = data.get("press_order")
    if order:
        names = [seat["name"] for seat in seats]
        seen: dict[str, Location] = {}
        for i, who in enumerate(order):
            if who in seen:
                sink.error("E407", f"'{who}' is in press_order twice (first at line {seen[who].line})",
                           order.item_locs[i])
            seen.setdefault(who, order.item_locs[i])
        missing = [name for name in names if name not in seen]
        if missing:
            sink.error("E201", f"press_order is missing {', '.join(repr(m) for m in missing)}; list every seat "
                               "once (and `neutral`), top of a shared space first", data.value_locs["press_order"])
    return not sink


def _at_most(sink: Sink, items: list[tuple[Any, Location]], copies: dict[Any, int], what: str, phrase: str) -> None:
    """No more pieces of a kind in the position than the game has."""
    seen: dict[Any, int] = {}
    for item, where in items:
        seen[item] = seen.get(item, 0) + 1
        if item in copies and seen[item] == copies[item] + 1:
            sink.error("E408", f"more {phrase} {item!r} than the game has ({copies[item]})", where)


def _small(sink: Sink, container: MDict, key: Any, what: str) -> None:
    value = container.get(key, 0)
    if value > MAX_GAME_NUMBER:
        sink.error("E408", f"{value} {what} is more than any table holds (the limit is {MAX_GAME_NUMBER})",
                   container.value_locs[key])


def _build(data: MDict, ruleset: Ruleset, answers: dict[str, list[int]],
           unmatched: dict[str, list[str]] | None = None) -> Game:
    """The game at the end of round 5 as the position describes it; scoring questions answered
    from `choices:`, else from `answers` (a `choices:` answer that fits no question lands in `unmatched`)."""
    comp = ruleset.part.components
    seats = [Seat(i, str(s["name"]), "tom" if s.get("tom") else "human") for i, s in enumerate(data["seats"])]
    for seat in seats:
        hold(seat)  # a Tom's seat, of no level: nothing here asks his
    game = Game(ruleset, seats, 0)
    lay_state(game)  # New York City's parts of the game and the seats, empty
    game.round = ruleset.part.numbers.rounds
    asked: dict[str, int] = {}
    answered: set[str] = set()  # seats whose `choices:` answer found its question

    def chooser(game: Game, decision: Decision) -> int:
        name = decision.seat.name
        position = asked.get(name, 0)
        asked[name] = position + 1
        wanted = data.get("choices", {}).get(name)
        if wanted is not None and name not in answered:
            # The answer goes to the first question it fits (an order may leave out its points).
            for i, option in enumerate(decision.options):
                if wanted in (option.label, option.label.split(" (")[0]):
                    answered.add(name)
                    if unmatched is not None:
                        unmatched.pop(name, None)
                    return i
            if unmatched is not None:
                unmatched.setdefault(name, []).extend(decision.labels())
        queue = answers.get(name, [])
        return queue[position] if position < len(queue) else 0

    game.chooser = chooser
    first_route = {v.id: v for v in comp.vessel_kinds}
    for i, b in enumerate(comp.boroughs):
        borough = Borough(b.id, b.name, b.lantern, len(seats))
        spec = data["boroughs"][b.id]
        borough.base = spec["base"]
        borough.prestige = [PrestigeTile(j, "", v) for j, v in enumerate(spec.get("prestige", []))]
        borough.neutral = spec.get("neutral", 0)
        for who, count in spec.get("skyscrapers", {}).items():
            borough.counts[next(s.index for s in seats if s.name == who)] = count
        game.boroughs.append(borough)
        game.borough_by_id[b.id] = borough
    for seat, spec in zip(seats, data["seats"]):
        seat.points = spec.get("points", 0)
        seat.dollars = spec.get("dollars", 0)
        seat.board = spec.get("board", 0)
        seat.token = PressToken(seat)
        seat.token.space = spec["press"]
        for char_id in spec.get("characters", []):
            tile = Tile(len(game.tiles), ruleset.part.characters[char_id])
            tile.where = "company"
            game.tiles.append(tile)
            seat.company.append(tile)
        for kind in spec.get("vessels", []):
            vk = first_route[kind]
            a, b = vk.routes[0]
            vessel = Vessel(len(game.vessels), kind, vk.colour, (game.borough_by_id[a], game.borough_by_id[b]))
            game.vessels.append(vessel)
            seat.vessels.append(vessel)
        seat.reserve = Zone("reserve")
        for kind in spec.get("reserve", []):
            card = Card(len(game.cards), kind)
            card.zone = seat.reserve
            seat.reserve.append(card)
            game.cards.append(card)
        seat.reserve_size = len(seat.reserve)
    game.neutral_token.space = data.get("neutral_press", comp.neutral_start.get(len(seats), 0))
    order = list(data.get("press_order", [])) or [s.name for s in seats] + ["neutral"]
    tokens = {s.name: s.token for s in seats}
    tokens["neutral"] = game.neutral_token
    rank = {name: i for i, name in enumerate(order)}
    game.press = sorted(tokens.values(), key=lambda t: (-t.space, rank.get(t.seat.name if t.seat else "neutral",
                                                                              len(order))))
    return game


def _best_answers(data: MDict, ruleset: Ruleset) -> dict[str, list[int]]:
    """For each seat, the answers to scoring questions that give it the most points (tried one by one)."""
    answers: dict[str, list[int]] = {}
    for _ in range(20):  # a question at a time; a handful at most in practice
        trial = _build(data, ruleset, answers)
        pending: list[Decision] = []
        inner = trial.chooser

        def record(game: Game, decision: Decision) -> int:
            pending.append(decision)
            return inner(game, decision)
        trial.chooser = record
        final_scoring(trial)
        open_question = next((d for d in pending if len(answers.get(d.seat.name, [])) <
                              1 + sum(1 for e in pending[:pending.index(d)] if e.seat is d.seat)), None)
        if open_question is None:
            return answers
        name = open_question.seat.name
        scores = []
        for i in range(len(open_question.options)):
            attempt = {k: list(v) for k, v in answers.items()}
            attempt[name] = attempt.get(name, []) + [i]
            game = _build(data, ruleset, attempt)
            final_scoring(game)
            scores.append(next(s.points for s in game.seats if s.name == name))
        answers[name] = answers.get(name, []) + [scores.index(max(scores))]
    return answers


def as_json(game: Game) -> dict[str, Any]:
    winner = winner_of(game)
    return {
        "seats": [{"name": s.name, "categories": {step.id: s.scores.get(step.id, 0)
                                                  for step in game.ruleset.final_scoring},
                   "total": s.points} for s in game.seats],
        "winner": winner.name,
    }
