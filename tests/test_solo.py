"""Playing alone against Tom, explained (issue 33, item 5): what his level means, how a game round
goes and how he plays (`help tom`, and once at the start), and the words of the table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play(tmp_path, typed: str, *args: str) -> str:
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "play", *args], input=typed,
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    return result.stdout


def test_tom_s_level_is_said_in_words_at_the_start(tmp_path):
    out = play(tmp_path, "quit\n", "--seat", "Ann", "--seat", "tom:12", "--seed", "11")
    start = " ".join(out.split("=== Setup ===")[0].split())
    assert "level C5" in start and "draws 5 cards in phase I" in start
    assert "keeps one meant for a later bidding round" in start  # mode C
    assert "`help tom`" in start
    assert max(len(line) for line in out.split("\n")) <= 80


def test_help_tom_explains_a_game_round_and_how_tom_plays_and_scores(tmp_path):
    out = play(tmp_path, "help tom\nquit\n", "--seat", "Ann", "--seat", "tom", "--seed", "11")
    text = " ".join(out.split("Ann> help tom")[1].split("Ann> ")[0].split())
    for words in ("phase I", "two pairs", "one pair", "dollars dealt", "returns", "doubles",
                  "press track", "never uses characters"):
        assert words in text, words
    assert max(len(line) for line in out.split("\n")) <= 80


def test_no_tom_no_tom_help_at_the_start(tmp_path):
    out = play(tmp_path, "quit\n", "--seat", "Ann", "--seat", "bot:greedy", "--seed", "11")
    assert "help tom" not in out


def test_the_hand_line_names_the_player_board_and_the_bid_says_whose_cards(tmp_path):
    out = play(tmp_path, "1\n1\n1\n1\n1\n1\n1\n1\nquit\n", "--seat", "Ann", "--seat", "tom", "--seed", "3")
    assert "skyscrapers on your player board" in out and "skyscrapers on the board," not in out
    assert "(nothing played yet)" not in out and "(you have played nothing yet)" in out


def test_the_final_scoring_says_which_ties_the_press_track_broke():
    """Equal skyscrapers in a borough rank by the press track: the final table says where that
    decided a place, and who was ahead."""
    import nycrules
    from nycrules.games.nyc.table import views

    found = 0
    for seed in range(1, 40):
        game = nycrules.new_game(["bot:greedy", "tom:B4"], seed=seed, log_events=False)
        while not game.is_over():
            game.apply(0)
        state = game.state
        order = {id(token): i for i, token in enumerate(state.press)}
        table = views.final_scores(state)
        for borough in state.boroughs:
            counts = [(borough.counts[s.index], s) for s in state.seats if borough.counts[s.index]]
            tied = [(n, s) for n, s in counts if sum(m == n for m, _ in counts) > 1]
            if tied:
                found += 1
                ahead = min((s for _, s in tied), key=lambda s: order[id(s.token)])
                line = next(line for line in table.split("\n") if line.strip().startswith(f"{borough.name}, "))
                assert f" each: {ahead.name}" in line, line
                assert "Ties in a borough go to the seat ahead on the press track:" in table
        if found >= 2:
            break
    assert found, "no tie in these games"
