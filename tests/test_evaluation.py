"""The search's learned evaluation (nycrules train): a plain file per ruleset, refused when stale, used by
the search, hint and simulate, and named after nothing of New York City."""

import json
import math
from pathlib import Path

import pytest

import nycrules
from nycrules.agents import GreedyAgent
from nycrules.agents.evaluation import (EvaluationError, evaluation_for, feature_names, parse, read, shipped_path,
                                        use_file)
from nycrules.agents.evaluation_stages import stage
from nycrules.agents.search import MCTSAgent
from nycrules.loading.loader import load_ruleset
from test_layers import words_of

ROOT = Path(__file__).resolve().parent.parent
MOD = str(ROOT / "rulesets" / "examples" / "critic_boost.yaml")  # one character changed
# Words of New York City's rules: the evaluation and its training name none of them (issue 35 item 5).
NYC_WORDS = {"borough", "boroughs", "skyscraper", "skyscrapers", "mayor", "press", "elevator", "prestige",
             "vessel", "vessels", "dollar", "dollars", "statue", "manhattan", "critic", "plans", "wild"}


def test_the_shipped_evaluation_fits_the_shipped_rules_and_learned_something():
    """A change of the rules or of the observation tensor's layout makes this fail: retrain with
    `nycrules train --out nycrules/agents/evaluations/nyc.json` (docs/strength.md)."""
    rules = load_ruleset("nyc")
    found, why = evaluation_for(rules)
    assert found is not None, why
    data = json.loads(shipped_path(rules).read_text(encoding="utf-8"))
    for number, figures in data["trained"]["by_round"].items():  # held-out games, never fitted on
        held = figures["held_out"]
        assert held["rmse"] < 0.8 * held["rmse_of_the_mean"], number
        assert held["right_side"] > 0.75, number


def test_a_mod_falls_back_to_playouts_and_says_so():
    mod = load_ruleset(MOD)
    found, why = evaluation_for(mod)
    assert found is None and "not this mod" in why and "nycrules train" in why


def test_a_file_for_another_ruleset_or_layout_is_refused_in_one_line(tmp_path):
    rules = load_ruleset("nyc")
    data = json.loads(shipped_path(rules).read_text(encoding="utf-8"))
    with pytest.raises(EvaluationError, match="trained for another ruleset"):
        parse(data, load_ruleset(MOD), "x.json")
    data["features"] = data["features"][:-1]
    with pytest.raises(EvaluationError, match="another feature layout"):
        parse(data, rules, "x.json")
    (tmp_path / "bad.json").write_text("{not json")
    with pytest.raises(EvaluationError, match="not an evaluation file"):
        read(tmp_path / "bad.json", rules)
    with pytest.raises(EvaluationError, match="cannot read"):
        read(tmp_path / "missing.json", rules)


def test_the_features_of_a_seat_read_its_own_numbers_first_whichever_seat_it_is():
    rules = load_ruleset("nyc")
    names = feature_names(rules)
    game = nycrules.new_game(["Ann", "Ben"], seed=3, log_events=False)
    greedy = GreedyAgent(3)
    while game.state.round < 2:
        game.apply(greedy.choose(game, game.decision()))
    from nycrules.agents.evaluation import features
    at = names.index("seat +0: points [0]")
    for me in (0, 1):
        copy = game.clone()
        x = features(copy, me, greedy.choose)
        copy.close()
        assert x[at] == game.state.seats[me].points
        assert x[names.index("seat +1: points [0]")] == game.state.seats[1 - me].points
    assert len(x) == len(names)


