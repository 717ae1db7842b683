"""`nycrules score`: a finished physical game typed in, scored by the ruleset's own steps."""

import json
from pathlib import Path

from typer.testing import CliRunner

from nycrules.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "position-example.yaml"
runner = CliRunner()

BOROUGHS = """\
boroughs:
  manhattan: {base: 8, neutral: 2, skyscrapers: {Ann: 3}}
  brooklyn: {base: 8, prestige: [4, 2], neutral: 2, skyscrapers: {Ann: 2, Ben: 3}}
  queens: {base: 6, neutral: 2}
  bronx: {base: 10, neutral: 2}
  staten_island: {base: 9, neutral: 2}
  jersey_city: {base: 7, neutral: 2}
"""


def score(path, *extra):
    return runner.invoke(app, ["score", str(path), *extra])


def write(tmp_path, text):
    path = tmp_path / "position.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_documented_example_scores_per_seat_and_category():
    result = score(EXAMPLE, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    ann = data["seats"][0]
    assert ann["categories"]["characters"] == 18  # 1 + 5 + 1 + 2 + 5 + 4
    assert ann["categories"]["scoring_characters"] == 11  # 30: 5 in brown Brooklyn; 36: six characters
    assert ann["categories"]["majorities"] == 41
    assert data["winner"] == "Ann"
    assert ann["total"] == 31 + sum(ann["categories"].values())


def test_text_output_has_the_table_and_the_winner():
    result = score(EXAMPLE)
    assert result.exit_code == 0
    assert "Majorities" in result.stdout and result.stdout.strip().endswith("Ann wins with 106 points.")


def test_majorities_count_the_neutral_player_and_halve_rounding_up(tmp_path):
    path = write(tmp_path, "seats:\n  - {name: Ann, press: 3}\n  - {name: Ben, press: 5}\n" + BOROUGHS)
    data = json.loads(score(path, "--format", "json").stdout)
    ann, ben = data["seats"]
    # Manhattan 8: Ann 3 first (8). Brooklyn 14: Ben 3 first (14); Ann 2 and neutral 2 tie,
    # the neutral token (space 6 with two seats... default 8) is ahead: neutral 7, Ann 4.
    assert ben["categories"]["majorities"] == 14
    assert ann["categories"]["majorities"] == 8 + 4


def test_hoarder_takes_the_best_card_type_unless_told(tmp_path):
    base = ("seats:\n  - {name: Ann, press: 3, characters: [34], reserve: [press, wild, wild, wild]}\n"
            "  - {name: Ben, press: 1}\n" + BOROUGHS)
    data = json.loads(score(write(tmp_path, base), "--format", "json").stdout)
    assert data["seats"][0]["categories"]["scoring_characters"] == 2  # press: wild is no type for 34
    told = base + "choices:\n  Ann: press\n"
    data = json.loads(score(write(tmp_path, told), "--format", "json").stdout)
    assert data["seats"][0]["categories"]["scoring_characters"] == 2
    result = score(write(tmp_path, base + "choices:\n  Ann: wild\n"), "--format", "json")
    assert result.exit_code == 1
    [error] = json.loads(result.stdout)
    assert error["code"] == "E409" and "'wild' is not an answer" in error["message"]
    assert "skyscraper" in error["message"]


def test_a_tom_seat_scores_his_characters_by_dealing_dollars(tmp_path):
    text = ("seats:\n  - {name: Tom, tom: true, press: 2, dollars: 5, characters: [23, 5, 12, 11]}\n"
            "  - {name: Ann, press: 4}\n  - {name: Ben, press: 1}\n" + BOROUGHS)
    data = json.loads(score(write(tmp_path, text), "--format", "json").stdout)
    tom = data["seats"][0]
    assert tom["categories"]["characters"] == 8  # 1+1+1+4, the first 1 doubled: all five dollars dealt
    assert tom["categories"]["rest"] == 0
    rich = text.replace("dollars: 5", "dollars: 11")
    tom = json.loads(score(write(tmp_path, rich), "--format", "json").stdout)["seats"][0]
    assert tom["categories"]["characters"] == 14  # two dollars on each: all doubled
    assert tom["categories"]["rest"] == 2  # three dollars left: half, rounded up


def test_errors_in_a_position_are_located(tmp_path):
    text = ("seats:\n  - {name: Ann, press: 3, characters: [99]}\n  - {name: Ann, press: 20}\n"
            "boroughs:\n  manhattan: {base: 8, skyscrapers: {Zed: 1}}\n  brooklin: {base: 8}\n")
    result = score(write(tmp_path, text), "--format", "json")
    assert result.exit_code == 1
    found = {(d["line"], d["code"]) for d in json.loads(result.stdout)}
    assert (2, "E409") in found  # character 99
    assert (3, "E407") in found and (3, "E408") in found  # a second Ann, space 20
    assert (5, "E409") in found  # no seat Zed
    assert (6, "E409") in found  # brooklin
    assert any(code == "E201" for _, code in found)  # queens ... are missing


def test_schema_errors_and_missing_file(tmp_path):
    result = score(write(tmp_path, "seats: 3\nboroughs: {}\nextra: 1\n"))
    assert result.exit_code == 1
    assert "error[E203]" in result.stdout and "error[E202]" in result.stdout
    missing = score(tmp_path / "nothing.yaml")
    assert missing.exit_code == 2


def test_a_choice_that_answers_nothing_is_an_error(tmp_path):
    text = ("seats:\n  - {name: Ann, press: 3, characters: [34], reserve: [press]}\n  - {name: Ben, press: 1}\n"
            + BOROUGHS + "choices:\n  Ann: bogus\n")
    result = score(write(tmp_path, text), "--format", "json")
    assert result.exit_code == 1
    [error] = json.loads(result.stdout)
    assert (error["line"], error["code"]) == (12, "E409") and "press" in error["message"]


def test_sets_score_in_the_best_order_unless_told(tmp_path):
    """Ruling 19: 41 and 42 compete for dollars; by default they score in the order worth most in the
    whole final scoring (42 first: 'all the rest' 2, not 1). A `choices:` answer names another order,
    with or without its points, and a seat's answer goes to the question it fits (34's stays default)."""
    base = ("seats:\n  - {name: Ann, press: 3, dollars: 4, board: 2, vessels: [bus], characters: [41, 42, 34],"
            " reserve: [press]}\n  - {name: Ben, press: 1}\n" + BOROUGHS)
    data = json.loads(score(write(tmp_path, base), "--format", "json").stdout)
    ann = data["seats"][0]["categories"]
    assert (ann["scoring_characters"], ann["rest"]) == (6 + 2, 2)
    told = base + "choices:\n  Ann: 41 Financier, then 42 Shipping Magnate\n"
    result = score(write(tmp_path, told), "--format", "json")
    assert result.exit_code == 0, result.stdout
    ann = json.loads(result.stdout)["seats"][0]["categories"]
    assert (ann["scoring_characters"], ann["rest"]) == (6 + 2, 1)
