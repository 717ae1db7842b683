"""Balance studies: per-game results, any number of workers or Ray, the report and comparisons."""

import gc
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from nycrules.studies.distribute import RulesetRef, run_local, run_ray
from nycrules.loading.loader import load_ruleset
from nycrules.agents.seating import parse_seats
from nycrules.studies.simulate import DURING_THE_GAME, play_game, play_games
from nycrules.studies.study import run

ROOT = Path(__file__).resolve().parent.parent
CRITIC_BOOST = ROOT / "rulesets" / "examples" / "critic_boost.yaml"


@pytest.fixture(scope="module")
def nyc():
    return load_ruleset("nyc")


def seats(ruleset, *kinds):
    return parse_seats(list(kinds), ruleset)


def test_a_game_is_the_same_alone_in_a_run_and_on_two_workers(nyc):
    specs = seats(nyc, "bot:random", "bot:greedy", "tom:5")
    ref = RulesetRef.of("nyc", nyc)
    one = run_local(ref, nyc, specs, 6, 40, workers=1)
    two = run_local(ref, nyc, specs, 6, 40, workers=2)
    assert one == two
    assert [game.number for game in two] == list(range(6))
    assert play_game(nyc, specs, 40, 4) == one[4]  # game 4 of a run with seed 40 is seed 44
    assert play_game(nyc, specs, 44, 0).seats == one[4].seats
    assert len({tuple(seat.points for seat in game.seats) for game in one}) > 1  # the seeds differ


def test_a_game_result_adds_up(nyc):
    specs = seats(nyc, "bot:random", "bot:random", "bot:greedy", "bot:random")
    for number in range(3):
        game = play_game(nyc, specs, 7, number)
        assert sum(seat.won for seat in game.seats) == 1
        best = max(seat.points for seat in game.seats)
        assert all(seat.points == best for seat in game.seats if seat.won)
        for seat in game.seats:
            assert sum(seat.by_category.values()) == seat.points
            assert seat.by_category[DURING_THE_GAME] >= 0
            assert set(seat.owned) <= set(seat.hired)  # everything owned was taken into the company
            assert set(seat.used) <= set(seat.hired)
        hired = sum(sum(seat.hired.values()) for seat in game.seats)
        assert hired >= sum(len(seat.owned) for seat in game.seats) > 0
        assert sum(sum(seat.used.values()) for seat in game.seats) > 0


def test_watching_the_hires_changes_no_game(nyc):
    """simulate.OfferWatch notes which characters a bot could hire and which it took, and the game
    is the one the bots play unwatched (a search bot's look-ahead copies are not counted)."""
    from nycrules.agents import seat_agents
    from nycrules.engine.runner import Session

    specs = seats(nyc, "bot:greedy", "bot:mcts:2", "bot:random")
    taken = [0] * len(specs)  # hires noted per seat over the games (a seat may hire none in a game)
    for number in range(2):
        watched = play_game(nyc, specs, 11, number)
        plain = Session(nyc, specs, 11 + number, seat_agents(specs, 11 + number), log_events=False)
        game = plain.run()
        assert len(plain.record) == watched.decisions
        assert [seat.points for seat in game.seats] == [seat.points for seat in watched.seats]
        for index, seat in enumerate(watched.seats):
            taken[index] += sum(seat.taken.values())
            assert set(seat.taken) <= set(seat.offered)
            assert all(seat.taken[c] <= seat.offered[c] for c in seat.taken)
            assert all(seat.taken[c] <= seat.hired[c] for c in seat.taken)  # hires from the elevator
    assert all(taken), taken


def test_games_leave_the_garbage_collector_as_they_found_it_and_free_their_tables(nyc, monkeypatch):
    """Simulated games tune the collector for speed; a program that calls them keeps its settings,
    and a finished game's table (a graph of cycles: cards and zones) is freed, not kept."""
    import weakref

    import nycrules.studies.simulate as simulate

    tables = []

    class Watched(simulate.Session):  # notes a weak reference to each game's table
        def run(self):
            game = super().run()
            tables.append(weakref.ref(game))
            return game

    monkeypatch.setattr(simulate, "Session", Watched)
    threshold = gc.get_threshold()
    results = play_games(nyc, seats(nyc, "bot:random", "bot:random"), 3, range(4))
    assert len(results) == 4 and len(tables) == 4
    assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert all(table() is None for table in tables)  # cycles and all, freed
    gc.freeze()  # a caller's own freeze stays
    try:
        frozen = gc.get_freeze_count()
        play_games(nyc, seats(nyc, "bot:random", "bot:random"), 3, range(1))
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is not installed (pip install 'nycrules[ray]')")
def test_ray_gives_the_same_games_as_local_workers(nyc):
    specs = seats(nyc, "bot:random", "bot:greedy")
    ref = RulesetRef.of(CRITIC_BOOST, load_ruleset(CRITIC_BOOST))  # a mod file travels as text
    boosted = load_ruleset(CRITIC_BOOST)
    assert run_ray(ref, specs, 4, 3, None) == run_local(ref, boosted, specs, 4, 3, workers=1)


