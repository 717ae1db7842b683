"""The observation tensor of a game of its own folder (docs/games.md): the segments every game has
(the observing seat, the seats, the end, each seat's points and final scoring), then the game's own,
which its part lays out and fills from the part of the observation it gave (model.GamePart:
`tensor_segments`, `tensor_fill`). The same interface as New York City's layout
(games/nyc/tensor.py): `segments`, `size`, `seats`, `fill(observation, scaled)`.
"""

from __future__ import annotations

from typing import Any

from .action_space import seat_slots
from .model import Ruleset

POINTS_CAP, STEP_CAP = 200, 60  # points, and points of one final scoring step, shown as 1 from there


class GameLayout:
    def __init__(self, ruleset: Ruleset):
        self.part = part = ruleset.part
        self.seats = S = seat_slots(ruleset)
        self.steps = [s.id for s in ruleset.final_scoring]
        segments: list[tuple[str, int, float]] = [
            ("observing seat (one-hot)", S, 1), ("seats in the game", S, 1), ("finished", 1, 1),
            ("final scoring step (one-hot; first: none)", len(self.steps) + 1, 1)]
        for s in range(S):
            segments += [(f"seat {s}: points", 1, POINTS_CAP), (f"seat {s}: final scoring (per step)",
                                                                 len(self.steps), STEP_CAP)]
        segments += list(part.tensor_segments(S))
        self.segments = [(name, size) for name, size, _ in segments]
        self.start: dict[str, int] = {}
        self.factors: list[float] = []
        for name, size, scale in segments:
            self.start[name] = len(self.factors)
            self.factors += [1.0 / scale] * size
        self.size = len(self.factors)

    def fill(self, obs: dict[str, Any], scaled: bool = True) -> list[float]:
        """The tensor of one observation: scaled to [0, 1] (a number beyond its segment's scale is 1),
        or the numbers as they are."""
        out = [0.0] * self.size
        start, factors = self.start, self.factors

        def put(name: str, offset: int, value: float = 1.0) -> None:
            place = start[name] + offset
            out[place] += value * factors[place] if scaled else value

        put("observing seat (one-hot)", obs["seat"])
        for seat in obs["seats"]:
            put("seats in the game", seat["index"])
            put(f"seat {seat['index']}: points", 0, seat["points"])
            for step, points in seat["scores"].items():
                put(f"seat {seat['index']}: final scoring (per step)", self.steps.index(step), points)
        put("finished", 0, float(obs["finished"]))
        put("final scoring step (one-hot; first: none)",
            self.steps.index(obs["scoring_step"]) + 1 if obs["scoring_step"] else 0)
        self.part.tensor_fill(obs["game"], put, self.seats)
        if scaled:
            out = [0.0 if value < 0.0 else 1.0 if value > 1.0 else value for value in out]
        return out

