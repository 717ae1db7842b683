"""`play` suggests commands that work for the ruleset played, and `replay` serves any game's record
(the board, the seats and a seat's facts through the game's own views)."""

import os
from pathlib import Path

from typer.testing import CliRunner

from nycrules.cli.app import app

ROOT = Path(__file__).resolve().parent.parent


def test_a_new_york_1901_record_replays_with_the_command_play_suggests(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # short paths: the suggested commands fit a line of 80 columns
    NY1901 = os.path.relpath(ROOT / "rulesets" / "ny1901", tmp_path)
    record = "game.json"
    played = CliRunner().invoke(app, ["play", "-r", NY1901, "--plain", "--seed", "3", "--record", record,
                                      "--seat", "bot:random", "--seat", "bot:random"])
    assert played.exit_code == 0, played.output
    suggested = [line.split() for line in played.output.splitlines() if line.startswith("  nycrules ")]
    assert [words[:4] for words in suggested] == [["nycrules", "replay", "-r", NY1901], ["nycrules", "board", "-r", NY1901]]
    for extra in (["--until", "5"], ["--until", "8", "--seat", "2"], []):
        done = CliRunner().invoke(app, suggested[0][1:] + extra)
        assert done.exit_code == 0, done.output
        assert "internal error" not in done.output
    paused = CliRunner().invoke(app, suggested[0][1:] + ["--until", "8", "--seat", "2"])
    assert "(after decision 8 of" in paused.output and "Random bot 2: " in paused.output
    board = CliRunner().invoke(app, suggested[1][1:])
    assert board.exit_code == 0, board.output
    drawn = CliRunner().invoke(app, suggested[1][1:] + ["--svg", "board.svg"])
    assert drawn.exit_code == 0, drawn.output
    picture = (tmp_path / "board.svg").read_text(encoding="utf-8")  # names the winner and what is assumed
    winner = next(line.strip() for line in played.output.splitlines() if line.endswith(" points."))
    assert f">{winner}<" in picture and "The board and tiles are assumed" in picture
