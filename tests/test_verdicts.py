"""Verdicts on a mod's characters, from real games of four greedy bots (the default study).

A planted strong character is called too strong, a planted useless one too weak, and the base
ruleset against itself on other seeds calls nothing, even with every character judged.
"""

from pathlib import Path

import pytest

from nycrules.studies.distribute import RulesetRef
from nycrules.studies.effects import owner_effects
from nycrules.loading.loader import load_ruleset
from nycrules.agents.seating import parse_seats
from nycrules.studies.simulate import play_games
from nycrules.studies.study import run
from nycrules.studies.verdicts import (CHANGED, HIRES, NEW, OWNERS, REMOVED, SAME, STRONG, UNCLEAR, WEAK, changes,
                                       figure_text, judge)

EXAMPLES = Path(__file__).resolve().parent.parent / "rulesets" / "examples"
GAMES = 60
SEATS = ["bot:greedy"] * 4


def study(ruleset, seed=1):
    """Effects on owners in GAMES games; the bootstrap draws are seeded alike, as in one comparison."""
    results = play_games(ruleset, parse_seats(SEATS, ruleset), seed, range(GAMES))
    return owner_effects(results, sorted(ruleset.part.characters), seed=1)


@pytest.fixture(scope="module")
def nyc():
    return load_ruleset("nyc")


@pytest.fixture(scope="module")
def base(nyc):
    return study(nyc)


def verdict_on(verdicts, char_id):
    return next(row for row in verdicts["characters"] if row["id"] == char_id)


def test_a_new_cheap_character_gaining_10_points_is_likely_too_strong(nyc, base):
    windfall = load_ruleset(EXAMPLES / "windfall.yaml")
    verdicts = judge(windfall, nyc, study(windfall), base, GAMES)
    row = verdict_on(verdicts, 43)
    assert (row["status"], row["verdict"], row["basis"]) == (NEW, STRONG, OWNERS), row
    assert row["points"]["low"] > 5 and row["reference"] == "the base's value-1 characters"
    assert figure_text(row, GAMES).startswith(f"+{row['points']['delta']:.1f} points for its owner [+")
    assert verdicts["judged"] == verdicts["family"] == 1  # only the new character is judged
    assert all(r["verdict"] is None for r in verdicts["characters"] if r["id"] != 43)


def test_a_new_costly_character_that_does_nothing_is_likely_too_weak(nyc, base):
    """The bots try characters before they hire them, so they leave it on the elevator: too few
    own it to measure, and the verdict rests on how seldom they took it when it was on offer."""
    dead = load_ruleset(EXAMPLES / "dead_weight.yaml")
    row = verdict_on(judge(dead, nyc, study(dead), base, GAMES), 43)
    assert (row["status"], row["verdict"], row["basis"]) == (NEW, WEAK, HIRES), row
    hires = row["hires"]
    assert hires["offered"] >= 50 and hires["taken"] / hires["offered"] < 0.05 and hires["high"] < 0
    assert row["reference"] == "the base's value-3 characters"
    assert "the bots took it" in figure_text(row, GAMES)


def test_the_base_against_itself_on_other_seeds_calls_nothing(nyc, base):
    verdicts = judge(nyc, nyc, study(nyc, seed=100_001), base, GAMES, everything=True)
    assert verdicts["family"] >= 30  # most characters have owners enough, or offers enough, to be judged
    assert verdicts["called"] == 0, [(r["id"], r["verdict"], r["points"]) for r in verdicts["characters"]
                                     if r["verdict"] not in (UNCLEAR, None)]
    assert all(r["judged"] and r["reference"] == "its base version" for r in verdicts["characters"])


def test_what_a_mod_changes():
    nyc, boost = load_ruleset("nyc"), load_ruleset(EXAMPLES / "critic_boost.yaml")
    found = changes(boost, nyc)
    assert found[23] == CHANGED and {found[c] for c in found if c != 23} == {SAME}
    assert changes(nyc, load_ruleset(EXAMPLES / "windfall.yaml"))[43] == REMOVED


def test_the_comparison_is_the_mod_minus_its_base_in_either_order(nyc):
    """`--ruleset MOD --compare BASE` and `--ruleset BASE --compare MOD` judge alike: a stronger
    character reads positive."""
    path = EXAMPLES / "critic_boost.yaml"
    boost = load_ruleset(path)
    specs = parse_seats(["bot:random"] * 4, nyc)  # quick: the order is what is tested
    mod_first = run(RulesetRef.of(path, boost), boost, specs, 30, 1, workers=1,
                    other=(RulesetRef.of("nyc", nyc), nyc, specs))["comparison"]
    base_first = run(RulesetRef.of("nyc", nyc), nyc, specs, 30, 1, workers=1,
                     other=(RulesetRef.of(path, boost), boost, specs))["comparison"]
    assert mod_first["verdicts"] == base_first["verdicts"]
    assert mod_first["differences"] == base_first["differences"]
    assert (mod_first["mod"]["path"], mod_first["base"]["path"]) == ("rulesets/examples/critic_boost.yaml", "nyc")
    critic = verdict_on(mod_first["verdicts"], 23)
    assert critic["verdict"] == STRONG and critic["points"]["delta"] > 10
    assert sum(seat["points"]["delta"] for seat in mod_first["differences"]["seats"]) > 0
