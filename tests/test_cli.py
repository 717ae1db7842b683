"""The command line, as a user meets it: exit codes, formats, no tracebacks."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nycrules.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def nycrules(*args, input=None, cwd=ROOT):
    """The real program in a subprocess, as a pipe sees it."""
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], input=input, capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_validate_the_shipped_ruleset():
    result = invoke("validate", str(ROOT / "rulesets" / "nyc"))
    assert result.exit_code == 0
    assert "valid" in result.output


def test_validate_reports_every_error_with_a_caret(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: nyc\ncharacters:\n  - id: 6\n    effect: gain_dollar(me, 2)\n  - id: 9\n"
                   "    effect: gain_points(me, press)\n", encoding="utf-8")
    result = nycrules("validate", str(bad))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].endswith("bad.yaml:4:13: error[E402]: unknown primitive 'gain_dollar'; "
                             "did you mean 'gain_dollars'?")
    assert lines[1].strip() == "effect: gain_dollar(me, 2)"
    assert lines[2] == " " * 14 + "^"
    assert "error[E404]" in lines[3] and "bad.yaml:6:29" in lines[3]
    assert "Traceback" not in result.stderr


def test_validate_json(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: nyc\ngame:\n  rounds: 0\n  roundz: 5\n", encoding="utf-8")
    result = invoke("validate", "--format", "json", str(bad))
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert [(d["line"], d["column"], d["code"]) for d in found] == [(3, 11, "E204"), (4, 3, "E202")]
    assert set(found[0]) == {"file", "line", "column", "code", "message"}


def test_validate_missing_path_is_a_usage_error():
    result = nycrules("validate", "no/such/ruleset")
    assert result.returncode == 2
    assert result.stderr.strip() == "nycrules: no such file or folder: no/such/ruleset"


def test_validate_of_an_empty_path_reads_nothing(tmp_path):
    """Before, '' became the current folder, and its ruleset.yaml was read, a file the user never named."""
    (tmp_path / "ruleset.yaml").write_text("extends: nyc\n", encoding="utf-8")
    result = nycrules("validate", "", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "nycrules: validate '': an empty path names no ruleset; give a ruleset folder or YAML file"


@pytest.mark.parametrize("garbage", [b"\x00\x01\x02", b"\xff\xfe\xfa", b"[[[", b"- a\n- b\n", b"", b"a: b: c"])
def test_validate_never_shows_a_traceback(tmp_path, garbage):
    path = tmp_path / "x.yaml"
    path.write_bytes(garbage)
    result = nycrules("validate", str(path))
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr
    assert "error[E1" in result.stdout


@pytest.mark.parametrize("kind, first", [("characters", "1"), ("rounds", "press"), ("scoring", "characters"),
                                         ("tom", "1"), ("primitives", None), ("hooks", "draft.turn")])
def test_rules_list_json(kind, first):
    result = invoke("rules", "list", kind, "--format", "json")
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert rows
    if first is not None:
        assert first in rows[0].values()


def test_rules_list_characters_has_all_42():
    rows = json.loads(invoke("rules", "list", "characters", "--format", "json").stdout)
    assert [int(r["id"]) for r in rows] == list(range(1, 43))


def test_rules_list_is_plain_text_through_a_pipe():
    result = nycrules("rules", "list", "rounds")
    assert result.returncode == 0
    assert "\x1b[" not in result.stdout and "┃" not in result.stdout
    assert result.stdout.splitlines()[2].split()[:3] == ["1", "press", "press"]


def test_rules_show_a_character_in_words_and_its_code_on_request():
    result = invoke("rules", "show", "19")
    assert result.exit_code == 0
    assert "Publicist" in result.stdout and "Your prestige bid scores double points." in result.stdout
    assert "points = points * 2" not in result.stdout  # the effect's code only with --code
    assert "effect at rulesets/nyc/characters.yaml:" in result.stdout and "--code" in result.stdout
    result = invoke("rules", "show", "19", "--code")
    assert result.exit_code == 0
    assert "points = points * 2" in result.stdout and "characters.yaml:" in result.stdout


def test_rules_show_an_unknown_name_gets_a_did_you_mean_of_every_kind():
    for typed, meant in (("round_number", "game_round"), ("prestge", "prestige"), ("gain_point", "gain_points"),
                         ("shiping magnate", "42 Shipping Magnate")):
        result = nycrules("rules", "show", typed)
        assert result.returncode == 1 and result.stderr.count("\n") == 1
        assert "did you mean " in result.stderr and meant in result.stderr.split("did you mean ")[1], result.stderr


def test_rules_show_unknown_id():
    result = nycrules("rules", "show", "99")
    assert result.returncode == 1
    assert result.stderr.startswith("nycrules: nothing called '99'")


def test_ruleset_option_with_an_invalid_ruleset(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: nyc\nparams:\n  statue_points: [1, \"a\"]\n", encoding="utf-8")
    result = nycrules("rules", "list", "--ruleset", str(bad))
    assert result.returncode == 1
    assert "E408" in result.stderr and "Traceback" not in result.stderr


def test_play_bots_headless(tmp_path):
    result = nycrules("play", "--seat", "bot:random", "--seat", "bot:greedy", "--seed", "7", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for number in range(1, 6):
        assert f"=== Game round {number} ===" in out
    assert "Final scoring" in out and "Majorities" in out
    last = out.strip().splitlines()[-4:]
    assert last[0].endswith("points.")
    assert last[1].startswith("The game's record is in nycrules-last-game.json")
    assert last[2:] == ["  nycrules replay nycrules-last-game.json", "  nycrules board nycrules-last-game.json"]


def test_play_bad_seat_is_one_line():
    result = nycrules("play", "--seat", "bot:clever", "--seat", "Ann")
    assert result.returncode == 1
    assert result.stderr.strip() == ("nycrules: unknown bot 'bot:clever': choose bot:random, bot:greedy, bot:mcts, "
                                     "bot:mcts:easy/normal/hard or bot:mcts:N")


def test_a_seat_of_a_kind_the_game_does_not_add_is_named_as_such():
    # New York 1901 has no automa: `tom:5` is no seat there (it was refused as a name with a colon in it).
    result = nycrules("play", "-r", "ny1901", "--seat", "you", "--seat", "tom:5")
    assert result.returncode == 1
    assert result.stderr.strip() == ("nycrules: New York 1901 has no seat 'tom:5' (Tom is a seat of New York City); "
                                     "a seat is a person's name (or name:NAME), bot:random, bot:greedy, bot:mcts[:LEVEL]")


@pytest.mark.parametrize("args, fragment", [
    (["play", "--seed", "-3"], "Invalid value for '--seed'"),
    (["play", "--bogus"], "No such option: --bogus"),
    (["validate"], "Missing argument"),
    (["play", "--ruleset", "no/such/place"], "no ruleset at no/such/place"),
])
def test_bad_flags_and_arguments_are_one_line(args, fragment):
    result = nycrules(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("nycrules: ") and fragment in lines[0]


def test_a_flag_value_of_thousands_of_characters_is_quoted_clipped():
    """Click's message quotes the value typed: a seed of 5,000 digits made a line of 5,000 characters."""
    result = nycrules("play", "--seed", "9" * 5000)
    assert result.returncode == 2
    line = result.stderr.strip()
    assert "\n" not in line and len(line) < 250 and line.startswith("nycrules: Invalid value for '--seed': '999")
    assert line.endswith(" play --help`)")  # the message names where to read about the flag


