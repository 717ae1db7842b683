"""The HTML report of a balance study: every label of its plots lies inside its picture."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from nycrules.studies.distribute import RulesetRef
from nycrules.loading.loader import load_ruleset
from nycrules.studies.report_html import render
from nycrules.agents.seating import parse_seats
from nycrules.studies.study import run

CRITIC_BOOST = Path(__file__).resolve().parent.parent / "rulesets" / "examples" / "critic_boost.yaml"
SVG = "{http://www.w3.org/2000/svg}"
CHAR_W = 7.5  # a generous width of one letter of 12px text


@pytest.fixture(scope="module")
def report():
    nyc = load_ruleset("nyc")
    specs = parse_seats(["bot:random", "tom:3"], nyc)
    boosted = load_ruleset(CRITIC_BOOST)
    other = (RulesetRef.of(str(CRITIC_BOOST), boosted), boosted, parse_seats(["bot:random", "tom:3"], boosted))
    return run(RulesetRef.of("nyc", nyc), nyc, specs, 4, 1, workers=1, other=other)


def pictures(page: str) -> list[ET.Element]:
    return [ET.fromstring(svg.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))
            for svg in re.findall(r"<svg .*?</svg>", page, re.S)]


def outside(svg: ET.Element) -> list[str]:
    """The texts of a picture that reach past its left or right edge (at a generous letter width)."""
    width = float(svg.get("viewBox", f"0 0 {svg.get('width')} 0").split()[2])
    found = []
    for text in svg.iter(f"{SVG}text"):
        shown = "".join(text.itertext()) if text.find(f"{SVG}title") is None else (text.text or "")
        x, size = float(text.get("x")), len(shown) * CHAR_W
        left, right = {"end": (x - size, x), "middle": (x - size / 2, x + size / 2)}.get(text.get("text-anchor"),
                                                                                         (x, x + size))
        if left < 0 or right > width:
            found.append(f"{shown!r} spans {left:.0f}-{right:.0f} of 0-{width:.0f}")
    return found


def test_a_win_rate_near_100_percent_and_long_names_stay_inside_the_plots(report):
    seats = [{**seat, "name": name} for seat, name in zip(report["seats"], ["Ann", "Tom of the very, very long name"])]
    seats[1]["win_rate"] = {**seats[1]["win_rate"], "mean": 0.999, "low": 0.95, "high": 1.0}
    page = render({**report, "seats": seats})
    found = [f for svg in pictures(page) for f in outside(svg)]
    assert not found, found
    assert "99.9%" in page and "Tom of the very, very long name" in page  # shortened names keep a title


def test_the_plots_shrink_to_a_narrow_window(report):
    for svg in pictures(render(report)):
        if svg.get("role") != "img":  # the small bars inside table cells
            continue
        assert svg.get("viewBox") and "max-width:100%" in svg.get("style", "")


def test_categories_are_named_as_the_game_names_them(report):
    """The final scoring's titles ("Borough bonus", "All the rest"), not the ruleset's ids."""
    nyc = load_ruleset("nyc")
    page = render(report)
    for step in nyc.final_scoring:
        assert f">{step.title}<" in page or f">{step.title}:" in page, step.title
    assert "all boroughs" not in page and "scoring characters<" not in page
    assert report["category_titles"]["all_boroughs"] == "Borough bonus"
    assert report["category_titles"]["rest"] == "All the rest"


def test_the_verdicts_come_first_with_their_figures_and_how_to_read_them(report):
    comparison = report["comparison"]
    verdicts = {**comparison["verdicts"], "called": 1, "family": 1, "characters": [
        {**row, "verdict": "likely too strong", "owners": 120,
         "points": {"delta": 12.3, "low": 9.1, "high": 15.5, "se": 1.6, "n": 120}}
        if row["id"] == 23 else row for row in comparison["verdicts"]["characters"]]}
    page = render({**report, "comparison": {**comparison, "verdicts": verdicts}})
    assert page.index("Verdicts: rulesets/examples/critic_boost.yaml against nyc") < page.index("<h2>Win rates")
    assert "likely too strong</span>" in page and "How to read the verdicts" in page
    assert "+12.3 points for its owner [+9.1, +15.5] over 4 games, against its base version" in page
    plots = [svg for svg in pictures(page) if "judged character" in svg.get("aria-label", "")]
    assert len(plots) == 1 and not outside(plots[0])


def test_a_difference_in_win_rate_is_named_percentage_points_not_pts(report):
    """A share's difference read '+12 pts' next to game points, as if it were points; its column, row and
    plot now name the unit once ('percentage points') and the figures stand without one."""
    page = render(report)
    assert " pts" not in page
    assert "<th>wins for its owner, percentage points</th>" in page
    assert '<div class="plot">Win rate, percentage points</div>' in page
    assert '<td class="l">win rate, percentage points</td>' in page


def test_the_difference_plots_are_labelled_at_round_steps_with_zero_as_0(report):
    """Their axes were labelled at a fifth of the widest interval: '-28.3', '-14.2', '+0.0', '+14.2'."""
    page = render(report)
    plots = [svg for svg in pictures(page) if svg.get("aria-label") == "Differences"]
    assert len(plots) == 2  # the win rate's and the points'
    for svg in plots:
        labels = [t.text for t in svg.iter(f"{SVG}text") if t.get("text-anchor") == "middle"]
        assert "0" in labels and "+0" not in labels and "+0.0" not in labels, labels
        steps = {round(float(b) - float(a), 6) for a, b in zip(labels, labels[1:])}
        assert len(steps) == 1, labels  # evenly spaced
        step = steps.pop()
        assert step / 10 ** __import__("math").floor(__import__("math").log10(step)) in (1, 2, 2.5, 5), labels


def test_a_character_hired_then_removed_says_so_in_the_page(report):
    from nycrules.studies.report_html import render
    base = report
    chars = [{**char, "owners": 0, "hired": 6, "lost": 6} if char["id"] == 23 else char for char in base["characters"]]
    page = render({**base, "characters": chars, "removed_by": ["7 Headhunter"]})
    assert "hired 6, removed 6" in page and "by 7 Headhunter" in page
