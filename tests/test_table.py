"""The table as people meet it (issue 20): input that never costs a card, narration that tells each
thing once, two people at one screen, and listings that fit 80 columns."""

from __future__ import annotations

import io
import re
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scenario import answer, give, stack_deck
from scenario_extra import bare_table, bid_turn
from scenario_tom import before_bid, start_round, tom_table

from nycrules.games.nyc.table import answers, menus
from nycrules.table import narration
from nycrules.table import views
from nycrules.games.nyc.table import views as nyc_views
from nycrules.games.nyc.table.characters import phase_text
from nycrules.engine.decisions import Decision, Option
from nycrules.loading.loader import load_ruleset
from nycrules.table.play import PlayGame
from nycrules.table.terminal import Terminal
from nycrules.resources import shipped_ruleset
from nycrules.agents.seating import parse_seats

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli.py"


def run(*args: str, input: str = "", cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    environ.update(env or {})
    return subprocess.run([sys.executable, str(CLI), *args], input=input, capture_output=True, text=True,
                          cwd=cwd, timeout=120, env=environ)


def bid_decision(hand: str, reserve: str = "", round_id: str = "press"):
    game, ann, ben = bare_table()
    give(game, ann, hand=hand, reserve=reserve, dollars=3)
    answer(game, "pass")
    bid_turn(game, ann, round_id)
    return game, game.chooser.asked[0]


# ------------------------------------------------------------------ input that never costs a card
ISSUE_HAND = "elevator plans plans press press skyscraper wild"


def test_a_start_of_a_hidden_bid_is_not_taken():
    """`skyscraper` is the start of only one bid, `skyscraper wild`, which the menu does not show:
    it is refused with the rule, not taken (it would spend the wild card)."""
    game, decision = bid_decision(ISSUE_HAND)
    hidden = [i for i, o in enumerate(decision.options) if o.label.startswith("skyscraper")]
    assert hidden and not set(hidden) & set(answers.shown_options(game, decision))
    said = answers.read_answer(game, decision, "skyscraper", answers.choose_option)
    assert isinstance(said, str) and "counts only with a second card like it or with a wild card" in said
    whole = answers.read_answer(game, decision, "skyscraper wild", answers.choose_option)  # typed in full: taken
    assert decision.options[whole].label.startswith("skyscraper wild")


def test_the_issues_game_does_not_spend_the_wild_card(tmp_path):
    """The reproduction of issue 20: the press bid `skyscraper` is refused, the game waits."""
    result = run("play", "--seed", "1490136", input="foreman\nwild + elevator\n1\n1\n1\nskyscraper\n", cwd=tmp_path)
    assert "Player> skyscraper\na single card that is not press counts only" in result.stdout
    assert "bids skyscraper wild" not in result.stdout
    assert result.returncode == 3  # the input ends at that bid


@pytest.mark.parametrize("typed, said", [
    ("3x press", "you have only 2 press cards in your hand, not 3"),
    ("2x sky", "you have only 1 skyscraper card in your hand, not 2"),
    ("2x dollar", "you have no dollar card in your hand"),
    ("2x banana", "'banana' is neither an option nor a card type"),
])
def test_the_programs_own_card_notation_is_read_in_refusals(typed, said):
    game, decision = bid_decision(ISSUE_HAND)
    assert answers.read_answer(game, decision, typed, answers.choose_option).startswith(said)


def test_a_start_of_a_card_type_names_it():
    game, decision = bid_decision(ISSUE_HAND)
    index = answers.read_answer(game, decision, "sky wild", answers.choose_option)
    assert menus.card_types(decision.options[index]) == {"skyscraper": 1, "wild": 1}


def test_a_pair_typed_at_a_bid_is_refused():
    """`press + wild` is how a pair of the draft is written: typed ahead into a bid it is refused."""
    game, decision = bid_decision(ISSUE_HAND)
    said = answers.read_answer(game, decision, "press + wild", answers.choose_option)
    assert isinstance(said, str) and "this is a bid" in said and "`press wild`" in said
    assert isinstance(answers.read_answer(game, decision, "press wild", answers.choose_option), int)


def test_a_decision_with_one_option_is_logged_and_told_as_taken_without_asking():
    game, ann, ben = bare_table()
    start = len(game.events)
    assert game.ask(Decision(ann, "draft", "Take a pair", [Option("take dollar + wild", "x")])) == "x"
    game.emit(ann, "takes the pair dollar + wild")
    assert [(e.kind, e.text) for e in game.events[start:]] == [("forced", "take dollar + wild"),
                                                               ("", "takes the pair dollar + wild")]
    told = [line.text for line in narration.told(game, start)]
    assert told == ["Ann takes the pair dollar + wild (the only option: taken without asking)"]


def test_a_bots_decision_with_one_option_is_not_told():
    game, ann, ben = bare_table()
    ben.kind = "bot:random"
    start = len(game.events)
    game.ask(Decision(ben, "draft", "Take a pair", [Option("take dollar + wild", "x")]))
    game.emit(ben, "takes the pair dollar + wild")
    assert [line.text for line in narration.told(game, start)] == ["Ben takes the pair dollar + wild"]


def test_a_pair_typed_ahead_for_a_draft_taken_without_asking_lands_nowhere(tmp_path):
    """Seed 21: Ann's second pair is the only one left and is taken for her; her typed-ahead
    `dollar + prestige` then reaches the next question, which refuses it."""
    answers = "1\n1\ndollar + prestige\n"
    result = run("play", "--seat", "Ann", "--seat", "tom:B4", "--seed", "21", input=answers, cwd=tmp_path)
    out = result.stdout
    assert "Ann takes the pair dollar + prestige (the only option: taken without asking)" in out
    assert "Ann> dollar + prestige\n'dollar + prestige' is not one of the options" in out


class _Keys:
    """Lines typed at a terminal: each read pops one."""

    def __init__(self, lines: list[str]):
        self.lines = lines

    def readline(self, limit: int = -1) -> str:
        return self.lines.pop(0) + "\n" if self.lines else ""


def test_lines_typed_ahead_are_dropped_after_a_decision_taken_without_asking():
    """On a screen, a line typed at `-- more --` was meant for the decision then showing; after a
    decision taken without asking it is dropped, with a word, not given to the next question."""
    terminal = Terminal(_Keys([]), io.StringIO(), False, screen=True)
    terminal.typed_ahead.append("dollar + prestige")
    assert terminal.drop_typed_ahead() is True
    assert terminal.typed_ahead == []
    assert terminal.drop_typed_ahead() is False


@pytest.mark.parametrize("typed, said", [("forman", "did you mean `foreman`, option 1?")])
def test_a_misspelt_answer_gets_a_suggestion_never_a_choice(typed, said, tmp_path):
    result = run("play", "--seed", "1490136", input=f"{typed}\n", cwd=tmp_path)
    assert f"Player> {typed}\n'{typed}' is not one of the options ({said})" in result.stdout
    assert "Player takes the start characters" not in result.stdout


@pytest.mark.parametrize("typed, meant", [("harbor", "39 Harbour Master"), ("Harbor Master", "39 Harbour Master"),
                                          ("lantern", "28 Yellow Lanterns")])
def test_info_and_rules_show_suggest_close_titles(typed, meant, tmp_path):
    from nycrules.games.nyc.table.characters import info
    ruleset = load_ruleset(shipped_ruleset())
    said = info(ruleset, typed)
    assert said.startswith(f"no character is called '{typed}' (did you mean ") and meant in said
    if typed != "lantern":  # `lantern` is also a primitive, which rules show shows
        result = run("rules", "show", typed, cwd=tmp_path)
        assert result.returncode == 1 and meant in result.stderr and "did you mean" in result.stderr


# ------------------------------------------------------------------ narration
def test_tom_playing_the_card_he_drew_is_told_once():
    game = tom_table("B4")
    ann, tom = game.seats
    stack_deck(game, "elevator")
    start = len(game.events)
    before_bid(game, tom, "elevator", done=("press", "dollar"))
    told = [line.text for line in narration.told(game, start)]
    assert "Tom1 plays elevator -- the card he drew matches the round" in told
    assert not any(text.startswith("Tom1: ") or "plays the matching" in text for text in told)


def test_tom_hiring_is_told_once():
    from nycrules.games.nyc.bidding import evaluate_bids
    from test_tom import elevator_table, place_bid, rnd
    game = elevator_table()
    tom, rival = game.seats
    start_round(game, "elevator")
    place_bid(game, tom, "elevator elevator")
    start = len(game.events)
    evaluate_bids(game, rnd(game, "elevator"))
    hires = [line.text for line in narration.told(game, start) if "character" in line.text]
    assert hires == ["Tom0 hires character 3 Archivist (value 3) -- the leftmost character of the highest row "
                     "he reaches"]


def test_a_tom_with_no_card_of_the_round_is_told_to_pass():
    from scenario_extra import bid_round
    game = tom_table("A6")
    ann, tom = game.seats
    give(game, tom, hand="dollar")
    give(game, ann, hand="press")
    start_round(game, "press")
    answer(game, "pass")
    start = len(game.events)
    bid_round(game, "press", ann)
    assert game.bids_made[tom] == 0
    assert [e.text for e in game.events[start:] if e.seat == tom.index] == ["passes"]


def test_a_bid_is_told_in_the_menus_notation():
    game, ann, ben = bare_table()
    give(game, ann, hand="press press wild")
    answer(game, "press press wild (3)")
    bid_turn(game, ann, "press")
    assert game.events[-1].text == "bids 2x press wild: 3"


def test_the_hire_menu_counts_the_highest_bid_and_shows_phases():
    game, ann, ben = bare_table()
    give(game, ann, hand="elevator")
    from nycrules.engine import ops
    ops.move_card(ann.hand[0], ann.played)
    game.bidding_card = "elevator"
    game.bids_made = {ann: 1, ben: 0}
    tiles = [t for value in sorted(game.elevator_rows) for t in game.elevator_rows[value] if t.value <= 2]
    decision = Decision(ann, "choose", "character to hire", [Option(f"{t.char.id} {t.char.title} ({t.value})", t)
                                                             for t in tiles], "elevator round action")
    assert "in your bid: elevator (worth 1, +1 as the highest bid: 2)" in nyc_views.decision_context(game, decision)
    lines = menus.option_lines(game, decision)
    assert all(f"(value {t.value}, {phase_text(t.char.phase)})" in line for t, line in zip(tiles, lines))
    assert any("phase II)" in line for line in lines)
    game.bids_made = {ann: 1, ben: 2}  # not the highest: no extra value
    assert "in your bid: elevator (worth 1)\n" in nyc_views.decision_context(game, decision) + "\n"


def test_counts_are_told_in_the_singular_and_plural():
    game, ann, ben = bare_table()
    give(game, ann, dollars=1)
    ann.points = 1
    assert "  1 dollar, " in nyc_views.hand(game, ann) and ", 1 point, " in nyc_views.hand(game, ann)
    from nycrules.games.nyc.primitives_boroughs import build_from_supply
    from nycrules.games.nyc.primitives_seats import pay_dollars

    class Frame:
        pass
    frame = Frame()
    frame.game = game
    build_from_supply(frame, ann, game.boroughs[0], 1)
    pay_dollars(frame, ann, 1)
    assert [e.text for e in game.events[-2:]] == [f"builds 1 skyscraper in {game.boroughs[0].name} from the supply",
                                                  "returns 1 dollar (0 left)"]


def test_one_more_bid_is_one():
    game, decision = bid_decision("press press dollar dollar plans plans wild")
    lines = menus.option_lines(game, decision)
    hidden = len([o for o in decision.options if menus.bid_value_of(o) is not None]) - \
        len(menus.shown_bids(game, decision))
    assert any(f"({hidden} more bid{'s' if hidden != 1 else ''}: " in line for line in lines)
    assert not any("(1 more bids" in line for line in lines)


# ------------------------------------------------------------------ two people at one screen
def hot_seat(lines: list[str], screen: bool) -> tuple[PlayGame, str]:
    ruleset = load_ruleset(shipped_ruleset())
    out = io.StringIO()
    game = PlayGame(ruleset, parse_seats(["Ann", "Ben"], ruleset), 5, Terminal(_Keys(lines), out, False,
                                                                                screen=screen),
                    autosave=Path(os.devnull))
    game.run()
    return game, out.getvalue()


def test_at_one_screen_the_next_person_gets_it_cleared():
    """Between Ann's and Ben's decisions the screen is handed over and cleared: Ben's prompt never has
    Ann's hand above it."""
    _, out = hot_seat(["", "1", "", "1", "", "1", ""], screen=True)
    assert "Pass the screen to Ben; Ben, press Enter" in out
    screens = out.split("\033[H\033[2J\033[3J")
    assert len(screens) >= 3
    for screen in screens:
        people = {name for name in ("Ann", "Ben") if f"\n{name}: hand " in screen}
        assert len(people) <= 1, screen  # one person's hand per screen


def test_at_one_screen_the_first_decision_is_handed_over_too():
    """The very first person asked gets the screen handed over before the table and their reserve
    are shown: whoever sat down first may be the other person."""
    _, out = hot_seat(["", "1", "", "1", "", "1", ""], screen=True)
    first = out.index("\033[H\033[2J\033[3JPass the screen to Ann; Ann, press Enter")
    assert first < out.index("Ann: hand ") and first < out.index("Setup, before game round 1")
    assert out.index("Pass the screen to Ann") < out.index("Pass the screen to Ben")


def test_through_a_pipe_a_hot_seat_game_reads_as_before():
    _, out = hot_seat(["1", "1", "1"], screen=False)
    assert "Pass the screen" not in out and "\033" not in out


def test_undo_takes_back_only_your_own_decision():
    """Ben may not undo Ann's answer (the start characters she took): undo says why, the game goes on."""
    game, out = hot_seat(["1", "undo", "1"], screen=False)
    assert "Ben> undo\nAnn has answered since your last decision: undo takes back only your own;" in out
    assert "(undone)" not in out
    assert "Ann takes the start characters 23 Critic, 42 Shipping Magnate" in out
    assert "Ben takes the start characters 7 Headhunter, 35 Urban Planner" in out


def typed(monkeypatch, lines: list[str]) -> list[str]:
    """A person at a terminal types these lines (`input()` reads them); gives the prompts shown."""
    prompts = []

    def read(prompt: str = "") -> str:
        prompts.append(prompt)
        if not lines:
            raise EOFError
        return lines.pop(0)
    monkeypatch.setattr("builtins.input", read)
    return prompts


def test_save_then_quit_knows_the_game_is_saved(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ruleset = load_ruleset(shipped_ruleset())
    out = io.StringIO()
    prompts = typed(monkeypatch, ["1", "save mid2.json", "quit"])
    game = PlayGame(ruleset, parse_seats(["Ann", "tom:B4"], ruleset), 3, Terminal(_Keys([]), out, True))
    assert game.run() == 0
    text = out.getvalue()
    assert not any("Save the game to" in prompt for prompt in prompts)
    assert "Game stopped; saved to mid2.json" in text
    assert not (tmp_path / "nycrules-autosave.json").exists()


def test_quit_after_a_save_and_more_decisions_offers_that_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ruleset = load_ruleset(shipped_ruleset())
    out = io.StringIO()
    prompts = typed(monkeypatch, ["save mid2.json", "1", "quit", "no"])
    game = PlayGame(ruleset, parse_seats(["Ann", "tom:B4"], ruleset), 3, Terminal(_Keys([]), out, True))
    assert game.run() == 0
    text = out.getvalue()
    assert any("Save the game to mid2.json before quitting?" in prompt for prompt in prompts)
    assert "it was not saved" not in text and "the last save, mid2.json, is 0 decisions in" in text


# ------------------------------------------------------------------ other output
def test_rules_list_characters_is_a_listing_for_80_columns(tmp_path):
    result = run("rules", "list", "characters", cwd=tmp_path)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "build.after" not in result.stdout  # no internal hook names
    assert any(line.startswith(" 21 Foreman (phase II, value 5") for line in lines)
    assert "      When you build with the prestige or skyscraper action, build one more" in lines


def test_rules_show_wraps_at_80_columns(tmp_path):
    result = run("rules", "show", "21", cwd=tmp_path)
    text = result.stdout.split("\neffect (")[0]
    assert max(len(line) for line in text.splitlines()) <= 80
    assert "text        When you build" in text and "\n            more skyscraper" in text


def test_picture_writes_svg_only_into_an_svg_file(tmp_path, monkeypatch):
    from nycrules.games.nyc.table.help_texts import write_picture
    monkeypatch.chdir(tmp_path)
    game, _, _ = bare_table()
    said = write_picture(game, "x.png")
    assert "ending in .svg" in said and not (tmp_path / "x.png").exists()
    assert write_picture(game, "x.svg").startswith("drew the table") and (tmp_path / "x.svg").exists()


def test_the_board_is_shown_before_the_start_characters(tmp_path):
    result = run("play", "--seed", "1490136", input="", cwd=tmp_path)
    out = result.stdout
    assert "Setup, before game round 1 of 5" in out
    assert out.index("Setup, before game round 1 of 5") < out.index("stack of start characters")


def test_replay_goes_through_the_pager_on_a_terminal(tmp_path):
    from test_play import _env, _on_a_terminal
    record = run("play", "--seat", "bot:random", "--seat", "bot:greedy", "--seed", "4", cwd=tmp_path)
    assert record.returncode == 0, record.stderr
    code, out = _on_a_terminal(["replay", "nycrules-last-game.json"], _env(PAGER="sed s/^/PAGED:/"), b"",
                               tmp_path)
    assert code == 0
    assert b"PAGED:#1 " in out


def test_the_screen_is_cleared_before_it_is_handed_over():
    """Ann's hand is gone before Ben is asked to take the screen, and what happened meanwhile is told
    to Ben after he has it."""
    _, out = hot_seat(["", "1", "", "1", "", "1", ""], screen=True)
    assert "\033[H\033[2J\033[3JPass the screen to Ben; Ben, press Enter" in out
    before, after = out.split("Pass the screen to Ben; Ben, press Enter", 1)
    assert "Ann takes the start characters" not in before
    assert after.index("Ben's turn") < after.index("Ann takes the start characters") < after.index("Ben> ")


def test_events_are_told_as_the_person_at_the_screen_sees_them():
    """An exchange names the cards only to the seat that made it; the other person reads what the
    table saw (Event.seen_by), in the play, in `log` and in `why`."""
    game, ann, ben = bare_table()
    start = len(game.events)
    game.emit(ann, "exchanges press from the hand for wild from the reserve",
              public="exchanges a card of the hand for one of the reserve")
    assert [t.text for t in narration.told(game, start, viewer=ann.index)] == \
        ["Ann exchanges press from the hand for wild from the reserve"]
    assert [t.text for t in narration.told(game, start, viewer=ben.index)] == \
        ["Ann exchanges a card of the hand for one of the reserve"]
    assert "wild from the reserve" not in views.log(game, 3, ben.index) + views.why(game, "3", ben.index)
    assert "wild from the reserve" in views.log(game, 3, ann.index)


def test_a_bid_made_only_by_characters_reads_as_such():
    game, ann, ben = bare_table()
    ann.virtual.append("prestige")
    game.bidding_card = "prestige"
    line = [l for l in nyc_views.hand(game, ann).split("\n") if "in your bid" in l][0]
    assert line == "  in your bid: prestige (from characters) (worth 1)"


# ------------------------------------------------------------------ watching bots
def watch_bots(delay: float | None, monkeypatch) -> tuple[PlayGame, str, list[float]]:
    """Two bots played at a 24-row screen where nobody presses Enter."""
    import time
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    ruleset = load_ruleset(shipped_ruleset())
    out = io.StringIO()
    terminal = Terminal(_Keys([]), out, False, rows=24, screen=True, delay=delay)
    game = PlayGame(ruleset, parse_seats(["bot:random", "bot:greedy"], ruleset), 7, terminal,
                    autosave=Path(os.devnull), record_file=Path(os.devnull))
    assert game.run() == 0
    return game, out.getvalue(), slept


def test_watching_bots_with_a_delay_runs_on_by_itself(monkeypatch):
    """--delay SECONDS: no `-- more --` waits for Enter; each bot's move is followed by that pause."""
    game, out, slept = watch_bots(0.5, monkeypatch)
    assert "-- more" not in out
    assert "wins with" in out and "=== Game round 5 ===" in out
    assert slept and set(slept) == {0.5}
    assert len(slept) == len(game.session.record)  # one pause after each decision of a bot


def test_without_a_delay_watching_bots_waits_for_enter(monkeypatch):
    _, out, slept = watch_bots(None, monkeypatch)
    assert "-- more: press Enter --" in out and not slept


def test_the_delay_is_checked(tmp_path):
    for bad in ("-1", "100", "soon", "nan", "inf"):
        result = run("play", "--seat", "bot:random", "--seat", "bot:greedy", "--delay", bad, cwd=tmp_path)
        assert result.returncode == 2 and "--delay" in result.stderr and len(result.stderr.strip().split("\n")) <= 3
    result = run("play", "--seat", "bot:random", "--seat", "bot:greedy", "--seed", "3", "--delay", "0",
                 cwd=tmp_path)
    assert result.returncode == 0 and "wins with" in result.stdout


def test_replay_shows_a_chosen_seats_hand_at_each_of_its_decisions(tmp_path):
    record = run("play", "--seat", "Ann", "--seat", "bot:greedy", "--seed", "4", input="1\n1\n1\n1\n", cwd=tmp_path)
    saved = next(tmp_path.glob("nycrules-autosave*.json"))
    for chosen in ("Ann", "ann", "1"):
        out = run("replay", str(saved), "--seat", chosen, cwd=tmp_path).stdout
        lines = out.split("\n")
        decisions = [i for i, line in enumerate(lines) if re.match(r"#\d+ Ann: ", line)]
        assert decisions
        for i in decisions:  # just above each of Ann's decisions: her hand and reserve, as play showed them
            above = lines[max(0, i - 4):i]
            assert any(line.startswith("Ann: hand ") for line in above), above
        assert "Greedy bot 2: hand " not in out
    plain = run("replay", str(saved), cwd=tmp_path).stdout
    assert "Ann: hand " not in plain
    wrong = run("replay", str(saved), "--seat", "Bob", cwd=tmp_path)
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1 and "Ann" in wrong.stderr
