"""From per-game results to the report of a balance study, and the comparison of a mod with its base.

The report is plain JSON-able data; report_text.py and report_html.py only render it.
Results come in game-number order, so the report does not depend on how the games were
spread over processes. A comparison is always the mod's figures minus the base's, so a
stronger character reads positive; verdicts.py judges the mod's characters.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..reading.documents import display_path, extends, resolve_ruleset_path
from .effects import Sample, owner_effects, played_effects
from ..engine.setup import SeatSpec
from ..engine.model import Ruleset
from .simulate import DURING_THE_GAME, AgentFactories, GameResult
from .stats import Difference, bootstrapped, holm, mean_interval, paired_difference, proportion
from .verdicts import judge, pieces_of

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
              seconds: float, effects: dict[int, Sample]) -> dict:
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
        "characters": [_character(title, char_id, results, effects[char_id])
                       for char_id, title in sorted(ruleset.part.tallied(ruleset).items())],
        "removed_by": ruleset.part.removers(ruleset),
    }


def _character(title: str, char_id: int, results: Sequence[GameResult], effect: Sample) -> dict:
    games = max(len(results), 1)
    hired = sum(seat.hired.get(char_id, 0) for game in results for seat in game.seats)
    used = sum(seat.used.get(char_id, 0) for game in results for seat in game.seats)
    lost = sum(seat.lost.get(char_id, 0) for game in results for seat in game.seats)
    owners = [seat for game in results for seat in game.seats if char_id in seat.owned]
    wins = sum(seat.won for seat in owners)
    return {
        "id": char_id, "title": title,
        "hired": hired, "hired_per_game": round(hired / games, 4),
        "used": used, "used_per_game": round(used / games, 4),
        "owners": len(owners), "lost": lost,
        "owner_win_rate": proportion(wins, len(owners)).as_json(),
        "owner_points": mean_interval([seat.points for seat in owners]).as_json(2),
        "owner_effect": _effect(effect),
    }


def _effect(sample: Sample) -> dict:
    """A character's effect on its owner (owners minus non-owners of the same seat), None if too few owners."""
    points = bootstrapped(sample.points, sample.points_drawn, sample.owners)
    wins = bootstrapped(sample.wins, sample.wins_drawn, sample.owners)
    return {"points": points.as_json(2) if points else None, "win_rate": wins.as_json(4) if wins else None}


def compare(base: dict, base_results: Sequence[GameResult], mod: dict, mod_results: Sequence[GameResult]) -> dict:
    """Differences mod - base over the same seeds, each marked when it is more than noise.

    A character's strength is judged in verdicts.py; here are the seats and how often each
    character was hired and used.
    """
    assert [g.number for g in base_results] == [g.number for g in mod_results]
    found: list[tuple[list, Difference]] = []  # (where it goes in the output, the difference)
    seats = []
    for i, seat in enumerate(base["seats"]):
        a = [game.seats[i] for game in base_results]
        b = [game.seats[i] for game in mod_results]
        entry: dict = {"name": seat["name"], "by_category": {}}
        found.append(([entry, "win_rate"], paired_difference([s.won for s in a], [s.won for s in b])))
        found.append(([entry, "points"], paired_difference([s.points for s in a], [s.points for s in b])))
        for name in dict.fromkeys(base["categories"] + mod["categories"]):
            found.append(([entry["by_category"], name], paired_difference(
                [s.by_category.get(name, 0) for s in a], [s.by_category.get(name, 0) for s in b])))
        seats.append(entry)
    titles = {c["id"]: c["title"] for c in base["characters"]} | {c["id"]: c["title"] for c in mod["characters"]}
    characters = []
    for char_id in sorted(titles):
        entry = {"id": char_id, "title": titles[char_id]}
        for key, field in (("hired_per_game", "hired"), ("used_per_game", "used")):
            found.append(([entry, key], paired_difference(
                [sum(getattr(s, field).get(char_id, 0) for s in g.seats) for g in base_results],
                [sum(getattr(s, field).get(char_id, 0) for s in g.seats) for g in mod_results])))
        characters.append(entry)
    tested = holm([difference for _, difference in found])
    for (place, difference) in zip((place for place, _ in found), tested):
        place[0][place[1]] = difference.as_json()
    return {"games": len(base_results), "seats": seats, "characters": characters,
            "marked": sum(d.marked for d in tested), "tests": len(tested)}


def shown(ref: "RulesetRef") -> str:
    """A ruleset as the user names it: a shipped one by its name, a mod by its path."""
    return ref.path if not Path(ref.path).is_absolute() else display_path(resolve_ruleset_path(ref.path))


def _about(ref: "RulesetRef", report: dict) -> dict:
    return {**report["ruleset"], "path": shown(ref)}


def run(ref: "RulesetRef", ruleset: Ruleset, specs: list[SeatSpec], games: int, seed: int, *,
        workers: int | None = None, use_ray: bool = False, ray_address: str | None = None,
        other: tuple["RulesetRef", Ruleset, list[SeatSpec]] | None = None, other_is_mod: bool | None = None,
        judge_all: bool = False, progress: "Progress | None" = None,
        agents: "AgentFactories | None" = None) -> dict:
    """Play the study (and the same seeds under `other`) and build its report.

    With `other`, the study's ruleset is the mod and `other` its base, unless `other_is_mod`
    (by default: unless `other` extends the study's ruleset); `judge_all` gives a verdict on
    every character, not only the mod's new and changed ones. `agents` (seat index -> agent
    class or factory) play their seats in every game (nycrules/studies/batch.py).
    """
    from .distribute import run_games

    def play(ref: "RulesetRef", ruleset: Ruleset,
             specs: list[SeatSpec]) -> tuple[dict, list[GameResult], dict[int, Sample]]:
        start = time.perf_counter()
        results = run_games(ref, ruleset, specs, games, seed, workers=workers, use_ray=use_ray,
                            ray_address=ray_address, progress=progress, agents=agents)
        seconds = time.perf_counter() - start
        effects = owner_effects(results, sorted(pieces_of(ruleset)), seed)  # the same draws for both rulesets
        return summarize(ruleset, specs, results, seed, seconds, effects), results, effects

    report, results, effects = play(ref, ruleset, specs)
    if other is not None:
        other_report, other_results, other_effects = play(*other)
        studied = (ref, ruleset, report, results, effects)
        compared = (other[0], other[1], other_report, other_results, other_effects)
        if other_is_mod is None:
            other_is_mod = extends(other[0].path, ref.path)
        mod, base = (compared, studied) if other_is_mod else (studied, compared)
        report["comparison"] = {
            "ruleset": other_report["ruleset"], "path": shown(other[0]),
            "report": other_report,
            "mod": _about(mod[0], mod[2]), "base": _about(base[0], base[2]),
            "differences": compare(base[2], base[3], mod[2], mod[3]),
            "verdicts": judge(mod[1], base[1], mod[4], base[4], games, judge_all,
                              played_effects(mod[3], base[3], sorted(pieces_of(mod[1])), seed))}
    return report
