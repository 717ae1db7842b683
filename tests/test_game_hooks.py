"""The table's shell for a game that gives it no TABLE (table/game_hooks.py), and New York City's TABLE
found by its game's name: what a person sees comes from the game's hooks, else from the plain shell."""

from __future__ import annotations

import nycrules
from nycrules.engine.setup import SeatSpec
from nycrules.games.nyc import table as nyc_table
from nycrules.table import answers, game_hooks, menus


def _game():
    session = nycrules.new_game(["Ann", "bot:random"], seed=3)
    decision = session.decision()
    assert decision is not None
    return session, session.state, decision


def test_new_york_city_gives_the_table_its_own_views_as_new_york_1901_does():
    session, game, decision = _game()
    hooks = game_hooks.hooks_of(game.ruleset)
    assert hooks is nyc_table
    assert game_hooks.opening_line(hooks, game.ruleset, [SeatSpec("Ann", "human")], 3).startswith("New York City: ")
    assert "Press track" in game_hooks.board(hooks, game, False)
    assert game_hooks.picture(hooks, game).startswith("<?xml")
    assert "tom" in game_hooks.own_command(hooks, session, decision, "help", "tom", False).lower()


def test_a_game_without_a_table_of_its_own_is_shown_plainly():
    session, game, decision = _game()
    names = [s.name for s in game.seats]
    assert game_hooks.board(None, game, False) == "Points: " + ", ".join(f"{n} 0" for n in names)
    assert game_hooks.seats(None, game, False) == game_hooks.board(None, game, False)
    assert game_hooks.picture(None, game) is None
    assert game_hooks.hand(None, game, game.seats[0], "") == ""
    assert game_hooks.context(None, game, decision) == f"{decision.seat.name}: 0 points"
    specs = [SeatSpec("Ann", "human"), SeatSpec("Bob", "bot:greedy")]
    assert game_hooks.opening_line(None, game.ruleset, specs, 9) == (
        f"{game.ruleset.name}: Ann (person), Bob (bot:greedy); seed 9. Type `help` at any prompt.")
    assert game_hooks.first_lines(None, game.ruleset, specs) == []
    assert game_hooks.after_help(None) == "Commands: board, log [N], why [N|#E], save FILE, quit"
    said = game_hooks.own_command(None, session, decision, "help", "", False)
    assert said.startswith(f"Now: {decision.seat.name} decides: {decision.prompt}\nCommands: ")
    you = nycrules.new_game(["you", "bot:random"], seed=3)
    assert game_hooks.explanation(None, you.state, you.decision()).startswith("Now: you decide: ")
    assert game_hooks.own_command(None, session, decision, "hand", "", False) == (
        f"`hand` is not part of {game.ruleset.name}; `help` lists the commands")
    assert game_hooks.shown_options(None, game, decision) == list(range(decision.count))
    assert game_hooks.unsearched_hint(None) == "taken by rule of thumb, without a search"


def test_the_plain_menu_and_reader_number_every_option_and_read_its_text():
    session, game, decision = _game()
    lines = menus.option_lines(game, decision)
    assert all(f"{i + 1}. {o.label}" in "\n".join(lines) for i, o in enumerate(decision.options))
    label = decision.options[-1].label
    assert answers.read_answer(game, decision, label) == decision.count - 1
    assert answers.read_answer(game, decision, f"#{decision.count}") == decision.count - 1
    assert answers.read_answer(game, decision, f"{decision.count}.") == decision.count - 1
    assert answers.read_answer(game, decision, "#99") == f"there is no option #99; choose #1-#{decision.count}"
    assert "is too short to choose by" in answers.read_answer(game, decision, "q")
    words = decision.options[0].label.lower().split()
    misspelt = " ".join(words[:-1] + [words[-1][:-2] + "zz"])  # a word wrong: nothing taken, the option named
    refused = answers.read_answer(game, decision, misspelt)
    assert refused.startswith(f"'{misspelt}' is not one of the options (did you mean ") and "option 1?)" in refused


def test_rules_list_shows_what_the_game_lists_and_names_the_rest():
    import pytest

    from nycrules.api import load
    from nycrules.diagnostics import NycRulesError
    from nycrules.table.listing import lines, table

    nyc = load("nyc")
    assert table(nyc, "rounds").title == "Bidding rounds" and lines(nyc, "characters")[0].startswith("Characters (")
    other = load("ny1901")
    assert table(other, "scoring").rows and lines(other, "characters") is None
    with pytest.raises(NycRulesError, match="^New York 1901 has no 'characters' to list; it lists scoring, "
                                            "primitives, procedure, hooks$"):
        table(other, "characters")


def test_rules_list_with_nothing_asked_lists_the_games_first_listing():
    from typer.testing import CliRunner

    from nycrules.cli import app

    nyc = CliRunner().invoke(app, ["rules", "list"])
    assert nyc.exit_code == 0 and nyc.output.startswith("Characters (42;")
    other = CliRunner().invoke(app, ["rules", "list", "-r", "ny1901"])  # it has no characters: its scoring
    assert other.exit_code == 0 and other.output.startswith("Final scoring") and "Streets of New York" in other.output
