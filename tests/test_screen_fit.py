"""Every decision view of the golden transcripts fits an 80x24 screen, as benchmarks/transcript_lines.py
measures it (and that measure counts what its docstring says)."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("transcript_lines", ROOT / "benchmarks" / "transcript_lines.py")
transcript_lines = importlib.util.module_from_spec(spec)
sys.modules["transcript_lines"] = transcript_lines  # its dataclass looks itself up there
spec.loader.exec_module(transcript_lines)

SAMPLE = """New York City: Ann (person), Tom (Tom B4); seed 3.

Ann: hand press; reserve -
  1 dollars
Ann: Take a pair of cards
  1. take press + wild
Ann> 1
  Ann takes the pair press + wild
  Tom plays press

Bids so far: Tom 1
Ann: hand press wild; reserve -
  1 dollars
Ann: Your bid
  1. pass
  value 1: 2. press
Ann> board
Game round 1 of 5
  borough
Ann> 2
  Ann bids press: 1
"""


def test_the_measure_counts_from_the_answer_to_the_last_option(tmp_path):
    path = tmp_path / "sample.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    turn, view, command, spans = transcript_lines.measure(path)
    assert spans == [9]  # `Ann> 1` up to `value 1: 2. press`; the `board` answer has no decision view
    assert (turn.lines, turn.where) == (9, "sample.txt:7")
    assert (view.lines, view.where) == (6, "sample.txt:11")  # `Bids so far` to the last option
    assert (command.lines, command.where) == (2, "sample.txt:17 (board)")


def test_no_decision_view_of_the_golden_transcripts_needs_scrolling(capsys):
    paths = sorted((ROOT / "tests" / "transcripts").glob("*.txt"))
    assert paths
    views = [transcript_lines.measure(p)[1] for p in paths]
    assert all(v is not None and v.lines + 1 <= 24 for v in views), views  # with the prompt's row
    assert transcript_lines.main([str(p) for p in paths]) == 0
    assert "largest decision view" in capsys.readouterr().out
