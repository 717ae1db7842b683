"""A ruleset names its game (docs/games.md): New York 1901's rules are checked by the shared loader,
`validate` reports every problem at its file:line:col, and a ruleset of that game cannot be played
yet, which `play` says in one line."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nycrules.loading.loader import check_ruleset, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "rulesets" / "ny1901"


def problems(path: Path) -> list[str]:
    return [f"{Path(d.location.file).name}:{d.location.line}:{d.location.column} {d.code} {d.message}"
            for d in check_ruleset(path, use_cache=False).diagnostics]


@pytest.fixture()
def copy(tmp_path) -> Path:
    for name in ("ruleset.yaml", "board.yaml", "tiles.yaml", "advanced.yaml", "beginner.yaml"):
        shutil.copy(FOLDER / name, tmp_path / name)
    return tmp_path


def edit(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text


@pytest.mark.parametrize("name", ["ruleset.yaml", "advanced.yaml", "beginner.yaml"])
def test_the_rules_and_their_variants_are_valid(name):
    assert problems(FOLDER / name) == []


def test_a_game_is_named_by_a_plain_name_among_the_games(copy):
    text = edit(copy / "ruleset.yaml", "game: ny1901}", "game: os.path}")
    line = text[:text.index("game: ny1901}")].count("\n") + 1
    assert problems(copy / "ruleset.yaml") == [
        f"ruleset.yaml:{line}:62 E204 ruleset.game: there is no game 'os.path'; the games are: ny1901, nyc"]


def test_the_board_file_is_read_only_beside_the_ruleset(copy):
    edit(copy / "ruleset.yaml", "  board: board.yaml", "  board: ../board.yaml")
    found = problems(copy / "ruleset.yaml")
    assert len(found) == 1 and "E100 components.board: cannot read '../board.yaml': outside the ruleset's folder" \
        in found[0]  # and no noise from the effects that name its districts


def test_problems_of_the_board_file_then_of_the_rules(copy):
    """While the board file is wrong, the districts the rules name are not known: its problems alone are
    told (the rules' would be noise); once it is right, the rules' own."""
    edit(copy / "board.yaml", "    y1  y1  y2  y3  B", "    y1  y1  y2  y1  B")
    text = edit(copy / "ruleset.yaml", "claim(me, choose(fits(c),", "claim(me, choose(market(),")
    found = problems(copy / "ruleset.yaml")
    assert len(found) == 1 and found[0].startswith("board.yaml:36:5 E602 territory y1 is in 2 pieces")
    shutil.copy(FOLDER / "board.yaml", copy / "board.yaml")
    line = text[:text.index("claim(me, choose(fits(c),")].count("\n") + 1
    assert problems(copy / "ruleset.yaml") == [
        f"ruleset.yaml:{line}:21 E404 argument 'territory' of claim must be a territory, not a territory card"]


def test_a_section_of_new_york_city_is_unknown_here(copy):
    edit(copy / "ruleset.yaml", "final_scoring:\n", "characters: []\nfinal_scoring:\n")
    found = problems(copy / "ruleset.yaml")
    assert len(found) == 1 and "E202 unknown key 'characters' in the ruleset" in found[0]


def test_people_play_it_at_the_terminal_but_cannot_score_it_by_hand_yet(tmp_path):
    assert load_ruleset(FOLDER / "ruleset.yaml").seat_counts == (2, 3, 4)
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "play", "--ruleset", str(FOLDER / "ruleset.yaml"),
                           "--seat", "you", "--seat", "bot:random", "--seed", "1"],
                          capture_output=True, text=True, input="quit\n", timeout=120, cwd=tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert done.stdout.startswith("New York 1901: you (person), Random bot 2 (bot:random); seed 1.")
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "score", str(ROOT / "docs" / "position-example.yaml"),
                           "--ruleset", str(FOLDER / "ruleset.yaml")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "one of New York 1901 cannot be typed in yet" in done.stderr


def test_validate_simulate_plays_it():
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "validate", str(FOLDER / "ruleset.yaml"), "--simulate",
                           "3"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "3 game(s) played" in done.stdout and "0 rule failure(s)" in done.stdout


def test_validate_on_the_command_line():
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "validate", str(FOLDER / "ruleset.yaml"),
                           str(FOLDER / "advanced.yaml")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip().splitlines()[-1].startswith("ok: 2 ruleset(s) valid")


def test_a_new_york_city_mod_may_name_its_game(tmp_path):
    (tmp_path / "mod.yaml").write_text("extends: nyc\nruleset: {id: mine, name: Mine, version: 1, game: nyc}\n")
    assert problems(tmp_path / "mod.yaml") == []


def test_the_schema_shares_new_york_citys_sections_exactly():
    nyc = json.loads((ROOT / "schemas" / "ruleset.schema.json").read_text(encoding="utf-8"))
    ours = json.loads((ROOT / "schemas" / "ny1901-ruleset.schema.json").read_text(encoding="utf-8"))
    for key in ("include", "extends", "params", "steps", "final_scoring", "procedure", "winner"):
        assert ours["properties"][key] == nyc["properties"][key], key
    assert ours["$defs"] == nyc["$defs"]


def test_a_mod_plays_its_bases_game(copy, tmp_path):
    edit(copy / "advanced.yaml", "version: 1, game: ny1901}", "version: 1, game: nyc}")
    found = problems(copy / "advanced.yaml")
    assert found[0].startswith("advanced.yaml:4:") and found[0].endswith(
        "E204 ruleset.game: a mod plays the game of the ruleset it extends (ruleset.yaml is ny1901), not nyc")
    (tmp_path / "mod.yaml").write_text("extends: nyc\nruleset: {id: mine, name: Mine, version: 1, game: ny1901}\n")
    assert problems(tmp_path / "mod.yaml")[0].endswith(
        "E204 ruleset.game: a mod plays the game of the ruleset it extends (nyc is nyc), not ny1901")


def test_validate_simulate_coverage_names_what_never_ran():
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "validate", str(FOLDER / "ruleset.yaml"), "--simulate",
                           "3", "--coverage"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "internal error" not in done.stderr, done.stderr
    assert "3 game(s) played" in done.stdout and "ruleset.yaml:" in done.stdout  # some lines of rare cases


def test_a_mod_s_question_without_the_key_the_table_reads_is_warned_of(copy):
    """The table knows a question by its key, not its words: a mod rewriting the turn with a yes-or-no
    left without a key, or with a key of no question, would lose `help` and typed moves there."""
    text = (copy / "ruleset.yaml").read_text(encoding="utf-8")
    turn = text[text.index("  turn: |\n"):text.index("  construction_boom: |\n")]
    turn = turn.replace('ask("Build a skyscraper?", "build")', 'ask("Build a skyscraper now?")')
    turn = turn.replace('size-2 territory cards?", "land_grab")', 'size-2 territory cards?", "landgrab")')
    (copy / "mod.yaml").write_text("extends: ruleset.yaml\nruleset: {id: keyless, name: Keyless, version: 1, "
                                   "game: ny1901}\nsteps:\n" + turn, encoding="utf-8")
    result = check_ruleset(copy / "mod.yaml", use_cache=False)
    assert result.diagnostics == [] and result.ruleset is not None  # it loads: a warning
    lines = (copy / "mod.yaml").read_text(encoding="utf-8").splitlines()
    asks = {i + 1: line.index("ask(") + 1 for i, line in enumerate(lines) if "now?" in line or "landgrab" in line}
    found = [(w.location.line, w.location.column, w.message) for w in result.warnings if w.code == "W405"]
    assert [(line, column) for line, column, _ in found] == sorted(asks.items())
    grab, build = sorted(found)[0][2], sorted(found)[1][2]
    assert grab.startswith("the table knows no question by the key 'landgrab' (ask's keys: build, "
                           "construction_boom, land_grab, market_shift)")
    assert build.startswith("this ask has no key") and "`help` says nothing at it" in build
    assert check_ruleset(FOLDER / "ruleset.yaml", use_cache=False).warnings == []  # the game's own keys


def test_an_error_of_the_schema_leaves_the_effects_checked(copy):
    """One loading path for both games: with the schema failing elsewhere than the components and
    params, the effects' errors are found in the same run too (as New York City's always were)."""
    text = edit(copy / "ruleset.yaml", "version: 1, game: ny1901}", "version: x, game: ny1901}")
    edit(copy / "ruleset.yaml", 'use_action(me, "market_shift")', "use_action(me, 5)")
    header = text[:text.index("version: 1, game: ny1901}")].count("\n") + 1
    use = text[:text.index('use_action(me, "market_shift")')].count("\n") + 1
    found = problems(copy / "ruleset.yaml")
    assert [line.split(" ", 2)[:2] for line in found] == [[f"ruleset.yaml:{header}:53", "E203"],
                                                           [f"ruleset.yaml:{use}:24", "E404"]]
    assert found[1].endswith("argument 'card' of use_action must be a text, not a number")