def test_simulate_reports_wins_and_speed():
    result = invoke("simulate", "--seat", "bot:greedy", "--seat", "tom:3", "--games", "4", "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 4 and report["games_per_second"] > 0
    assert sum(seat["wins"] for seat in report["seats"]) == 4
    assert set(report["seats"][0]["by_category"]) >= {"characters", "majorities", "rest", "during the game"}


def test_simulate_refuses_people():
    result = nycrules("simulate", "--seat", "Ann", "--seat", "tom")
    assert result.returncode == 2 and "bots and Toms only" in result.stderr


def test_version():
    result = nycrules("--version")
    assert result.returncode == 0
    from nycrules import __version__
    assert result.stdout == f"nycrules {__version__}\n"


def test_rules_show_a_character_by_title_or_its_start():
    for name in ("Joker", "joker", "JOK"):
        result = invoke("rules", "show", name, "--plain")
        assert result.exit_code == 0, result.output
        assert result.output.startswith("Character 16: Joker")


def test_rules_show_an_ambiguous_title_says_which():
    result = nycrules("rules", "show", "b")
    assert result.returncode == 1
    assert "could be several characters" in result.stderr and result.stderr.count("\n") == 1


def test_the_command_is_installed_inside_the_package_not_as_a_module_called_cli():
    """The wheel once put the command line at the top of site-packages as `cli.py`, where another
    project's module of that name would replace it (or be replaced). Now the command is
    `nycrules.cli:main`, the wheel holds the package alone, and `python -m nycrules` runs it too."""
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'nycrules = "nycrules.cli:main"' in project
    assert 'only-include = ["nycrules"]' in project and '"cli.py" = ' not in project
    done = subprocess.run([sys.executable, "-m", "nycrules", "--version"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("nycrules ")
    done = subprocess.run([sys.executable, "-m", "nycrules", "rules", "show", "nobody"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "nothing called 'nobody'" in done.stderr


def test_the_names_suggested_for_an_unknown_rule_do_not_depend_on_the_hash_seed():
    """`rules show` suggests the shortest names holding the word first: among names of one length, by name,
    so the same command says the same thing in every run (strings hash differently per process)."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    said = set()
    for seed in ("1", "2", "3", "4"):
        run = subprocess.run([sys.executable, str(root / "cli.py"), "rules", "show", "card_x"],
                             capture_output=True, text=True, timeout=120,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        assert run.returncode == 1 and "did you mean" in run.stderr
        said.add(run.stderr)
    assert len(said) == 1, said
