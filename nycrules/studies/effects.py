"""Each character's effect on its owner, with the owner's seat and kind of player held equal.

In a study every seat keeps its place and its player (`bot:greedy`, `bot:mcts`, an automa...) for all
games, so seat i's owners of a character and seat i's non-owners differ in having it, not
in who plays or where they sit. A character's effect is the owners' mean minus the
non-owners' mean within each seat, averaged over the seats with the weight
n_own * n_not / (n_own + n_not): a seat where nearly everyone, or nearly no one, owns it
tells little and counts little. It is measured in points and in wins (a share of games).

Intervals come from a bootstrap over whole games (a game's seats are drawn together: one
winner per game ties them). The draws are seeded by the study's seed, so the same games give
the same intervals on any number of workers, and two runs of the same length share their
draws (game i of one run is drawn with game i of the other), which keeps a comparison's
pairing. Each drawn effect is itself a possible difference, so an interval stays within what
is possible: a win-rate difference within [-1, 1], points within the observed range.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from operator import mul
from typing import Iterator, Sequence

from .simulate import GameResult
from .stats import bootstrapped

REPLICATES = 1000  # bootstrap draws: enough for a 95% interval's ends and for a standard error
MIN_OWNERS = 10  # fewer owners (or non-owners) than this: no effect is given


@dataclass(frozen=True)
class Owners:
    """The games in which one seat owned a character, with the seat's points and wins in them."""

    games: list[int]
    points: list[int]
    wins: list[int]


@dataclass(frozen=True)
class Columns:
    """One run's games as columns: per seat, each game's points and win (1 or 0), and who owned what."""

    games: int
    points: list[list[int]]  # [seat][game]
    wins: list[list[int]]
    owned: dict[int, list[Owners]]  # character id -> [seat] -> that seat's games with the character

    @classmethod
    def of(cls, results: Sequence[GameResult]) -> Columns:
        seats = len(results[0].seats) if results else 0
        owned: dict[int, list[Owners]] = {}
        for g, game in enumerate(results):
            for s, seat in enumerate(game.seats):
                for char_id in seat.owned:
                    if char_id not in owned:
                        owned[char_id] = [Owners([], [], []) for _ in range(seats)]
                    owners = owned[char_id][s]
                    owners.games.append(g)
                    owners.points.append(seat.points)
                    owners.wins.append(int(seat.won))
        return cls(len(results), [[game.seats[s].points for game in results] for s in range(seats)],
                   [[int(game.seats[s].won) for game in results] for s in range(seats)], owned)


@dataclass(frozen=True)
class Sample:
    """A character's effect on its owner in one run, and the same figure in every bootstrap draw.

    None where it cannot be told: too few owners, or (in a draw) no seat with both owners and
    non-owners.
    """

    owners: int  # seats that owned it at the end, over all games
    offered: int  # decisions that offered it to a bot (a hire, face up: simulate.OfferWatch)
    taken: int  # ... and took it
    points: float | None
    wins: float | None
    points_drawn: tuple[float | None, ...]
    wins_drawn: tuple[float | None, ...]


def draws(games: int, seed: int, count: int = REPLICATES) -> Iterator[list[int]]:
    """Bootstrap draws of games: how many times each game is taken (they add up to `games`)."""
    rng = random.Random(seed)
    population = range(games)
    for _ in range(count):
        weights = [0] * games
        for g in rng.choices(population, k=games):
            weights[g] += 1
        yield weights


