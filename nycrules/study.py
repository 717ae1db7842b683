"""From per-game results to the report of a balance study, and the comparison of two rulesets.

The report is plain JSON-able data; report_text.py and report_html.py only render it.
Results come in game-number order, so the report does not depend on how the games were
spread over processes.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from .documents import display_path
from .engine.setup import SeatSpec
from .model import Ruleset
from .simulate import DURING_THE_GAME, GameResult
from .stats import Difference, holm, mean_interval, paired_difference, proportion, welch_difference

if TYPE_CHECKING:
    from .distribute import Progress, RulesetRef


def categories_of(ruleset: Ruleset, results: Sequence[GameResult]) -> list[str]:
    """The final scoring steps in the ruleset's order, then 'during the game'."""
    names = [step.id for step in ruleset.final_scoring]
    seen = {name for game in results for seat in game.seats for name in seat.by_category}
    names += sorted(seen - set(names) - {DURING_THE_GAME})
    return names + [DURING_THE_GAME]


def category_titles(ruleset: Ruleset, categories: list[str]) -> dict[str, str]:
    """What the game calls each category (the final scoring steps' titles), for reports."""
    titles = {step.id: step.title for step in ruleset.final_scoring}
    return {name: titles.get(name, name[:1].upper() + name[1:].replace("_", " ")) for name in categories}


def summarize(ruleset: Ruleset, specs: list[SeatSpec], results: Sequence[GameResult], seed: int,
              seconds: float) -> dict:
    games = len(results)
    categories = categories_of(ruleset, results)
    seats = []
    for i, spec in enumerate(specs):
        mine = [game.seats[i] for game in results]
        wins = sum(seat.won for seat in mine)
        seats.append({
            "name": spec.name, "kind": spec.kind, "wins": wins,
            "win_rate": proportion(wins, games).as_json(),
            "points": mean_interval([seat.points for seat in mine]).as_json(2),
            "by_category": {name: mean_interval([seat.by_category.get(name, 0) for seat in mine]).as_json(2)
                            for name in categories},
        })
    return {
        "ruleset": {"id": ruleset.id, "name": ruleset.name, "version": ruleset.version,
                    "digest": ruleset.digest},
        "games": games, "seed": seed, "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else 0.0,
        "decisions_per_game": round(sum(g.decisions for g in results) / games, 1) if games else 0,
        "categories": categories,
        "category_titles": category_titles(ruleset, categories),
        "seats": seats,
        "characters": [_character(ruleset, char_id, results) for char_id in sorted(ruleset.characters)],
    }


def _character(ruleset: Ruleset, char_id: int, results: Sequence[GameResult]) -> dict:
    games = max(len(results), 1)
    hired = sum(seat.hired.get(char_id, 0) for game in results for seat in game.seats)
    used = sum(seat.used.get(char_id, 0) for game in results for seat in game.seats)
    owners = [seat for game in results for seat in game.seats if char_id in seat.owned]
    wins = sum(seat.won for seat in owners)
    return {
        "id": char_id, "title": ruleset.characters[char_id].title,
        "hired": hired, "hired_per_game": round(hired / games, 4),
        "used": used, "used_per_game": round(used / games, 4),
        "owners": len(owners),
        "owner_win_rate": proportion(wins, len(owners)).as_json(),
        "owner_points": mean_interval([seat.points for seat in owners]).as_json(2),
    }


def compare(base: dict, base_results: Sequence[GameResult], other: dict,
            other_results: Sequence[GameResult]) -> dict:
    """Differences other - base over the same seeds, each marked when it is more than noise."""
    assert [g.number for g in base_results] == [g.number for g in other_results]
    found: list[tuple[list, Difference]] = []  # (where it goes in the output, the difference)
    seats = []
    for i, seat in enumerate(base["seats"]):
        a = [game.seats[i] for game in base_results]
        b = [game.seats[i] for game in other_results]
        entry: dict = {"name": seat["name"], "by_category": {}}
        found.append(([entry, "win_rate"], paired_difference([s.won for s in a], [s.won for s in b])))
        found.append(([entry, "points"], paired_difference([s.points for s in a], [s.points for s in b])))
        for name in dict.fromkeys(base["categories"] + other["categories"]):
            found.append(([entry["by_category"], name], paired_difference(
                [s.by_category.get(name, 0) for s in a], [s.by_category.get(name, 0) for s in b])))
        seats.append(entry)
    titles = {c["id"]: c["title"] for c in base["characters"]} | {c["id"]: c["title"] for c in other["characters"]}
    characters = []
    for char_id in sorted(titles):
        entry = {"id": char_id, "title": titles[char_id]}
        for key, field in (("hired_per_game", "hired"), ("used_per_game", "used")):
            found.append(([entry, key], paired_difference(
                [sum(getattr(s, field).get(char_id, 0) for s in g.seats) for g in base_results],
                [sum(getattr(s, field).get(char_id, 0) for s in g.seats) for g in other_results])))
        a_owners = [s for g in base_results for s in g.seats if char_id in s.owned]
        b_owners = [s for g in other_results for s in g.seats if char_id in s.owned]
        found.append(([entry, "owner_win_rate"], welch_difference([s.won for s in a_owners], [s.won for s in b_owners])))
        found.append(([entry, "owner_points"], welch_difference([s.points for s in a_owners],
                                                                [s.points for s in b_owners])))
        characters.append(entry)
    tested = holm([difference for _, difference in found])
    for (place, difference) in zip((place for place, _ in found), tested):
        place[0][place[1]] = difference.as_json()
    return {"games": len(base_results), "seats": seats, "characters": characters,
            "marked": sum(d.marked for d in tested), "tests": len(tested)}


def run(ref: "RulesetRef", ruleset: Ruleset, specs: list[SeatSpec], games: int, seed: int, *,
        workers: int | None = None, use_ray: bool = False, ray_address: str | None = None,
        other: tuple["RulesetRef", Ruleset, list[SeatSpec]] | None = None,
        progress: "Progress | None" = None) -> dict:
    """Play the study (and the same seeds under `other`) and build its report."""
    from .distribute import run_games

    def play(ref: "RulesetRef", ruleset: Ruleset, specs: list[SeatSpec]) -> tuple[dict, list[GameResult]]:
        start = time.perf_counter()
        results = run_games(ref, ruleset, specs, games, seed, workers=workers, use_ray=use_ray,
                            ray_address=ray_address, progress=progress)
        return summarize(ruleset, specs, results, seed, time.perf_counter() - start), results

    report, results = play(ref, ruleset, specs)
    if other is not None:
        other_report, other_results = play(*other)
        report["comparison"] = {"ruleset": other_report["ruleset"], "path": display_path(Path(other[0].path)),
                                "report": other_report,
                                "differences": compare(report, results, other_report, other_results)}
    return report
