"""The tensors researchers use: observations scaled to [0, 1] by a scale per segment, and the
information-state tensor (observation, own moves, order of turns) of a fixed size per ruleset."""

from __future__ import annotations

import random

import pytest

import nycrules
from nycrules.engine.observation_tensor import information_state_segments, layout, observation_tensor


def positions(games=4):
    """Sessions at every decision of a few random games of 2-4 seats (a copy each tenth decision)."""
    for number in range(games):
        seats = ["Ann", "Ben", "Cid", "Dot"][:2 + number % 3]
        game = nycrules.new_game(seats, seed=40 + number)
        rng = random.Random(number)
        while not game.is_over():
            if len(game.record) % 10 == 0:
                yield game
            game.apply(rng.randrange(game.decision().count))
        yield game


def test_every_observation_lies_in_zero_to_one_and_is_the_numbers_scaled():
    """Before, the numbers were unscaled (a seat's points up to 99, Box bounds of +-10000)."""
    ruleset = nycrules.load("nyc")
    factors = layout(ruleset).factors
    checked = 0
    for game in positions():
        for seat in range(len(game.specs)):
            scaled = game.observation_tensor(seat)
            raw = observation_tensor(ruleset, game.observation(seat), scaled=False)
            assert min(scaled) >= 0.0 and max(scaled) <= 1.0
            assert scaled == pytest.approx([min(max(x * f, 0.0), 1.0) for x, f in zip(raw, factors)])
            checked += 1
    assert checked > 100


def test_each_segment_has_a_documented_scale():
    """docs/api.md gives the scale of every kind of segment (its name after any `seat N: `, `borough: `)."""
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "docs" / "api.md").read_text(encoding="utf-8")
    tensor = layout(nycrules.load("nyc"))
    for name, _size in tensor.segments:
        scale = tensor.scales[name]
        if scale != 1:
            field = name.split(": ", 1)[-1] if name.split(": ", 1)[0] in {b for b in tensor.boroughs} or \
                name.startswith(("seat ", "elevator row")) else name
            row = next((line for line in text.splitlines() if line.startswith(f"| {field} |")), None)
            assert row is not None, f"docs/api.md has no row for {field!r}"
            assert (str(scale) if not isinstance(scale, tuple) else "value " + str(scale[1])) in row, row


def test_the_information_state_tensor_has_one_size_and_keeps_the_seats_own_moves():
    ruleset = nycrules.load("nyc")
    size = sum(n for _, n in information_state_segments(ruleset))
    pytest.importorskip("pettingzoo")
    from nycrules.pettingzoo import env
    e = env(seats=["Ann", "Ben", "bot:greedy"], seed=2)
    e.reset(seed=2)
    before = e.information_state("player_0")
    assert before.shape == (size,) == e.information_state_space("player_0").shape
    while e.agent_selection != "player_0":
        e.step(int(e.game.legal_actions()[0]))
    observation = e.observe("player_0")["observation"]
    action = int(e.game.legal_actions()[-1])
    e.step(action)
    after = e.information_state("player_1")
    mine = e.information_state("player_0")
    own_start = layout(ruleset).size
    assert mine[own_start + action] == 0.25 and after[own_start + action] == 0.0  # its own move, not the other's
    assert list(mine[:own_start]) == list(e.observe("player_0")["observation"]) != list(observation)
    assert all(0.0 <= x <= 1.0 for x in mine) and e.information_state_space("player_0").contains(mine)