class _Run:
    """The sums an effect needs, for one weighting of the games (1 each, or a bootstrap draw)."""

    def __init__(self, columns: Columns, weights: list[int] | None):
        self.columns = columns
        self.weights = weights
        self.total = columns.games if weights is None else sum(weights)
        if weights is None:
            self.points = [sum(col) for col in columns.points]
            self.wins = [sum(col) for col in columns.wins]
        else:
            self.points = [sum(map(mul, weights, col)) for col in columns.points]
            self.wins = [sum(map(mul, weights, col)) for col in columns.wins]

    def effect(self, char_id: int) -> tuple[float | None, float | None]:
        """(points, wins): owners minus non-owners within each seat, weighted over the seats."""
        points = wins = weight = 0.0
        for s, owners in enumerate(self.columns.owned.get(char_id, ())):
            if self.weights is None:
                n_own, p_own, w_own = len(owners.games), sum(owners.points), sum(owners.wins)
            else:
                taken = list(map(self.weights.__getitem__, owners.games))
                n_own = sum(taken)
                p_own = sum(map(mul, taken, owners.points))
                w_own = sum(map(mul, taken, owners.wins))
            n_not = self.total - n_own
            if n_own == 0 or n_not == 0:
                continue
            h = n_own * n_not / self.total
            points += h * (p_own / n_own - (self.points[s] - p_own) / n_not)
            wins += h * (w_own / n_own - (self.wins[s] - w_own) / n_not)
            weight += h
        if weight == 0:
            return None, None
        return points / weight, wins / weight


def owner_effects(results: Sequence[GameResult], char_ids: Sequence[int], seed: int,
                  count: int = REPLICATES) -> dict[int, Sample]:
    """Every character's effect on its owner in this run, with `count` bootstrap draws seeded by `seed`."""
    columns = Columns.of(results)
    owners = {c: sum(len(seat.games) for seat in columns.owned.get(c, ())) for c in char_ids}
    offered = {c: sum(seat.offered.get(c, 0) for game in results for seat in game.seats) for c in char_ids}
    taken = {c: sum(seat.taken.get(c, 0) for game in results for seat in game.seats) for c in char_ids}
    told = [c for c in char_ids
            if min(owners[c], columns.games * len(columns.points) - owners[c]) >= MIN_OWNERS]
    drawn: dict[int, list[tuple[float | None, float | None]]] = {c: [] for c in told}
    for weights in draws(columns.games, seed, count) if told else ():
        run = _Run(columns, weights)
        for c in told:
            drawn[c].append(run.effect(c))
    plain = _Run(columns, None)
    samples = {}
    for c in char_ids:
        if c in drawn:
            points, wins = plain.effect(c)
            samples[c] = Sample(owners[c], offered[c], taken[c], points, wins, tuple(p for p, _ in drawn[c]),
                                tuple(w for _, w in drawn[c]))
        else:
            samples[c] = Sample(owners[c], offered[c], taken[c], None, None, (), ())
    return samples


def played_effects(mod: Sequence[GameResult], base: Sequence[GameResult], ids: Sequence, seed: int,
                   count: int = REPLICATES) -> dict:
    """For each piece of `ids` that nearly every seat of the mod's games owned (too few left without it
    to compare with: an action card every seat plays), what the mod does for the seats that own it:
    their points minus the same seat's points in the base's game of the same seed, with a bootstrap
    over games (the same draws as owner_effects'). The figure holds every change the mod makes: when
    the mod changes only this piece, it is that piece's."""
    assert [g.number for g in mod] == [g.number for g in base]
    columns = Columns.of(mod)
    seat_games = columns.games * len(columns.points)
    found = {}
    for piece in ids:
        owners = sum(len(seat.games) for seat in columns.owned.get(piece, ()))
        if owners < MIN_OWNERS or seat_games - owners >= MIN_OWNERS:
            continue
        gained = [0] * columns.games  # per game: the owners' points, mod minus base
        owning = [0] * columns.games
        for g, (here, there) in enumerate(zip(mod, base)):
            for seat, other in zip(here.seats, there.seats):
                if piece in seat.owned:
                    gained[g] += seat.points - other.points
                    owning[g] += 1
        drawn = [sum(map(mul, weights, gained)) / n if (n := sum(map(mul, weights, owning))) else None
                 for weights in draws(columns.games, seed, count)]
        found[piece] = bootstrapped(sum(gained) / owners, drawn, owners)
    return found
