"""`nycrules simulate -r MOD --compare ny1901`: verdicts on New York 1901's action and bonus cards.

A mod that makes a card clearly stronger is called likely too strong, with its figure: a bonus card
by what it does for the seats in the games that deal it (owners against non-owners of the same seat),
an action card every seat plays by its owners' points against the same seats in the base's games of
the same seeds. A mod that changes no card's rules is judged the same, and calls nothing.
"""

from pathlib import Path

import yaml
from typer.testing import CliRunner

from nycrules.cli import app
from nycrules.loading.loader import load_ruleset
from nycrules.studies.verdicts import CHANGED, SAME, changes, figure_text

SHIPPED = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901" / "ruleset.yaml"
HEADER = {"extends": "ny1901", "ruleset": {"id": "mod1901", "name": "A mod", "version": 1, "game": "ny1901"}}
SEATS = ["-s", "bot:random", "-s", "bot:random"]


def mod(tmp_path: Path, **changed) -> Path:
    path = tmp_path / "mod.yaml"
    path.write_text(yaml.safe_dump({**HEADER, **changed}), encoding="utf-8")
    return path


def compare(path: Path, games: int, *more: str) -> str:
    result = CliRunner().invoke(app, ["simulate", "-r", str(path), "--compare", "ny1901", "--games", str(games),
                                      "--workers", "1", *SEATS, *more])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_a_changed_card_is_the_one_judged(tmp_path):
    found = changes(load_ruleset(mod(tmp_path, params={"gold_tycoon": 9})), load_ruleset(SHIPPED))
    assert found["gold_tycoon"] == CHANGED and found["land_grab"] == found["bronze_baron"] == SAME
    assert set(found) == {"construction_boom", "market_shift", "land_grab", "bronze_baron", "master_architect",
                          "generation_king", "gold_tycoon", "gold_prestige"}


def test_an_action_card_made_stronger_is_likely_too_strong(tmp_path):
    boom = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))["steps"]["construction_boom"]
    played = '    use_action(me, "construction_boom")\n'
    assert played in boom
    page = tmp_path / "study.html"
    text = compare(mod(tmp_path, steps={"construction_boom": boom.replace(
        played, played + '    gain_points(me, 15, "a boom bonus")\n')}), 30, "--out", str(page))
    assert "Verdicts on the cards of" in text and "1 judged, 1 called too strong or too weak" in text
    assert "Construction Boom (changed): LIKELY TOO STRONG +1" in text
    assert "points for its owner [+" in text and "against its owners in the base's games of the same seeds" in text
    # Every seat played it: the page has no owners' wins to show, for want of seats that did not.
    html = page.read_text(encoding="utf-8")
    assert html.count('<span class="ci">too few non-owners</span>') == 3  # it, and the two others every seat plays
    assert '<td>Land Grab</td><td>60</td><td><span class="ci">too few owners' not in html.replace(' class="l"', "")


def test_a_bonus_card_made_stronger_is_likely_too_strong(tmp_path):
    text = compare(mod(tmp_path, params={"generation_king": 40}), 60)
    assert "Generation King (changed): LIKELY TOO STRONG +" in text and "against its base version" in text


def test_a_mod_that_changes_no_card_calls_nothing_even_judging_all(tmp_path):
    # Streets worth five times as much: every seat gains, and no card is the reason.
    page = tmp_path / "study.html"
    text = compare(mod(tmp_path, params={"street_points": 25}), 20, "--verdicts", "all", "--out", str(page))
    assert "LIKELY" not in text and "0 called too strong or too weak" in text
    # The report speaks of cards: no New York City's hires, no empty table of characters (they once showed).
    html = page.read_text(encoding="utf-8")
    assert "times it was offered to them" in text and "Verdicts on the cards of" in text
    assert "hire" not in text.lower() and "hire" not in html.lower() and "character" not in html.lower()


def test_an_action_card_changed_with_another_is_not_given_the_others_figure(tmp_path):
    steps = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))["steps"]
    played = '    use_action(me, "construction_boom")\n'
    boom = steps["construction_boom"].replace(played, played + '    gain_points(me, 15, "a boom bonus")\n')
    question = "Play Land Grab: take two size-2 territory cards?"
    assert question in steps["turn"]  # reworded: Land Grab's lines change, not what it does
    turn = steps["turn"].replace(question, "Land Grab now (two size-2 territory cards)?")
    text = compare(mod(tmp_path, steps={"construction_boom": boom, "turn": turn}), 20)
    assert "Land Grab (changed): LIKELY" not in text and "Construction Boom (changed): LIKELY" not in text


def test_a_card_every_seat_owned_is_said_to_lack_non_owners_not_owners():
    """A bonus card dealt in every game is owned by every seat: its figure is missing for want of seats
    without it (it once read "60 owners in 30 games: too few to measure")."""
    row = {"status": SAME, "points": None, "hires": None, "owners": 60}
    assert figure_text(row, 30) == "60 owners in 30 games: too few non-owners to measure"
    assert figure_text({**row, "owners": 3}, 30) == "3 owners in 30 games: too few owners to measure"


def test_a_bonus_card_dealt_in_every_game_is_called_too_few_non_owners_to_tell(tmp_path):
    """The beginner variant deals Gold Tycoon in every game: every seat owns it, and its verdict says
    that no seat without it was there to compare with (it once said "too few owners to tell")."""
    page = tmp_path / "study.html"
    text = compare(SHIPPED.parent / "beginner.yaml", 10, "--verdicts", "all", "--out", str(page))
    assert "Gold Tycoon (same): TOO FEW NON-OWNERS TO TELL 20 owners in 10 games: too few non-owners" in text
    # The page names the cards by their titles: no column of ids repeating them (`gold_tycoon`).
    html = page.read_text(encoding="utf-8")
    assert "Gold Tycoon" in html and "gold_tycoon" not in html and "<th>id</th>" not in html
