"""What people type at a decision (issue 33, items 1-3): help and quit as they type them, never an
irreversible choice from one or two letters, a question where a typed line could mean two options,
and a did-you-mean for the answers a person would give that are not options."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scenario import answer
from scenario_extra import bare_table, set_pairs
from parts import draft_turn
from test_menus import bid_decision, refuse, start_stack_decision

from nycrules.engine.decisions import Decision, Option
from nycrules.games.nyc.table import answers, menus

ROOT = Path(__file__).resolve().parent.parent


def play(tmp_path, typed: str, *args: str) -> str:
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "play", *args], input=typed,
                            capture_output=True, text=True, timeout=120, cwd=tmp_path)
    return result.stdout


def test_question_mark_and_h_ask_for_help_and_q_quits_at_the_first_prompt(tmp_path):
    out = play(tmp_path, "?\nh\nq\n", "--seed", "5")
    assert "7 Headhunter" in out  # the menu the person answers
    assert "takes the start characters 7 Headhunter" not in out.split("Player, choose:")[0]
    assert "Player takes the start characters" not in out
    assert out.count("Commands:") >= 2  # `?` and `h` both explained the decision and the commands
    assert "Game stopped" in out


def start_with(letter: str):
    game, decision = start_stack_decision()
    for i, option in enumerate(decision.options):
        for tile in menus.tiles_in(option):
            if tile.char.title.lower().startswith(letter):
                return game, decision, i, tile.char.title.lower()
    pytest.skip("no start character of that letter")


def test_one_or_two_letters_never_choose_but_three_do():
    game, decision = start_stack_decision()
    for i, option in enumerate(decision.options):
        for tile in menus.tiles_in(option):
            title = tile.char.title.lower()
            for short in (title[:1], title[:2]):
                said = answers.read_answer(game, decision, short, answers.choose_option)
                assert isinstance(said, str) and "3 letters" in said, (short, said)
            if len([t for o in decision.options for t in menus.tiles_in(o)
                    if t.char.title.lower().startswith(title[:3])]) == 1:
                assert answers.read_answer(game, decision, title[:3], answers.choose_option) == i


def test_a_short_answer_still_answers_yes_or_no():
    game, ann, _ = bare_table()
    decision = Decision(ann, "ask", "Place a prestige tile?", [Option("yes", True), Option("no", False)], "")
    assert answers.read_answer(game, decision, "y", answers.choose_option) == 0
    assert answers.read_answer(game, decision, "n", answers.choose_option) == 1


def test_a_number_and_an_options_text_copied_from_the_menu_take_that_option():
    game, decision = bid_decision("press press press wild dollar dollar")
    for i in menus.shown_bids(game, decision):
        shown = menus.label(game, decision.options[i]).rsplit(" (", 1)[0]
        for typed in (f"{i + 1}.", f"{i + 1}. {shown}"):
            assert answers.read_answer(game, decision, typed, answers.choose_option) == i, typed


@pytest.mark.parametrize("hand", ["press press press", "press press press wild dollar dollar"])
def test_a_number_before_cards_that_could_mean_two_bids_is_asked_about(hand):
    game, decision = bid_decision(hand)  # `2. press` and `3. 2x press`: is `2 press` option 2 or 2x press?
    asked = 0
    for i in menus.shown_bids(game, decision):
        shown = menus.label(game, decision.options[i]).rsplit(" (", 1)[0]
        typed = f"{i + 1} {shown}"
        result = answers.read_answer(game, decision, typed, answers.choose_option)
        as_cards = answers.read_answer(game, decision, f"{i + 1}x {shown}", refuse)
        if isinstance(as_cards, int) and as_cards != i:  # `3 press` could also be 3x press
            asked += 1
            assert isinstance(result, str) and f"option {i + 1}" in result and f"{i + 1}x" in result, result
        else:
            assert result == i, typed
    assert asked or hand != "press press press"


def test_a_single_card_in_the_draft_says_which_pairs_hold_it():
    game, ann, _ = bare_table()
    set_pairs(game, "dollar plans", "press wild")
    answer(game, "take press")
    ann.draft_turns_left = 1
    draft_turn(game, ann)
    decision = game.chooser.asked[0]
    said = answers.read_answer(game, decision, "plans", answers.choose_option)
    assert isinstance(said, str) and "did you mean" in said and "dollar + plans" in said


def test_a_word_of_an_option_gets_a_did_you_mean():
    game, ann, _ = bare_table()
    decision = Decision(ann, "choose", "vessel to take",
                        [Option("boat Brooklyn-Jersey City", 1), Option("boat Manhattan-Staten Island", 2)], "")
    said = answers.read_answer(game, decision, "brooklyn", answers.choose_option)
    assert isinstance(said, str) and "`boat Brooklyn-Jersey City`, option 1" in said


def test_a_misspelt_card_in_a_bid_gets_a_did_you_mean():
    game, decision = bid_decision("press press prestige wild")
    said = answers.read_answer(game, decision, "prestge", answers.choose_option)
    assert isinstance(said, str) and "did you mean `prestige`" in said
    said = answers.read_answer(game, decision, "2x pres wild", answers.choose_option)
    assert isinstance(said, int) or "did you mean" in said
