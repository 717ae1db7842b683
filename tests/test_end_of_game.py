"""The end of a game: the table stays open for a person, the finished game's record is always
written, and `quit` saves (a pipe) or asks (a terminal) first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from nycrules.agents import agent_for_seat
from nycrules.engine.runner import Session
from nycrules.agents.seating import parse_seats
from scenario import nyc

ROOT = Path(__file__).resolve().parent.parent


def nycrules(*args, input="", cwd):
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], input=input, capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def bot_answers(seed: int) -> list[int]:
    """A whole game of Ann (played by a greedy bot) against Tom: its decisions, to feed as numbers."""
    rs = nyc()
    specs = parse_seats(["Ann", "tom:B4"], rs)
    session = Session(rs, specs, seed, {0: agent_for_seat("bot:greedy", seed, 0)})
    session.run()
    return list(session.record)


def test_a_finished_game_stays_open_and_writes_its_record(tmp_path):
    answers = [f"#{i + 1}" for i in bot_answers(5)]
    after = ["board", "seats", "log 3", "why 2", "info joker", "picture end.svg", "save again.json", "dance",
             "quit"]
    result = nycrules("play", "--seat", "Ann", "--seat", "tom:B4", "--seed", "5",
                      input="\n".join(answers + after) + "\n", cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    out = result.stdout
    end = out[out.index("Final scoring"):]
    assert "The game's record is in nycrules-last-game.json" in end
    assert "game over> board" in end and "Press track, farthest ahead first" in end
    assert "game over> info joker" in end and "16 Joker" in end
    assert "'dance' is not a command here" in end
    assert (tmp_path / "end.svg").read_text().startswith("<?xml")
    record = json.loads((tmp_path / "nycrules-last-game.json").read_text())
    assert record == json.loads((tmp_path / "again.json").read_text())
    replay = nycrules("replay", "nycrules-last-game.json", cwd=tmp_path)
    assert replay.returncode == 0 and "Final scoring" in replay.stdout
    board = nycrules("board", "nycrules-last-game.json", cwd=tmp_path)
    assert board.returncode == 0 and "Game round 5 of 5" in board.stdout


def test_bots_only_write_the_record_to_the_chosen_file_and_end(tmp_path):
    result = nycrules("play", "--seat", "bot:greedy", "--seat", "tom:B4", "--seed", "4", "--record", "mine.json",
                      cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "game over>" not in result.stdout
    assert json.loads((tmp_path / "mine.json").read_text())["decisions"]
    assert not (tmp_path / "nycrules-last-game.json").exists()


def test_quit_through_a_pipe_saves_to_the_autosave_file(tmp_path):
    result = nycrules("play", "--seed", "3", input="1\nquit\n", cwd=tmp_path)
    assert result.returncode == 0
    assert "Game stopped; saved to nycrules-autosave.json" in result.stdout
    saved = json.loads((tmp_path / "nycrules-autosave.json").read_text())
    assert len(saved["decisions"]) >= 1
    again = nycrules("play", "--load", "nycrules-autosave.json", input="quit\n", cwd=tmp_path)
    assert again.returncode == 0 and "Game stopped; saved" in again.stdout
