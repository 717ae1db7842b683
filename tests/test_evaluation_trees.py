"""The learned evaluation's boosted trees (agents/tree_fitting.py): kept where they predict better than a linear
model per stage, written as plain numbers, walked in pure Python to the fit's own values, refused when damaged."""

import json
import random
from array import array

import pytest

from nycrules.agents.evaluation import EvaluationError, FORMAT, Trees, feature_names, parse, shipped_path
from nycrules.loading.loader import load_ruleset
from test_evaluation import MOD

pytest.importorskip("sklearn")


def _collected(size: int, games: int, seed: int):
    """Positions whose margin is an interaction no linear model holds: +20 when features 0 and 1 are both
    set, -20 when neither is, 0 otherwise, whatever else."""
    from nycrules.agents.training import Collected, Sample

    pick = random.Random(seed)
    out = Collected(games=games)
    for game in range(games):
        for stage in (2, 3):
            x = [float(pick.random() < 0.5) for _ in range(size)]
            margin = 20.0 * (x[0] + x[1] - 1) * (x[0] == x[1]) + pick.gauss(0, 2)
            out.samples.append(Sample(game, stage, array("f", x), margin))
    return out


def test_trees_are_kept_where_they_predict_better_and_the_file_walks_them_to_the_fits_values():
    from nycrules.agents.fitting import fit

    rules = load_ruleset("nyc")
    size = len(feature_names(rules))
    collected = _collected(size, 400, 1)
    fitted = fit(collected, size, 1, 300)
    assert fitted["trees"], "an interaction of two features: the trees predict it, a linear model cannot"
    for number, figures in fitted["report"].items():
        held = figures["held_out"]
        assert held["rmse"] < 0.75 * held["linear_rmse"], number
        assert fitted["rounds"][number]["weights"] == []  # the stage's constant alone, the rest by the trees
    data = {"format": FORMAT, "ruleset_digest": rules.digest, "features": feature_names(rules),
            "rounds": fitted["rounds"], "trees": fitted["trees"]}
    found = parse(json.loads(json.dumps(data)), rules, "t.json")  # plain JSON numbers, read back
    assert found.trees is not None
    value = {both: found.model(2).value(x) + found.trees.value(x)
             for both in (0.0, 1.0) for x in [[both, both] + [0.0] * (size - 2) + [2.0]]}  # the features, the stage
    assert value[1.0] > 10 and value[0.0] < -10
    assert fit(_collected(size, 400, 1), size, 1, 300) == fitted  # the same games and seed: the same trees
    assert fit(collected, size, 1)["trees"] == []  # trees only when asked (`nycrules train --trees N`)


def test_the_trees_walked_as_written_give_the_fits_own_values():
    import numpy as np

    from nycrules.agents.tree_fitting import fit_trees

    pick = random.Random(2)
    x = np.array([[pick.random() for _ in range(30)] for _ in range(300)])
    y = np.array([10 * (row[0] > 0.3) * row[1] - 5 * row[2] for row in x])
    stages = np.array([2.0] * 300)
    part = np.arange(300)
    constant, trees, values = fit_trees(np, x, stages, y, part < 200, part >= 200, 3, 100)
    walked = Trees([tuple(t) for t in json.loads(json.dumps(trees))])
    for row, stage_, value in zip(x, stages, values):
        inputs = [float(np.float32(v)) for v in row] + [stage_]  # the fit sees 4-byte floats, as training keeps them
        assert constant + walked.value(inputs) == pytest.approx(value, abs=1e-3)


def test_damaged_trees_are_refused_in_one_line():
    rules = load_ruleset("nyc")
    data = json.loads(shipped_path(rules).read_text(encoding="utf-8"))
    size = len(data["features"])
    stages = {r: {**m, "weights": []} for r, m in data["rounds"].items()}
    leaf_only = [[-1], [0.0], [0], [0], [1.5]]
    assert parse({**data, "rounds": stages, "trees": [leaf_only]}, rules, "t.json").trees is not None
    loop = [[0, -1], [0.5, 0.0], [0, 0], [1, 0], [0.0, 1.0]]  # a node that is its own child: a walk never ends
    beyond = [[size + 1, -1, -1], [0.5, 0.0, 0.0], [1, 0, 0], [2, 0, 0], [0.0, 1.0, 2.0]]  # no such input
    for bad in (loop, beyond, [[-1], [0.0], [0], [0]], [[-1], [0.0], [0], [0], [float("nan")]]):
        with pytest.raises(EvaluationError, match="its trees are damaged") as err:
            parse({**data, "rounds": stages, "trees": [bad]}, rules, "t.json")
        assert "\n" not in str(err.value)
    both = parse({**data, "trees": [leaf_only]}, rules, "t.json")  # trees on a linear model's errors
    x = [1.0] * size
    assert both.value(x, 2) == pytest.approx(both.model(2).value(x) + 1.5)
    with pytest.raises(EvaluationError, match="its models are damaged"):  # linear weights are all or none
        parse({**data, "rounds": {r: {**m, "weights": m["weights"][1:]} for r, m in data["rounds"].items()},
               "trees": [leaf_only]}, rules, "t.json")


def test_a_walk_goes_left_at_or_below_the_threshold():
    tree = Trees([([0, -1, -1], [1.5, 0.0, 0.0], [1, 0, 0], [2, 0, 0], [0.0, -1.0, 1.0])])
    assert [tree.value([v]) for v in (1.0, 1.5, 2.0)] == [-1.0, -1.0, 1.0]


def test_train_with_trees_says_what_it_tried_and_the_file_still_reads(tmp_path):
    from nycrules.agents.evaluation import use_file
    from nycrules.cli import app
    from typer.testing import CliRunner

    mod = load_ruleset(MOD)
    out = tmp_path / "t.json"
    done = CliRunner().invoke(app, ["train", "--ruleset", MOD, "--games", "30", "--seed", "4", "--trees", "20",
                                    "--out", str(out)])
    assert done.exit_code == 0, done.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["trained"]["trees_tried"] == 20
    kept = data.get("trees", [])  # kept only where they predicted the choosing tenth better
    assert (", a linear model: " in done.output) == bool(kept) and all(len(tree) == 5 for tree in kept)
    assert (use_file(mod, out).trees is not None) == bool(kept)
