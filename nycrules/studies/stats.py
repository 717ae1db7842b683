"""Intervals and tests for balance studies; plain math on numbers, no game state.

- a win rate's 95% interval is Wilson's score interval (good near 0 and 1 and for few games);
- a mean's interval and a paired difference's test use Student's t;
- comparing two rulesets on the same seeds pairs the games: the difference per game has
  the game's luck largely taken out, and its mean is tested against 0;
- many differences are tested at once, so the marks use Holm's correction: the chance that
  anything at all is marked when nothing differs stays at 5%;
- a figure from a bootstrap (effects.py) gets the percentile interval of its draws, and for a
  verdict on several figures at once an interval from the draws' spread that holds for all of
  them together (Bonferroni);
- no interval reaches past what the figures can be: a mean lies between the smallest and the
  largest value, a difference of means between the differences of the extremes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

Z95 = 1.959963984540054  # the normal distribution's 97.5% point


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: int, n1: int, k0: int, n0: int, z: float = Z95) -> tuple[float, float]:
    """Interval of the difference of two proportions k1/n1 - k0/n0 from their Wilson intervals
    (Newcombe 1998, method 10); it stays within [-1, 1]."""
    p1, p0 = k1 / n1, k0 / n0
    l1, u1 = wilson(k1, n1, z)
    l0, u0 = wilson(k0, n0, z)
    d = p1 - p0
    return d - math.sqrt((p1 - l1) ** 2 + (u0 - p0) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p0 - l0) ** 2)


def bonferroni_z(family: int, alpha: float = 0.05) -> float:
    """The normal quantile for two-sided intervals that hold for `family` figures together at level 1 - alpha."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(family, 1)))


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1 - math.exp(log_front) * _betacf(b, a, 1 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return betainc(df / 2, 0.5, df / (df + t * t))


def t_quantile(probability: float, df: float) -> float:
    """The t value with P(T <= t) = probability (0.5 < probability < 1), by bisection."""
    low, high = 0.0, 1.0
    while t_two_sided_p(high, df) > 2 * (1 - probability):
        high *= 2
    for _ in range(100):
        middle = (low + high) / 2
        if t_two_sided_p(middle, df) > 2 * (1 - probability):
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _number(value: float, digits: int) -> float | None:
    """A figure for JSON: rounded, and None where there is no bound (too few values)."""
    return round(value, digits) if math.isfinite(value) else None


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval; `n` values went into it."""

    mean: float
    low: float
    high: float
    n: int

    def as_json(self, digits: int = 4) -> dict:
        return {"mean": _number(self.mean, digits), "low": _number(self.low, digits),
                "high": _number(self.high, digits), "n": self.n}


def mean_interval(values: Sequence[float]) -> Estimate:
    """Mean with Student's t 95% interval (no interval from fewer than 2 values)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(0.975, n - 1) * math.sqrt(variance / n)
    return Estimate(mean, max(mean - half, min(values)), min(mean + half, max(values)), n)


def proportion(successes: int, trials: int) -> Estimate:
    low, high = wilson(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high, trials)


@dataclass(frozen=True)
class Difference:
    """B minus A with its 95% interval and the two-sided p-value of 'no difference'."""

    delta: float
    low: float
    high: float
    p: float
    n: int
    marked: bool = False  # more than noise, after Holm's correction over the whole comparison

    def as_json(self, digits: int = 4) -> dict:
        return {"delta": _number(self.delta, digits), "low": _number(self.low, digits),
                "high": _number(self.high, digits), "p": float(f"{self.p:.4g}"), "n": self.n,
                "beyond_noise": self.marked}


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """Paired t test of the per-game differences b - a (the same seeds under both rulesets)."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    if n == 0:
        return Difference(0.0, 0.0, 0.0, 1.0, 0)
    mean = math.fsum(diffs) / n
    if n == 1:
        return Difference(mean, -math.inf, math.inf, 1.0, 1)
    variance = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    if variance == 0:  # every game differs by the same amount (usually 0: nothing changed)
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0, n)
    se = math.sqrt(variance / n)
    half = t_quantile(0.975, n - 1) * se
    lowest, highest = min(b) - max(a), max(b) - min(a)  # what the difference of the means can be
    return Difference(mean, max(mean - half, lowest), min(mean + half, highest), t_two_sided_p(mean / se, n - 1), n)


def holm(differences: list[Difference], alpha: float = 0.05) -> list[Difference]:
    """Mark the differences that Holm's step-down procedure rejects at family-wise level alpha."""
    order = sorted(range(len(differences)), key=lambda i: differences[i].p)
    marked = [False] * len(differences)
    for rank, i in enumerate(order):
        if differences[i].p > alpha / (len(differences) - rank):
            break
        marked[i] = True
    return [Difference(d.delta, d.low, d.high, d.p, d.n, m) for d, m in zip(differences, marked)]


@dataclass(frozen=True)
class Bootstrapped:
    """A figure, the percentile 95% interval of its bootstrap draws, and the draws' spread."""

    value: float
    low: float
    high: float
    se: float  # standard deviation of the draws: the figure's standard error
    n: int  # how many values went into it (owners, for a character's effect)

    def simultaneous(self, family: int, alpha: float = 0.05) -> tuple[float, float]:
        """An interval that holds for all `family` figures judged together at level 1 - alpha (Bonferroni)."""
        z = bonferroni_z(family, alpha)
        return self.value - z * self.se, self.value + z * self.se

    def as_json(self, digits: int = 4) -> dict:
        return {"delta": _number(self.value, digits), "low": _number(self.low, digits),
                "high": _number(self.high, digits), "se": _number(self.se, digits), "n": self.n}


def percentile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, interpolated between neighbours."""
    place = q * (len(ordered) - 1)
    below = math.floor(place)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (place - below)


def bootstrapped(value: float | None, drawn: Sequence[float | None], n: int) -> Bootstrapped | None:
    """The figure with its bootstrap interval; None when it, or more than 5% of its draws, cannot be told."""
    told = sorted(d for d in drawn if d is not None)
    if value is None or len(told) < 2 or len(told) < 0.95 * len(drawn):
        return None
    mean = math.fsum(told) / len(told)
    se = math.sqrt(math.fsum((d - mean) ** 2 for d in told) / (len(told) - 1))
    return Bootstrapped(value, percentile(told, 0.025), percentile(told, 0.975), se, n)
