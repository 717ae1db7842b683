"""The fit of the learned evaluation (numpy, the `train` extra): a linear model per stage.

Two kinds of rows teach it (training.py collects them):
- positions of the policy's games with the seat's actual final margin: what a position is worth;
- groups of positions reached from one position by the search's different options
  (option_groups.py), each taken less the group's mean, features and margins alike: what an option
  changes. A model that only fits the first credits what goes with a good position in the policy's
  games, which ranks the search's options no better than its own estimate does.

Per stage, ridge regression on both (standardized features; the groups' rows weighted by
`GROUP_WEIGHTS`, relative to the positions' rows in all), the weight and the ridge's strength chosen
by how well the model predicts the differences within the groups of the next tenth of the games
(without groups, the margins of its positions); the last tenth is held out, and the file records
the model's errors on it beside always predicting the mean (positions) and no difference (groups),
and what the pick of the best option of each held-out group by the model gains over the group's
mean, beside the pick by the search's own estimate and the policy's pick. Asked for (`trees`),
boosted trees over every stage are fitted on the positions too and kept in place of the linear
models where they predict the next tenth's margins better (`_trees_if_better`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .training import Collected

RIDGE = (1.0, 10.0, 100.0, 1000.0, 10000.0)  # strengths tried (on standardized features)
GROUP_WEIGHTS = (0.0, 4.0, 16.0)  # weights of the groups' rows tried (0: the positions alone)


def split(game: int, games: int) -> str:
    """Which part a game's rows go to: the last tenth is held out, the tenth before it chooses the fit."""
    if game >= games - max(1, games // 10):
        return "test"
    if game >= games - 2 * max(1, games // 10):
        return "valid"
    return "train"


def fit(collected: Collected, size: int, seed: int, trees: int = 0) -> dict[str, Any]:
    """Per stage, the models (constant, weights, spread), the trees when they do better (`_trees_if_better`),
    and what was measured (see the docstring)."""
    import numpy as np

    games = collected.games
    rounds: dict[str, Any] = {}
    report: dict[str, Any] = {}
    for r in sorted({s.round for s in collected.samples}):
        parts = {p: [s for s in collected.samples if s.round == r and split(s.game, games) == p]
                 for p in ("train", "valid", "test")}
        if not parts["train"] or not parts["valid"]:
            continue
        x = {p: _matrix(np, [s.x for s in rows], size) for p, rows in parts.items()}
        y = {p: np.array([s.margin for s in rows], dtype=np.float64) for p, rows in parts.items()}
        groups = {p: _centred(np, [g for g in collected.groups if g.round == r and split(g.game, games) == p], size)
                  for p in ("train", "valid", "test")}
        mean, scale = x["train"].mean(axis=0), x["train"].std(axis=0)
        scale[scale < 1e-9] = np.inf  # a feature that never varies gets no weight
        z = {p: (m - mean) / scale for p, m in x.items()}
        centre = y["train"].mean()
        gram, right = z["train"].T @ z["train"], z["train"].T @ (y["train"] - centre)
        dz = groups["train"][0] / scale
        gram_groups, right_groups = dz.T @ dz, dz.T @ groups["train"][1]
        by_groups = len(groups["train"][1]) > 0 and len(groups["valid"][1]) > 0
        share = len(y["train"]) / max(1, len(groups["train"][1]))  # a weight of 1: the groups' rows count as much
        best = None
        for weight in GROUP_WEIGHTS if by_groups else (0.0,):
            for strength in RIDGE:
                w = np.linalg.solve(gram + weight * share * gram_groups + strength * np.eye(size),
                                    right + weight * share * right_groups)
                if by_groups:
                    error = _rmse(np, groups["valid"][0] / scale @ w, groups["valid"][1])
                else:
                    error = _rmse(np, z["valid"] @ w + centre, y["valid"])
                if best is None or error < best[0]:
                    best = (error, weight, strength, w)
        assert best is not None
        _, weight, strength, w = best
        weights = w / scale  # on the raw features: value = constant + sum(weights * x)
        constant = centre - float(weights @ mean)
        spread = _rmse(np, x["valid"] @ weights + constant, y["valid"])
        rounds[str(r)] = {"constant": round(constant, 6), "spread": round(spread, 4),
                          "weights": [round(float(v), 7) for v in weights]}
        held: dict[str, Any] = {}
        if len(y["test"]):
            predicted = x["test"] @ weights + constant
            held = {"positions": int(len(y["test"])), "rmse": round(_rmse(np, predicted, y["test"]), 3),
                    "rmse_of_the_mean": round(_rmse(np, centre, y["test"]), 3),
                    "right_side": round(float(np.mean(np.sign(predicted) == np.sign(y["test"]))), 4)}
        test = [g for g in collected.groups if g.round == r and split(g.game, games) == "test"]
        if test:
            dx, dy = groups["test"]
            held["options"] = {
                "groups": len(test), "rmse": round(_rmse(np, dx @ weights, dy), 3),
                "rmse_of_no_difference": round(_rmse(np, 0.0, dy), 3),
                "pick_gains": round(_pick_gain(np, test, lambda xs: [float(np.frombuffer(v, np.float32)
                                                                              @ weights) for v in xs]), 3),
                "pick_by_the_estimate_gains": round(_pick_gain(np, test, None), 3),
                "policy_pick_gains": round(float(np.mean([g.margins[0] - np.mean(g.margins) for g in test])), 3)}
        report[str(r)] = {"train_positions": len(parts["train"]), "ridge": strength, "held_out": held}
        if collected.groups:
            report[str(r)].update(train_groups=_count(collected, r, games), group_weight=weight)
    kept = _trees_if_better(np, collected, size, seed, trees, rounds, report) if trees and rounds else []
    return {"rounds": rounds, "report": report, "trees": kept}


def _trees_if_better(np: Any, collected: Collected, size: int, seed: int, most: int, rounds: dict[str, Any],
                     report: dict[str, Any]) -> list[Any]:
    """At most `most` boosted trees over every stage (tree_fitting.py), kept in place of the linear models
    when they predict the margins of the choosing tenth better; the models and the report then say theirs."""
    from .tree_fitting import fit_trees

    games = collected.games
    rows = [s for s in collected.samples if str(s.round) in rounds]
    x = _matrix(np, [s.x for s in rows], size)
    y = np.array([s.margin for s in rows], dtype=np.float64)
    stages = np.array([s.round for s in rows], dtype=np.float64)
    part = np.array([split(s.game, games) for s in rows])
    linear = np.array([rounds[str(s.round)]["constant"] for s in rows]) + np.einsum(
        "ij,ij->i", x, np.array([rounds[str(s.round)]["weights"] for s in rows]))
    constant, trees, values = fit_trees(np, x, stages, y, part == "train", part == "valid", seed, most)
    valid = part == "valid"
    if _rmse(np, values[valid], y[valid]) >= _rmse(np, linear[valid], y[valid]):
        return []
    for r in rounds:
        here = stages == int(r)
        mine, test = here & valid, here & (part == "test")
        rounds[r] = {"constant": round(constant, 6), "spread": round(_rmse(np, values[mine], y[mine]), 4),
                     "weights": []}
        held = report[r]["held_out"]
        if test.any():
            held.update(linear_rmse=held["rmse"], rmse=round(_rmse(np, values[test], y[test]), 3),
                        right_side=round(float(np.mean(np.sign(values[test]) == np.sign(y[test]))), 4))
        report[r]["trees"] = len(trees)
    return trees


def _matrix(np: Any, rows: list[Any], size: int) -> Any:
    return np.array([np.frombuffer(v, dtype=np.float32) for v in rows], dtype=np.float64).reshape(len(rows), size)


def _centred(np: Any, groups: list[Any], size: int) -> tuple[Any, Any]:
    """The groups' features and final margins, each less its group's mean."""
    xs, ys = [], []
    for g in groups:
        m = _matrix(np, g.xs, size)
        xs.append(m - m.mean(axis=0))
        ys.append(np.array(g.margins) - np.mean(g.margins))
    if not xs:
        return np.zeros((0, size)), np.zeros(0)
    return np.concatenate(xs), np.concatenate(ys)


def _rmse(np: Any, predicted: Any, actual: Any) -> float:
    return float(np.sqrt(np.mean((predicted - actual) ** 2)))


def _pick_gain(np: Any, groups: list[Any], value: Any) -> float:
    """The mean final margin of the option picked in each group (the highest value; `value` None: the
    search's own estimate), less the group's mean margin."""
    gains = []
    for g in groups:
        values = g.static if value is None else value(g.xs)
        gains.append(g.margins[int(np.argmax(values))] - float(np.mean(g.margins)))
    return float(np.mean(gains))


def _count(collected: Collected, r: int, games: int) -> int:
    return sum(1 for g in collected.groups if g.round == r and split(g.game, games) == "train")
