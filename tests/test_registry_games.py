"""A game's own primitives are callable only from rulesets of that game (docs/games.md)."""

from __future__ import annotations

import pytest

from nycrules import primitives  # noqa: F401  (registers the shared primitives)
from nycrules.diagnostics import Sink
from nycrules.language import registry
from nycrules.language.checker import Checker
from nycrules.language.parser import parse_effect
from nycrules.language.scope import CheckContext, Symbols
from nycrules.reading.marked_yaml import load


@registry.primitive("zz_probe_points(seat: seat) -> int", "A test game's own query.", "test game", game="zz_test")
def _zz_probe_points(f, seat):
    return 7


def problems(text: str, game: str | None) -> list[str]:
    sink = Sink()
    value = load("effect: |\n  " + text + "\n", "e.yaml", sink)["effect"]
    tree = parse_effect(value, value.span, sink)
    Checker(Symbols(), sink, game).check_effect(tree, CheckContext({"me": "seat"}))
    return [f"{d.code} {d.message}" for d in sink.items]


def test_a_games_primitive_is_callable_only_by_its_games_rulesets():
    assert problems("gain_points(me, zz_probe_points(me))", "zz_test") == []
    for game in (None, "other"):
        found = problems("gain_points(me, zz_probe_points(me))", game)
        assert len(found) == 1 and found[0].startswith("E402 unknown primitive 'zz_probe_points'")


def test_the_shared_listings_leave_a_games_primitives_out():
    assert "zz_probe_points" not in registry.names() and "zz_probe_points" in registry.names("zz_test")
    shared = registry.all_primitives()
    assert all(p.game is None for p in shared)
    with_game = registry.all_primitives("zz_test")
    assert with_game[:len(shared)] == shared and [p.name for p in with_game[len(shared):]] == ["zz_probe_points"]
    assert registry.variants("gain_points", "zz_test") == registry.variants("gain_points")


def test_a_shared_primitive_needs_a_known_category():
    with pytest.raises(ValueError, match="bad primitive declaration"):
        registry.primitive("zz_nothing() -> int", "x", "no such category")
