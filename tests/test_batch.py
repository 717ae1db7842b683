"""run_games and `simulate --agent`: your own agents in seeded batches, the same on any number of workers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import nycrules
from batch_agents import Answers999, FirstOption, LastOption, NoChoose, SeededRandom
from nycrules.studies.distribute import DistributeError

ROOT = Path(__file__).resolve().parent.parent


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in ("seconds", "games_per_second")}


def test_the_same_report_on_one_or_two_workers_with_the_agents_playing_their_seats():
    seats = ["Mine", "bot:greedy", "Other", "tom:B4"]
    one = nycrules.run_games({0: SeededRandom, 2: LastOption}, seats, games=6, seed=3, workers=1)
    two = nycrules.run_games({0: SeededRandom, 2: LastOption}, seats, games=6, seed=3, workers=2)
    assert without_timing(one) == without_timing(two)
    assert one["games"] == 6 and [s["name"] for s in one["seats"]] == ["Mine", "Greedy bot 2", "Other", "Tom"]
    assert sum(seat["wins"] for seat in one["seats"]) == 6
    # a game of the run is the game new_game plays with the same agents and seed
    agent = SeededRandom(seed=4 * 31 + 0)
    game = nycrules.new_game(seats, seed=4, agents={0: agent, 2: LastOption()})
    assert game.is_over()


@pytest.mark.parametrize("agents,words", [
    ({0: NoChoose}, "has no method choose"), ({0: lambda: 3}, "has no method choose"), ({5: LastOption}, "seat index 0-1"),
    ({}, "not by Mine"), ({0: "LastOption"}, "class or factory")])
def test_bad_agents_are_refused_before_any_game(agents, words):
    with pytest.raises(nycrules.NycRulesError, match=words):
        nycrules.run_games(agents, ["Mine", "bot:random"], games=2, workers=1)


@pytest.mark.parametrize("kwargs, kind, words", [
    ({"games": 10**12}, ValueError, "games must be a whole number from 1 to 100000, not 1000000000000"),
    ({"games": 1.5}, TypeError, "games must be a whole number"), ({"games": "3"}, TypeError, "games must be"),
    ({"seed": -1}, ValueError, "seed must be a whole number from 0 to "), ({"seed": None}, TypeError, "seed must be"),
    ({"workers": 0}, ValueError, "workers must be a whole number of at least 1, not 0"),
    ({"workers": 1.5}, TypeError, "workers must be"),
    ({"progress": 5}, TypeError, "progress must be a function called with the number of games done, not 5")])
def test_a_run_of_games_out_of_bounds_is_refused_before_any_game(kwargs, kind, words):
    """Before, games=10**12 set out to play them all (the command line stops at 100000: every game's
    results are kept for the report), and a seed or workers of the wrong kind failed inside."""
    with pytest.raises(kind, match=words) as err:
        nycrules.run_games({0: LastOption}, ["Mine", "bot:random"], **{"workers": 1, **kwargs})
    assert isinstance(err.value, nycrules.NycRulesError)


@pytest.mark.parametrize("agents", [None, [LastOption]])
def test_agents_that_are_not_a_mapping_are_a_type_error(agents):
    with pytest.raises(TypeError, match="agents map a seat index to an agent class"):
        nycrules.run_games(agents, ["Mine", "bot:random"], games=1, workers=1)
    with pytest.raises(TypeError, match="agents map a seat index to an agent"):
        nycrules.new_game(["Mine", "bot:random"], agents=agents or 5)


def test_an_agent_with_a_bad_answer_is_named_with_the_game_and_the_decision():
    with pytest.raises(nycrules.AgentError, match=r"^game 0 \(seed 1\) failed: AgentError: the agent "
                                                  r"batch_agents\.Answers999 for seat Mine answered 999 to decision 1 \("):
        nycrules.run_games({0: Answers999}, ["Mine", "bot:random"], games=2, workers=1)
    with pytest.raises(DistributeError, match=r"game \d \(seed \d\) failed: AgentError: the agent "
                                              r"batch_agents\.Answers999 for seat Mine answered 999 to decision 1"):
        nycrules.run_games({0: Answers999}, ["Mine", "bot:random"], games=2, workers=2)
    with pytest.raises(nycrules.NycRulesError, match="cannot be sent to worker processes"):
        nycrules.run_games({0: lambda: LastOption()}, ["Mine", "bot:random"], games=2, workers=2)


def simulate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), "simulate", *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT / "tests")


def test_simulate_seats_an_agent_by_module_and_class_and_reports_as_run_games():
    result = simulate("--seat", "Mine", "--seat", "bot:random", "--agent", "batch_agents:SeededRandom",
                      "--games", "4", "--seed", "9", "--workers", "2", "--format", "json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    same = nycrules.run_games({0: SeededRandom}, ["Mine", "bot:random"], games=4, seed=9, workers=1)
    assert without_timing(report) == without_timing(same)
    for args, words in [(["--agent", "batch_agents:NoChoose"], "has no method choose"), ([], "not by Mine")]:
        result = simulate("--seat", "Mine", "--seat", "bot:random", "--games", "2", *args)
        assert result.returncode == 2 and words in result.stderr and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("text,words", [("batch_agents:Nope", "batch_agents has no Nope"),
                                        ("no_such_module:X", "cannot import no_such_module"),
                                        ("batch_agents", "module:Class")])
def test_an_agent_that_cannot_be_loaded_is_one_line(text, words):
    from nycrules.studies.batch import load_agent
    with pytest.raises(nycrules.NycRulesError, match=words):
        load_agent(text)


def test_a_worker_killed_in_a_game_is_reported_at_once_naming_its_seed_with_the_other_results_kept():
    """multiprocessing.Pool lost the chunk of a worker killed by SIGKILL (an agent, the out-of-memory
    killer) and waited for it for ever; now the run stops with the game's seed, other games kept."""
    from batch_agents import KilledInGame
    from nycrules.agents.seating import parse_seats
    from nycrules.studies.processes import WorkerDied
    from nycrules.studies.simulate import play_game

    with pytest.raises(WorkerDied, match=r"^game 6 \(seed 7\) ended the worker process playing it "
                                         r"\(killed by SIGKILL, as the out-of-memory killer does\)") as caught:
        nycrules.run_games({0: KilledInGame}, ["Mine", "bot:random"], games=12, seed=1, workers=2)
    kept = caught.value.results
    assert kept and 6 not in [r.number for r in kept] and [r.number for r in kept] == sorted(r.number for r in kept)
    ruleset = nycrules.load("nyc")
    specs = parse_seats(["Mine", "bot:random"], ruleset)
    for result in kept:  # each as the same game played alone (the agent answers 0 but in game 6)
        assert play_game(ruleset, specs, 1, result.number, {0: FirstOption}) == result


