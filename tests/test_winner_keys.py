"""The winner ranked by keys compared in turn, with a shared victory (`winner: {rank, by, shared}`,
docs/ruleset.md "The winner"): a form any ruleset may use; New York 1901's tie-breaks (2.10, A23)."""

from __future__ import annotations

from pathlib import Path

import pytest

import nycrules
from nycrules.engine.scoring import end_game, ranking, winners
from nycrules.games.nyc.mechanics import seats_in_press_order
from nycrules.loading.loader import check_ruleset

from ny1901_games import new_game
from test_ny1901_rule_cases import built


def mod(tmp_path: Path, winner: str) -> Path:
    path = tmp_path / "mod.yaml"
    path.write_text(f"extends: nyc\nruleset: {{id: ranked, name: Ranked, version: 1}}\n{winner}", encoding="utf-8")
    return path


def played(path: Path, seed: int = 4):
    game = nycrules.new_game(["bot:random"] * 3, seed=seed, ruleset=nycrules.load(path))
    game.run()
    return game


def test_seats_equal_on_every_key_share_the_victory(tmp_path):
    game = played(mod(tmp_path, 'winner:\n  rank: seats_by_press()\n  by: "[0]"\n  shared: true\n'))
    assert game.winners() == [seat.index for seat in seats_in_press_order(game.state)]  # in rank's order
    assert [share for share, _ in game.returns()] == pytest.approx([1 / 3] * 3)
    last = game.events()[-1]
    assert last.kind == "end" and last.text.endswith("share the victory") and last.text.count("points") == 3


def test_without_shared_the_first_in_rank_order_wins_a_tie(tmp_path):
    game = played(mod(tmp_path, 'winner:\n  rank: seats_by_press()\n  by: "[0]"\n'))
    state = game.state
    assert game.winners() == [seats_in_press_order(state)[0].index] == [game.winner()]
    assert sorted(share for share, _ in game.returns()) == [0.0, 0.0, 1.0]


def test_keys_are_compared_in_turn_highest_first(tmp_path):
    """Most points first, then the most dollars, then seat order (the order of `rank`)."""
    game = played(mod(tmp_path, 'winner:\n  rank: seats()\n  by: "[points(me), dollars(me)]"\n'), 7)
    state = game.state
    expected = sorted(state.seats, key=lambda s: (-s.points, -s.dollars, s.index))
    assert [s.index for s in ranking(state)] == [s.index for s in expected]
    assert game.winners() == [expected[0].index]


@pytest.mark.parametrize("winner, message", [
    ('winner:\n  rank: seats()\n  by: "points(me)"\n', "must be a list of numbers"),
    ('winner:\n  rank: "[first(seats())]"\n  by: "[points(me)]"\n', "the winner's ranking must hold every seat"),
    ('winner:\n  rank: seats()\n  by: "[points(you)]"\n', "you"),
    ('winner:\n  rank: seats()\n', "by"),
])
def test_a_wrong_ranking_is_refused_where_it_is_written(tmp_path, winner, message):
    result = check_ruleset(mod(tmp_path, winner))
    assert result.ruleset is None
    assert any(message in d.message and d.location.line >= 3 for d in result.diagnostics), [
        d.message for d in result.diagnostics]


# ------------------------------------------------------------------ New York 1901 (2.10, A23)
def tied_table():
    game = new_game(2, 1)
    for seat in game.seats:
        seat.points = 40
    return game


def test_1901_a_tie_on_points_goes_to_the_tallest_legendary():
    game = tied_table()
    built(game, 1, ("metropolitan_life", "F5", 0))
    built(game, 0, ("gold_4o", "K5", 0), ("gold_4s", "G17", 0))
    assert [s.index for s in winners(game)] == [1]  # a legendary beats two gold skyscrapers


def test_1901_then_the_most_gold_skyscrapers():
    game = tied_table()
    built(game, 0, ("gold_4o", "F5", 0))
    built(game, 1, ("gold_4s", "G17", 0), ("silver_3i", "F1", 1))
    built(game, 1, ("gold_4o", "K5", 0))
    assert [s.index for s in winners(game)] == [1]


def test_1901_seats_equal_on_all_three_share_the_victory():
    game = tied_table()
    built(game, 0, ("gold_4o", "F5", 0))
    built(game, 1, ("gold_4s", "G17", 0))
    assert [s.index for s in winners(game)] == [0, 1]
    end_game(game)
    assert game.events[-1].text == "seat 1 (40 points) and seat 2 (40 points) share the victory"


def test_a_shared_victory_is_told_as_shared_at_the_table_and_in_the_picture(tmp_path):
    """play's last words, the web table's final scoring and the picture's title."""
    from typer.testing import CliRunner
    from nycrules.cli.app import app
    from nycrules.engine.scoring import victory
    from nycrules.games.nyc.table.picture import picture
    path = mod(tmp_path, 'winner:\n  rank: seats_by_press()\n  by: "[0]"\n  shared: true\n')
    done = CliRunner().invoke(app, ["play", "-r", str(path), "--plain", "--seed", "4", "--record",
                                    str(tmp_path / "record.json")] + ["--seat", "bot:random"] * 3)
    assert done.exit_code == 0, done.output
    assert done.output.count("share the victory.") == 1 and " wins with " not in done.output
    state = played(path).state
    assert victory(state).endswith("share the victory") and state.seats[0].name in victory(state)
    from nycrules.web.seat_state import _final  # what a browser's page is sent (no web extra needed)
    assert _final(state)["winner"] == victory(state) + "."
    assert "share the victory" in picture(state)


def test_pettingzoos_render_names_every_seat_sharing_the_victory(tmp_path):
    pytest.importorskip("pettingzoo")
    from nycrules.pettingzoo import env as pettingzoo_env
    path = mod(tmp_path, 'winner:\n  rank: seats_by_press()\n  by: "[0]"\n  shared: true\n')
    table = pettingzoo_env(("Ann", "Ben", "Cy"), seed=4, ruleset=path, render_mode="ansi")
    table.reset(seed=4)
    for agent in table.agent_iter():
        _, _, ended, cut, _ = table.last()
        table.step(None if ended or cut else int(table.observe(agent)["action_mask"].argmax()))
    assert table.render().endswith("; winners " + " and ".join(seat.name for seat in ranking(table.game.state)))
