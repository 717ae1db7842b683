"""Ordering characters that compete for the same things, by trying each order on a copy of the game.

A hook of mode `ordered` (final scoring's sets, 37-42, in the shipped rules)
runs the seat's characters there one after the other; which goes first can
change what the later ones find (what one takes, another may need). Each
order is played on a copy of the game, followed by the final scoring steps
still to come for that seat, and the orders are ranked by the seat's points
at the end. The seat chooses; the best order is the first option (ties keep
the order of number).
"""

from __future__ import annotations

import copy
from itertools import permutations
from typing import Any

from ...language.runtime import Frame
from ...diagnostics import RuleRuntimeError
from ...limits import MAX_ORDER_SEARCH_STEPS
from ...engine.effects import run_script
from ...engine.state import Game, Seat, copy_game
from .state import Tile

# At most this many characters (distinct by number) are ordered: 720 orders.
# Beyond them, characters score after the ordered ones, in order of number.
MAX_ORDERED = 6
# What copying the game for one trial costs of the search's budget (limits.MAX_ORDER_SEARCH_STEPS),
# so that cheap trials are bounded too: all 720 orders of the shipped final scoring spend at most
# about 720 * TRIAL_STEPS + 18,000 steps.
TRIAL_STEPS = 1_000


def orders(tiles: list[Tile]) -> list[tuple[Tile, ...]]:
    """The distinct orders of these tiles: copies of one character score one after the other."""
    groups: dict[int, list[Tile]] = {}
    for tile in sorted(tiles, key=lambda t: (t.char.id, t.uid)):
        groups.setdefault(tile.char.id, []).append(tile)
    ids = list(groups)
    ordered, rest = ids[:MAX_ORDERED], ids[MAX_ORDERED:]
    tail = tuple(t for i in rest for t in groups[i])
    return [tuple(t for i in perm for t in groups[i]) + tail for perm in permutations(ordered)]


def trial_copy(game: Game) -> tuple[Game, dict[int, Any]]:
    """A copy of the game to try things on: same rules, own state, no events, first options taken.

    Gives the copy and the memo that maps id(original object) to its copy.
    """
    memo: dict[int, Any] = {}
    trial = copy_game(game, keep_events=False, memo=memo, keep_cursor=False)
    trial.log_events = False
    trial.chooser = lambda g, decision: 0
    return trial, memo


def points_after(game: Game, seat: Seat, order: tuple[Tile, ...], variables: dict[str, Any],
                 budget: Frame) -> int:
    """The seat's points at the end of the final scoring if these characters score in this order now;
    the rules run spend the steps of `budget` (Frame.steps)."""
    from ...engine.scoring import score_step
    budget.steps -= TRIAL_STEPS
    trial, memo = trial_copy(game)
    trial.budget = budget
    me = memo[id(seat)]
    context = copy.deepcopy(variables, memo)
    for tile in order:
        run_script(trial, tile.char.effect, {**context, "me": me, "this": memo[id(tile)]})
    steps = game.ruleset.final_scoring
    current = next((i for i, step in enumerate(steps) if step.id == game.scoring_step), len(steps))
    for step in steps[current + 1:]:
        score_step(trial, step, me)
    return me.points


def ranked_orders(game: Game, seat: Seat, tiles: list[Tile],
                  variables: dict[str, Any]) -> list[tuple[tuple[Tile, ...], int]]:
    """Each order with a different outcome, with the seat's points at the end; best first.

    The trials share one budget of steps; should it run out (rules far heavier than the shipped
    ones), the orders tried so far are ranked and the others are not offered."""
    candidates = orders(tiles)
    if len(candidates) == 1:
        return [(candidates[0], 0)]
    budget = Frame(None, {})
    budget.steps = MAX_ORDER_SEARCH_STEPS
    scored = []
    for order in candidates:
        try:
            scored.append((order, points_after(game, seat, order, variables, budget)))
        except RuleRuntimeError:
            if budget.steps >= 0:
                raise  # the rules failed, not the search's budget: the game will meet it too
            break  # out of steps: the orders tried so far are ranked (the first order is always tried)
    if not scored:
        return [(candidates[0], 0)]
    best: dict[int, tuple[Tile, ...]] = {}
    for order, points in scored:
        best.setdefault(points, order)  # the first order (by number) of each outcome
    return sorted(((order, points) for points, order in best.items()), key=lambda op: -op[1])