def test_train_writes_the_same_file_from_the_same_seed_and_the_search_uses_it(tmp_path):
    from nycrules.cli import app
    from typer.testing import CliRunner

    pytest.importorskip("numpy")
    runner = CliRunner()
    files = []
    for name in ("a.json", "b.json"):
        out = tmp_path / name
        done = runner.invoke(app, ["train", "--ruleset", MOD, "--games", "30", "--seed", "4", "--out", str(out),
                                     "--option-groups", "0.125"])
        assert done.exit_code == 0, done.output
        assert "error of the final margin" in done.output and "groups): the best by it gains" in done.output
        files.append(out.read_text(encoding="utf-8"))
    assert files[0] == files[1]
    mod = load_ruleset(MOD)
    data = json.loads(files[0])
    assert data["trained"]["option_groups"] > 0  # what an option changes is taught too (option_groups.py)
    assert any("options" in figures["held_out"] for figures in data["trained"]["by_round"].values())
    assert data["ruleset_digest"] == mod.digest and data["features"] == feature_names(mod)
    use_file(mod, tmp_path / "a.json")
    assert evaluation_for(mod)[0] is not None
    game = nycrules.new_game(["Ann", "tom:1"], seed=2, ruleset=mod, log_events=False)
    bot = MCTSAgent(1, simulations=4, explain=True)
    bot.search(game, game.decision(), 0)  # round 1: its playouts stop at round 2, valued by the file
    assert sum(figures.learned for figures in bot.last_search.values()) == 4


def test_simulate_refuses_a_stale_evaluation_in_one_line(tmp_path):
    from nycrules.cli import app
    from typer.testing import CliRunner

    data = json.loads(shipped_path(load_ruleset("nyc")).read_text(encoding="utf-8"))
    (tmp_path / "nyc.json").write_text(json.dumps(data))
    done = CliRunner().invoke(app, ["simulate", "--ruleset", MOD, "--seat", "bot:mcts:1", "--seat", "tom:1",
                                    "--games", "1", "--workers", "1", "--evaluation", str(tmp_path / "nyc.json")])
    assert done.exit_code == 2
    assert "trained for another ruleset" in done.output and "Traceback" not in done.output


def test_the_evaluation_and_its_training_name_nothing_of_new_york_city():
    for module in ("evaluation.py", "evaluation_stages.py", "training.py", "option_groups.py", "fitting.py"):
        assert words_of(ROOT / "nycrules" / "agents" / module) & NYC_WORDS == set(), module


def test_rewording_a_heading_keeps_the_ruleset_digest_and_its_evaluation(tmp_path):
    """Headings are only shown: a mod that rewords one plays the same game, so saves and the
    shipped evaluation stay usable; a mod that changes a rule does not."""
    heading = tmp_path / "heading.yaml"
    heading.write_text("extends: nyc\nprocedure:\n  play:\n    - id: game_round\n      do:\n"
                       "        - id: phase3\n          section: \"Last phase: characters\"\n")
    rules, reworded = load_ruleset("nyc"), load_ruleset(str(heading))
    assert reworded.digest == rules.digest
    found, why = evaluation_for(reworded)
    assert found is not None, why
    changed = tmp_path / "rule.yaml"
    changed.write_text("extends: nyc\nprocedure:\n  play:\n    - id: game_round\n      do:\n"
                       "        - id: phase3\n          turns: reversed(seats_by_press())\n")
    assert load_ruleset(str(changed)).digest != rules.digest


def test_a_game_played_in_turns_is_sampled_at_the_first_decision_of_each_of_a_seats_turns():
    """New York 1901 has no game rounds: each policy seat is sampled at each of its turns after its
    first, its stage the number of the pass round the seats, and its margin the game's real one."""
    from nycrules.agents.training import POLICY, play_game, play_sampled

    rules = load_ruleset("ny1901")
    samples, groups = play_game(rules, [POLICY, POLICY], 5, 0)
    assert groups == []  # its bots judge options by their effect: no groups (option_groups.py)
    totals = play_sampled(rules, [POLICY, POLICY], 5, 0, lambda *_: None)
    margins = {totals[0] - totals[1], totals[1] - totals[0]}
    assert {s.margin for s in samples} == margins and len(samples) > 20
    for margin in margins:  # one seat's samples: its turns 2, 3, ... (a final turn may share its pass)
        stages = [s.round for s in samples if s.margin == margin]
        assert stages[0] == 2 and all(b - a in (0, 1) for a, b in zip(stages, stages[1:])), stages
    again = play_game(rules, [POLICY, POLICY], 5, 0)[0]
    assert [(s.round, s.margin, list(s.x)) for s in again] == [(s.round, s.margin, list(s.x)) for s in samples]
    assert all(len(s.x) == len(feature_names(rules)) for s in samples)


