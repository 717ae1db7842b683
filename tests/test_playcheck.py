"""Mods checked by playing (`validate --simulate`): rules that fail at run time, found with
their line and the first seed, and what never ran."""

import json
import re
from pathlib import Path

import pytest

from nycrules.agents import agent_for_seat
from nycrules.diagnostics import RuleRuntimeError
from nycrules.engine.runner import Session
from nycrules.loading.loader import check_ruleset
from nycrules.studies.playcheck import check_by_playing, seating_of, seatings
from nycrules.agents.seating import parse_seats
from test_cli import invoke

ROOT = Path(__file__).resolve().parent.parent
MODS = ROOT / "tests" / "mods"


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def plain_game(ruleset, seats, seed):
    """The game as `nycrules simulate` plays it (plain compiled rules); its session after it ends or fails."""
    specs = parse_seats(seats, ruleset)
    agents = {i: agent_for_seat(s.kind, seed, i) for i, s in enumerate(specs) if s.kind.startswith("bot:")}
    session = Session(ruleset, specs, seed, agents, log_events=False)
    try:
        session.run()
        return session, None
    except RuleRuntimeError as err:
        return session, err


def test_an_empty_list_is_caught_with_its_line_first_seed_and_count():
    mod = MODS / "empty_first.yaml"
    result, check = check_by_playing(mod, 12, 1)
    assert result.diagnostics == [] and check is not None  # the static check cannot see it
    [failure] = check.failures
    assert failure.location.file.endswith("empty_first.yaml")
    assert failure.location.line == line_of(mod, "card = first(")
    assert "first(...) of an empty list" in failure.message
    # The same games under the plain rules: the same ones fail, the first at the same decision.
    plain = check_ruleset(mod).ruleset
    rotation = seatings(plain)
    failing = []
    for number in range(12):
        session, err = plain_game(plain, seating_of(plain, rotation, number), 1 + number)
        if err is not None:
            assert "empty list" in err.message
            failing.append((1 + number, len(session.record)))
    assert 0 < len(failing) < 12  # only some positions have no elevator card in hand
    assert (failure.seed, failure.decision) == failing[0] and failure.games == len(failing)


def test_a_loop_over_the_step_budget_is_caught_at_the_loop():
    mod = MODS / "endless_repeat.yaml"
    result = invoke("validate", str(mod), "--simulate", "2")
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    # The engine's own loop limit (E500) or the check's step budget (E502) stops it, at the loop.
    where, code, message = re.match(r"(.*?): error\[(E50[02])\]: (.*)", first).groups()
    assert where.endswith(f"endless_repeat.yaml:{line_of(mod, 'repeat dollars(me)')}:5")
    assert "more than" in message and "(seed 1, after " in message and "2 of 2 games)" in message
    assert "reproduce: nycrules simulate --ruleset" in result.output


def test_a_game_that_does_not_end_is_stopped_at_the_decision_limit():
    _, check = check_by_playing("nyc", 3, 5, decision_limit=40)
    [failure] = check.failures
    assert failure.code == "E503" and failure.decision == 40 and failure.games == 3 and failure.seed == 5
    assert failure.seat is not None


def test_the_shipped_ruleset_plays_twenty_games_without_a_failure():
    result = invoke("validate", str(ROOT / "rulesets" / "nyc"), "--simulate", "20")
    assert result.exit_code == 0, result.output
    assert "20 game(s) played" in result.output and "0 rule failure(s)" in result.output


def test_the_rotation_covers_every_seat_count_with_and_without_tom():
    ruleset = check_ruleset(ROOT / "rulesets" / "nyc").ruleset
    rotation = seatings(ruleset)
    assert sorted(len(s) for s in rotation) == [2, 2, 3, 3, 4, 4]
    assert sum("tom" in s for s in rotation) == 3
    toms = [seating_of(ruleset, rotation, i)[0] for i in range(60) if "tom" in rotation[i % len(rotation)]]
    assert toms[:12] == [f"tom:{level}" for level in range(1, 13)]  # Tom's levels in turn
    assert seatings(ruleset, ["tom", "bot:greedy"]) == [["tom", "bot:greedy"]]


