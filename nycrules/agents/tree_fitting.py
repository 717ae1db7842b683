"""Boosted regression trees for the learned evaluation (scikit-learn, the `train` extra): a non-linear value.

One model for every stage, over a position's features and its stage (evaluation.py's `Trees`): least
squares gradient boosting of shallow trees, each fitted on half of the positions and a tenth of the
features drawn anew (seeded: the same games give the same trees). How many trees are kept is chosen
on the next tenth of the games (fitting.py's split), as the ridge's strength is. The trees are
written as plain numbers, each node's input, threshold, children and leaf value; the search walks
them in pure Python.
"""

from __future__ import annotations

from typing import Any

DEPTH = 4
LEARNING_RATE = 0.05
FEATURE_SHARE = 0.1  # of the features, drawn anew at each tree
LEAF_POSITIONS = 20  # the fewest positions a leaf stands for


def fit_trees(np: Any, x: Any, stages: Any, y: Any, train: Any, valid: Any, seed: int, most: int
              ) -> tuple[float, list[list[list[Any]]], Any]:
    """The constant (the mean margin), the trees (evaluation.py's layout) and every position's value, fitted
    on the rows `train`, their number (at most `most`) chosen by the error on the rows `valid`."""
    from sklearn.ensemble import GradientBoostingRegressor

    inputs = np.column_stack([x, stages]).astype(np.float32)
    model = GradientBoostingRegressor(n_estimators=most, max_depth=DEPTH, learning_rate=LEARNING_RATE,
                                      subsample=0.5, max_features=FEATURE_SHARE, min_samples_leaf=LEAF_POSITIONS,
                                      random_state=seed % (1 << 32))
    model.fit(inputs[train], y[train])
    best, kept, values = None, 0, None
    for count, predicted in enumerate(model.staged_predict(inputs), 1):
        error = float(np.mean((predicted[valid] - y[valid]) ** 2))
        if best is None or error < best:
            best, kept, values = error, count, predicted
    constant = float(model.init_.constant_.ravel()[0])
    trees = [_tree(tree.tree_, LEARNING_RATE) for tree in model.estimators_[:kept, 0]]
    return constant, trees, values


def _tree(tree: Any, scale: float) -> list[list[Any]]:
    """One fitted tree as five lists by node (evaluation.py's `Trees`): sklearn numbers its nodes
    depth first, every child after its parent, and marks a leaf's input -2."""
    inner = [int(f) >= 0 for f in tree.feature]
    return [[int(f) if i else -1 for f, i in zip(tree.feature, inner)],
            [round(float(t), 6) if i else 0.0 for t, i in zip(tree.threshold, inner)],
            [int(c) if i else 0 for c, i in zip(tree.children_left, inner)],
            [int(c) if i else 0 for c, i in zip(tree.children_right, inner)],
            [0.0 if i else round(float(v) * scale, 6) for v, i in zip(tree.value[:, 0, 0], inner)]]
