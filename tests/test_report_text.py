"""The text report of a balance study reads on an 80-column terminal, with any seat names."""

import re
from pathlib import Path

import pytest

from nycrules.studies.distribute import RulesetRef
from nycrules.loading.loader import load_ruleset
from nycrules.studies.report_text import render, render_comparison
from nycrules.agents.seating import parse_seats
from nycrules.studies.study import run

CRITIC_BOOST = Path(__file__).resolve().parent.parent / "rulesets" / "examples" / "critic_boost.yaml"


@pytest.fixture(scope="module")
def report():
    nyc = load_ruleset("nyc")
    specs = parse_seats(["bot:random", "bot:random", "bot:greedy", "tom:3"], nyc)
    boosted = load_ruleset(CRITIC_BOOST)
    other = (RulesetRef.of(str(CRITIC_BOOST), boosted), boosted, parse_seats(["bot:random"] * 3 + ["tom:3"], boosted))
    return run(RulesetRef.of("nyc", nyc), nyc, specs, 4, 1, workers=1, other=other)


def assert_fits(lines):
    too_wide = [line for line in lines if len(line) > 80]
    assert not too_wide, too_wide


def category_table(lines):
    start = lines.index("Mean points by category (they add up to the points)")
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("  total"))
    return lines[start + 1:end + 1]


def test_every_line_of_a_four_seat_report_fits_80_columns(report):
    lines = render(report, "1 process(es)")
    assert_fits(lines)
    comparison = render_comparison(report["comparison"])
    assert_fits(comparison)
    assert any(line.startswith("   23 Critic (changed): ") for line in comparison)
    assert any(line.startswith("rulesets/examples/critic_boost.yaml minus nyc on the same 4 seeds")
               for line in comparison)
    table = category_table(lines)
    for seat in report["seats"]:
        assert seat["name"] in table[0]
    titles = [report["category_titles"][c] for c in report["categories"]]  # as the game names them
    assert [row.split()[0] for row in table[1:]] == [t.split()[0] for t in titles] + ["total"]
    for column, seat in enumerate(report["seats"]):  # the figures shown are the report's, and add up
        figures = [float(row.split()[-len(report["seats"]) + column]) for row in table[1:]]
        assert figures[-1] == pytest.approx(seat["points"]["mean"], abs=0.051)  # shown to 0.1
        assert sum(figures[:-1]) == pytest.approx(figures[-1], abs=0.5)


def test_long_seat_names_get_numbered_columns_and_a_legend(report):
    named = {**report, "seats": [{**seat, "name": f"{seat['name']} of the very long name"} for seat in report["seats"]]}
    lines = render(named, "1 process(es)")
    assert_fits(lines)
    table = category_table(lines)
    assert table[0].split() == ["#1", "#2", "#3", "#4"]
    after = lines.index(table[-1]) + 1
    legend = " ".join(" ".join(lines[after:after + 4]).split())
    for number, seat in enumerate(named["seats"], 1):
        assert f"#{number} {seat['name']}" in legend


def test_each_character_is_one_row_of_the_table_even_with_wide_intervals(report):
    """A row with two intervals (points, then wins in percentage points) once ran past 80 columns and was
    broken in two; the unit of the wins is now said once, above the table."""
    wide = {"points": {"delta": -10.5, "low": -20.3, "high": -0.7},
            "win_rate": {"delta": -0.16, "low": -0.33, "high": 0.01}}
    widened = {**report, "characters": [{**char, "owner_effect": wide} for char in report["characters"]]}
    lines = render(widened, "1 process(es)")
    assert_fits(lines)
    start = next(i for i, line in enumerate(lines) if line.startswith("Characters: hired and used per game"))
    assert lines[start + 2] == "95% interval (- : too few owners); wins in percentage points of the win rate."
    rows = lines[start + 4:start + 4 + len(report["characters"])]
    assert lines[start + 4 + len(report["characters"]):][:1] in ([], [""])  # the table ends there
    for row, char in zip(rows, report["characters"]):
        assert row.split()[0] == str(char["id"]) and re.search(r" -10\.5 \[-20\.3, -0\.7\] +-16 \[-33, \+1\]$", row)


def test_a_study_of_slow_games_says_how_long_a_game_took_not_0_games_per_second(report):
    """Search bots play a game in seconds: four such games in 50 s were reported as '0 games per
    second' (text and HTML)."""
    from nycrules.studies.report_html import render as render_html

    slow = {**report, "games": 4, "seconds": 50.0, "games_per_second": 0.1}
    assert render(slow, "1 process(es)")[0] == "4 games in 50.00 s on 1 process(es): 12.5 s a game"
    assert "12.5 s a game." in render_html(slow) and "0 games per second" not in render_html(slow)
    assert render({**report, "games": 4, "seconds": 1.6}, "1 process(es)")[0].endswith(": 2.5 games per second")
    assert render({**report, "games": 400, "seconds": 4.7}, "2 process(es)")[0].endswith(": 85 games per second")


def test_the_two_intervals_of_a_characters_row_never_run_together(report):
    wide = {"points": {"delta": 29.6, "low": 27.7, "high": 31.5},
            "win_rate": {"delta": 0.54, "low": 0.49, "high": 0.58}}
    widened = {**report, "characters": [{**char, "owner_effect": wide} for char in report["characters"]]}
    lines = render(widened, "1 process(es)")
    assert_fits(lines)
    rows = [line for line in lines if line.endswith("+54 [+49, +58]")]
    assert len(rows) == len(report["characters"])
    assert all(row.endswith(" +29.6 [+27.7, +31.5] +54 [+49, +58]") for row in rows), rows[0]


def test_a_character_hired_then_removed_says_so_instead_of_no_owner(report):
    """Owners counts the seats that had it at the end: one hired and then removed from the game
    (a Headhunter's owner gives up another character) is told as such."""
    chars = [{**char, "owners": 0, "hired": 6, "hired_per_game": 1.5, "lost": 6} if char["id"] == 23 else char
             for char in report["characters"]]
    lines = render({**report, "characters": chars, "removed_by": ["7 Headhunter"]}, "1 process(es)")
    assert_fits(lines)
    text = " ".join(" ".join(lines).split())
    assert "23 Critic hired 6 times, removed from the game 6 times" in text
    assert "by 7 Headhunter" in text


def test_the_study_counts_characters_hired_then_removed():
    from nycrules.studies.simulate import play_game
    nyc = load_ruleset("nyc")
    specs = parse_seats(["bot:greedy", "bot:greedy"], nyc)
    for seed in range(1, 60):
        result = play_game(nyc, specs, seed, 0)
        lost = {c: n for seat in result.seats for c, n in seat.lost.items()}
        if lost:
            break
    else:
        pytest.skip("no Headhunter used in these games")
    for seat in result.seats:
        for char_id, n in seat.lost.items():
            assert seat.hired[char_id] >= n > 0