def test_run_games_at_the_top_of_a_script_fails_at_once_saying_what_to_add(tmp_path):
    """Spawned workers import the script again; at its top run_games started workers of its own, for ever."""
    script = tmp_path / "study.py"
    script.write_text(f"import sys\nsys.path.insert(0, {str(ROOT / 'tests')!r})\nimport nycrules\n"
                      "from batch_agents import LastOption\n"
                      "nycrules.run_games({0: LastOption}, ['Mine', 'bot:random'], games=4, workers=2)\n",
                      encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "nycrules.studies.processes.WorkerDied: a worker process ended before it played a game (exit code 3); a "
        "script that calls run_games must call it under `if __name__ == \"__main__\":` (each worker imports the "
        "script again)")
    assert done.stderr.count("Traceback") == 1  # the script's own, not one per worker


def test_an_agent_apart_plays_the_same_games_and_cannot_reach_the_session():
    """In one process `view._session.state.seats[other].hand` gave another seat's hidden cards; an agent
    apart is sent its view as data, so the same agent fails there with a one-line AgentError."""
    from batch_agents import Peeks, ReadsItsView

    seats = ["Mine", "bot:random", "tom:B4"]
    alone = nycrules.run_games({0: ReadsItsView}, seats, games=3, seed=5, workers=1)
    apart = nycrules.run_games({0: ReadsItsView}, seats, games=3, seed=5, workers=2, apart=True)
    assert without_timing(alone) == without_timing(apart)
    nycrules.run_games({0: Peeks}, seats, games=1, seed=5, workers=1)  # it cheats in the game's process
    with pytest.raises(nycrules.NycRulesError, match=r"the agent batch_agents.Peeks for seat Mine failed at its "
                                                     r"decision \(.*\): AttributeError: .*_session"):
        nycrules.run_games({0: Peeks}, seats, games=1, seed=5, workers=1, apart=True)


def test_an_agent_apart_that_ends_its_process_is_one_line():
    from batch_agents import ExitsApart
    with pytest.raises(nycrules.NycRulesError, match=r"^game 0 \(seed 5\) failed: AgentError: the agent "
                                                     r"batch_agents.ExitsApart ended its own process \(exit code 0\)$"):
        nycrules.run_games({0: ExitsApart}, ["Mine", "bot:random"], games=1, seed=5, workers=1, apart=True)


def test_simulate_apart_runs_the_agent_in_its_own_process():
    done = simulate("--seat", "Mine", "--seat", "bot:random", "--games", "2", "--agent", "batch_agents:Peeks",
                    "--apart")
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "the agent batch_agents.Peeks for seat Mine failed" in done.stderr and "_session" in done.stderr


def test_an_agent_apart_searches_determinized_copies_through_the_pipe():
    """The copies live in the game's process; the agent apart asks for them through a narrow call."""
    from batch_agents import SearchesApart
    report = nycrules.run_games({0: SearchesApart}, ["Mine", "bot:random"], games=1, seed=2, workers=1, apart=True)
    assert report["games"] == 1 and report["seats"][0]["points"]["mean"] > 0