def test_coverage_lists_a_line_that_can_never_run_and_not_the_lines_that_do():
    mod = MODS / "dead_line.yaml"
    _, check = check_by_playing(mod, 6, 1, coverage=True)
    assert check.failures == []
    lines = {(w.file, w.line) for w in check.coverage.lines}
    mine = {line for file, line in lines if file.endswith("dead_line.yaml")}
    assert mine == {line_of(mod, "gain_points(me, 100)")}  # not the discard, not the `if` itself
    procedure = ROOT / "rulesets" / "nyc" / "procedure.yaml"
    for text in ("add_to_board(me, 4)", "draw_cards(me, 3)"):  # setup and the start of each round
        assert ("rulesets/nyc/procedure.yaml", line_of(procedure, text)) not in lines
    [rounds] = [group for group in check.coverage.groups if group.key == "rounds"]
    assert rounds.items == []  # all six bidding rounds are played


def test_coverage_names_a_character_nobody_could_use():
    result = invoke("validate", str(MODS / "dead_line.yaml"), "--simulate", "6", "--coverage", "--format", "json")
    assert result.exit_code == 0
    report = json.loads(result.output)
    [played] = report["played"]
    assert report["diagnostics"] == [] and played["games"] == 6
    never = {c["id"] for c in played["coverage"]["characters"]}
    ran = set(range(1, 43)) - never
    assert ran and never  # six games hire some characters, not all 42
    assert all(c["file"] == "rulesets/nyc/characters.yaml" for c in played["coverage"]["characters"])


def test_coverage_of_a_mod_lists_its_own_lines_and_the_base_s_only_with_all():
    """A modder can act on the mod's lines, not on the base game's: those are counted, and listed with --all."""
    args = ("validate", str(MODS / "dead_line.yaml"), "--simulate", "6", "--coverage")
    mine = f"dead_line.yaml:{line_of(MODS / 'dead_line.yaml', 'gain_points(me, 100)')}"
    result = invoke(*args)
    assert result.exit_code == 0
    assert mine in result.output and "rulesets/nyc/" not in result.output
    assert re.search(r"\nand \d+ of the rulesets it extends .*; --all lists them\n", result.output)
    everything = invoke(*args, "--all").output
    assert everything.index(mine) < everything.index("in the rulesets it extends:")
    assert "  rulesets/nyc/characters.yaml:" in everything.split("in the rulesets it extends:")[1]
    assert invoke("validate", str(MODS / "dead_line.yaml"), "--all").exit_code == 2


def test_json_failures_carry_the_seed_decision_and_a_way_to_reproduce():
    result = invoke("validate", str(MODS / "endless_repeat.yaml"), "--simulate", "1", "--format", "json")
    assert result.exit_code == 1
    [failure] = json.loads(result.output)["diagnostics"]
    assert failure["code"] in ("E500", "E502") and failure["seed"] == 1 and failure["games"] == 1
    assert failure["decision"] > 1 and failure["seats"] == ["bot:random", "bot:random"]
    assert failure["reproduce"].endswith("--seat bot:random --seat bot:random --seed 1 --games 1")


@pytest.mark.parametrize("args", [["--coverage"], ["--seat", "bot:random"]])
def test_play_options_need_simulate(args):
    result = invoke("validate", str(ROOT / "rulesets" / "nyc"), *args)
    assert result.exit_code == 2


def test_people_cannot_sit_in_a_checked_game():
    result = invoke("validate", "nyc", "--simulate", "1", "--seat", "Ann", "--seat", "bot:random")
    assert result.exit_code != 0


def test_a_choice_with_nothing_to_choose_from_is_caught_with_its_line():
    mod = MODS / "empty_choice.yaml"
    _, check = check_by_playing(mod, 4, 3)
    [failure] = check.failures
    assert (failure.location.line, failure.location.column) == (line_of(mod, "card = choose("), 12)
    assert "nothing to choose from: a press card to show" in failure.message
    assert failure.seed == 3 and failure.games == 4


def test_probed_rules_play_the_same_games_as_the_plain_ones():
    """So `reproduce` (plain `simulate`) replays exactly the game the check played."""
    from nycrules.language.probe import Probe, ProbedCompiler

    probe = Probe()
    probed = check_ruleset("nyc", lambda c, s, p: ProbedCompiler(c, s, p, probe)).ruleset
    plain = check_ruleset("nyc").ruleset
    for seed, seats in ((1, ["bot:random", "bot:random", "bot:random"]), (2, ["tom:7", "bot:random"])):
        games = [plain_game(ruleset, seats, seed)[0] for ruleset in (probed, plain)]
        assert games[0].record == games[1].record and len(games[0].record) > 50
        assert [s.points for s in games[0].game.seats] == [s.points for s in games[1].game.seats]
    assert sum(probe.counts) > 1000  # the probed rules did run
