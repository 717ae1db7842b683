"""Many headless games in a row: win rates and mean scores per seat, and games per second.

For modders testing the balance of a change, and as the engine's benchmark.
Game i uses seed `seed + i`, so a run is reproducible and can be split up.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .agents import seat_agents
from .engine.procedure import winner_of
from .engine.runner import Session
from .engine.setup import SeatSpec
from .model import Ruleset


@dataclass
class SeatStats:
    name: str
    wins: int = 0
    points: int = 0
    categories: dict[str, int] = field(default_factory=dict)


@dataclass
class Report:
    games: int
    seconds: float
    seats: list[SeatStats]
    decisions: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def as_json(self) -> dict:
        games = max(self.games, 1)
        return {
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 1),
            "decisions_per_game": round(self.decisions / self.games, 1) if self.games else 0,
            "seats": [{"name": s.name, "wins": s.wins, "win_rate": round(s.wins / games, 4),
                       "mean_points": round(s.points / games, 2),
                       "mean_by_category": {k: round(v / games, 2) for k, v in s.categories.items()}}
                      for s in self.seats],
        }


def simulate(ruleset: Ruleset, specs: list[SeatSpec], games: int, seed: int) -> Report:
    if any(spec.kind == "human" for spec in specs):
        raise ValueError("simulated games are played by bots and Toms only")
    stats = [SeatStats(spec.name) for spec in specs]
    decisions = 0
    start = time.perf_counter()
    for number in range(games):
        game_seed = seed + number
        session = Session(ruleset, specs, game_seed, seat_agents(specs, game_seed), log_events=False)
        game = session.run()
        decisions += len(session.record)
        stats[winner_of(game).index].wins += 1
        for seat, stat in zip(game.seats, stats):
            stat.points += seat.points
            for category, points in seat.scores.items():
                stat.categories[category] = stat.categories.get(category, 0) + points
    return Report(games, time.perf_counter() - start, stats, decisions)