def test_the_report_has_intervals_categories_and_characters(nyc):
    specs = seats(nyc, "bot:random", "bot:greedy")
    report = run(RulesetRef.of("nyc", nyc), nyc, specs, 12, 1, workers=1)
    assert report["games"] == 12 and sum(seat["wins"] for seat in report["seats"]) == 12
    assert report["categories"][-1] == DURING_THE_GAME
    for seat in report["seats"]:
        rate = seat["win_rate"]
        assert rate["low"] <= rate["mean"] <= rate["high"] and rate["mean"] == pytest.approx(seat["wins"] / 12, abs=1e-4)
        assert sum(c["mean"] for c in seat["by_category"].values()) == pytest.approx(seat["points"]["mean"], abs=0.05)
    characters = {c["id"]: c for c in report["characters"]}
    assert set(characters) == set(nyc.part.characters)
    assert sum(c["owners"] for c in characters.values()) > 0
    for char in characters.values():
        assert char["owner_win_rate"]["n"] == char["owners"]
        for figure in char["owner_effect"].values():  # owners against non-owners of their seat
            assert figure is None or figure["low"] <= figure["delta"] <= figure["high"]
        assert char["hired"] >= char["owners"] and char["hired_per_game"] == pytest.approx(char["hired"] / 12, abs=1e-4)


def test_a_planted_strong_character_is_found_and_a_ruleset_against_itself_shows_nothing(nyc):
    specs = seats(nyc, *["bot:random"] * 4)
    boosted = load_ruleset(CRITIC_BOOST)
    ref = RulesetRef.of("nyc", nyc)
    report = run(ref, nyc, specs, 30, 1, workers=1,
                 other=(RulesetRef.of(CRITIC_BOOST, boosted), boosted, specs))
    critic = next(c for c in report["comparison"]["verdicts"]["characters"] if c["id"] == 23)
    assert critic["verdict"] == "likely too strong" and critic["points"]["low"] > 5
    itself = run(ref, nyc, specs, 30, 1, workers=1, other=(ref, nyc, specs), judge_all=True)["comparison"]
    assert itself["differences"]["marked"] == 0 and itself["differences"]["tests"] > 100
    assert all(seat["points"]["delta"] == 0 for seat in itself["differences"]["seats"])
    assert itself["verdicts"]["called"] == 0 and itself["verdicts"]["family"] > 20
    assert all(c["points"] is None or c["points"]["delta"] == 0 for c in itself["verdicts"]["characters"])


def cli(*args):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), "simulate", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_simulate_through_a_pipe_has_no_progress_bar_and_json_has_everything(tmp_path):
    page = tmp_path / "report.html"
    result = cli("--seat", "bot:random", "--seat", "tom:3", "--games", "6", "--workers", "2", "--format", "json",
                 "--compare", str(CRITIC_BOOST), "--out", str(page))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    report = json.loads(result.stdout)
    assert report["games"] == 6 and len(report["characters"]) == 42
    assert report["comparison"]["report"]["ruleset"]["digest"] != report["ruleset"]["digest"]
    assert report["comparison"]["mod"]["path"] == "rulesets/examples/critic_boost.yaml"  # it extends nyc
    assert report["comparison"]["base"]["path"] == "nyc"
    assert [c["id"] for c in report["comparison"]["verdicts"]["characters"] if c["judged"]] == [23]
    assert {"win_rate", "points", "by_category"} <= set(report["comparison"]["differences"]["seats"][0])
    html = page.read_text(encoding="utf-8")
    assert "<svg" in html and "<script" not in html and "http://" not in html.replace("http://www.w3.org", "")
    assert "Critic" in html and "Random bot 1" in html


@pytest.mark.parametrize("args, fragment", [
    (["--workers", "0"], "--workers"),
    (["--workers", "2", "--ray"], "do not go together"),
    (["--out", "no/such/folder/r.html"], "no folder"),
    (["--compare", "no/such/ruleset"], "no ruleset at no/such/ruleset"),
])
def test_bad_simulate_flags_are_one_line(args, fragment):
    result = cli("--seat", "bot:random", "--seat", "bot:random", "--games", "2", *args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr


def test_ray_missing_is_one_line(tmp_path):
    blocker = tmp_path / "ray"  # a package named ray that cannot be imported stands for "not installed"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('no ray here')\n")
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "simulate", "--seat", "bot:random",
                             "--seat", "bot:random", "--games", "2", "--ray"], capture_output=True, text=True,
                            cwd=ROOT, timeout=120, env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 1
    assert result.stderr.strip() == "nycrules: --ray needs Ray, which is not installed: pip install 'nycrules[ray]'"


def test_an_unreachable_cluster_is_one_line_at_once():
    import socket
    import time

    from nycrules.studies.distribute import DistributeError, _check_reachable

    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    start = time.perf_counter()
    with pytest.raises(DistributeError, match=f"no Ray cluster answers at ray://127.0.0.1:{port}"):
        _check_reachable(f"ray://127.0.0.1:{port}", seconds=600)
    # A refused connection ends the wait at once, not at the time-out: far below it on any machine.
    assert time.perf_counter() - start < 60
    _check_reachable("auto")  # Ray looks for a local cluster itself