def test_train_learns_a_game_played_in_turns_by_the_same_command(tmp_path, monkeypatch):
    from nycrules.agents import fitting
    from nycrules.cli.app import app
    from typer.testing import CliRunner

    pytest.importorskip("numpy")
    monkeypatch.setattr(fitting, "RIDGE", (100.0,))  # one strength: the fit of 25 stages in seconds
    out = tmp_path / "e.json"
    done = CliRunner().invoke(app, ["train", "--ruleset", "ny1901", "--games", "10", "--seed", "3",
                                    "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "  turn 2: " in done.output and "game round" not in done.output
    rules = load_ruleset("ny1901")
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["ruleset_digest"] == rules.digest and "2" in data["rounds"]
    found = use_file(rules, out)
    game = nycrules.new_game(["Ann", "Ben"], seed=2, ruleset=rules, log_events=False)
    greedy = GreedyAgent(2)
    while stage(game.state) < 4:
        game.apply(greedy.choose(game, game.decision()))
    assert found.model(4) is found.rounds[4]  # the model of the position's stage values it
    copy = game.clone()
    margin = found.margin(copy, 0, greedy.choose)
    copy.close()
    assert math.isfinite(margin) and margin != found.rounds[4].constant


def test_a_ruleset_with_neither_game_rounds_nor_turns_is_refused_before_any_game(tmp_path):
    """One game round and no turns going round the seats: no position to learn from at a stage."""
    from typer.testing import CliRunner
    from nycrules.cli.app import app

    mod = tmp_path / "one_round.yaml"
    mod.write_text("extends: nyc\ngame:\n  rounds: 1\n")
    out = tmp_path / "e.json"
    done = CliRunner().invoke(app, ["train", "--ruleset", str(mod), "--games", "50000", "--out", str(out)])
    assert done.exit_code == 2 and "at the start of each game round or turn" in done.output and not out.exists()


def test_training_plays_the_seat_kinds_a_game_adds_at_their_lowest_highest_and_default_levels():
    """The tables come from the game's seat kinds (its part's `seats`), not from a game's name:
    New York City's Tom at levels 1 and 12 and at the level facing a person; none for New York 1901."""
    from nycrules.agents.training import POLICY, tables

    others = [POLICY, "bot:greedy:others", "bot:greedy:others", "bot:greedy:others"]
    assert tables(load_ruleset("nyc")) == [[POLICY, POLICY], [POLICY, "tom:1"], [POLICY, "tom:12"],
                                           [POLICY, "tom:B4"], others]
    assert tables(load_ruleset("ny1901")) == [[POLICY, POLICY], others]


def test_a_group_plays_each_of_the_searchs_options_on_one_deal_to_its_horizon_and_to_the_end():
    """The rows that teach what an option changes: the search's candidates at a decision, each taken on
    its own copy of one deal and played on as a playout plays; the game itself is not touched."""
    from nycrules.agents.option_groups import option_group
    from nycrules.agents.search import HORIZON, MCTSAgent, RolloutAgent

    rules = load_ruleset("nyc")
    game = nycrules.new_game(["Ann", "tom:1"], seed=3, ruleset=rules, log_events=False)
    greedy = GreedyAgent(3)
    while game.decision().count < 3 or game.decision().seat.index != 0:
        game.apply(greedy.choose(game, game.decision()))
    decision, taken = game.decision(), game.state.decisions_taken
    candidates = MCTSAgent(11)._candidates(game.state, decision, RolloutAgent(11, by_effect=True), game)
    group = option_group(game, decision, 0, 11, 7)
    assert group is not None and group.game == 7 and group.round == game.state.round + HORIZON
    assert len(group.xs) == len(group.margins) == len(group.static) == len(candidates) >= 2
    assert len({tuple(x) for x in group.xs}) > 1  # the options led to different positions
    assert game.state.decisions_taken == taken and game.decision().count == decision.count
    again = option_group(game, decision, 0, 11, 7)
    assert again is not None and again.margins == group.margins and [list(x) for x in again.xs] == [
        list(x) for x in group.xs]
