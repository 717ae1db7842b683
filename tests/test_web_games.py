"""`nycrules serve` serves either game with one page (issue 29): the page names no game, and what it
shows of one beside its picture and options comes from the game's TABLE (`PAGE`, `page_hand`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from nycrules.agents.seating import parse_seats  # noqa: E402
from nycrules.api import load  # noqa: E402
from nycrules.engine.runner import Session  # noqa: E402
from nycrules.table.saves import read_save  # noqa: E402
from nycrules.web.game import SPECTATOR, ServedGame  # noqa: E402
from nycrules.web.seat_state import state_for  # noqa: E402

NY1901 = load("ny1901")
NYC = load()


def test_a_new_york_1901_game_is_served_to_its_end_with_its_own_page(tmp_path):
    game = ServedGame(NY1901, parse_seats(["Ann", "bot:random"], NY1901), 4, [], tmp_path / "game.json")
    rng = random.Random(4)
    first = state_for(game, 0)
    assert first["page"]["title"] == "New York 1901" and "b3l at h1" in first["page"]["example"]
    assert first["hand"] is None and "hand" not in state_for(game, SPECTATOR)  # no cards held: no hand shown
    assert 'class="square lot" data-square="A1" data-territory="y1"' in first["board"]  # a territory, clicked
    territories = 0
    while (decision := game.decision()) is not None:
        shown = state_for(game, 0)["decision"]
        assert [option["label"] for option in shown["options"]] == [str(o.label) for o in decision.options]
        territories += any(option["key"].startswith("territory:") for option in shown["options"])
        assert game.answer(0, len(game.session.record), f"#{rng.randrange(decision.count) + 1}") == ""
    last = state_for(game, 0)
    assert last["final"]["names"] == ["Ann", "Random bot 2"] and territories > 0
    assert last["final"]["rows"][-1][1:] == [seat.points for seat in game.session.state.seats]
    game.flush()
    saved = read_save(game.save_path, NY1901)
    assert Session(NY1901, saved.seats, saved.seed, replay=saved.decisions).decision() is None  # saved whole


def test_new_york_citys_page_shows_its_hand_with_the_reserve(tmp_path):
    game = ServedGame(NYC, parse_seats(["Ann", "tom"], NYC), 4, [], tmp_path / "game.json")
    page = state_for(game, 0)
    assert page["page"]["title"] == "New York City" and page["page"]["joiners"] == {"bid": " ", "draft": " + "}
    assert page["hand"]["notes"] == ["Reserve: elevator, elevator"] and page["hand"]["cards"] == []


def test_a_view_of_the_games_own_typed_in_the_answer_box_is_shown_not_taken(tmp_path):
    """New York 1901's `places` (where your tiles fit) and `tiles` work on the page as at the terminal;
    New York City's views are the page's own (hand, chars) or `info`, as before."""
    game = ServedGame(NY1901, parse_seats(["Ann", "bot:random"], NY1901), 4, [], tmp_path / "game.json")
    rng = random.Random(2)
    while not game.decision().prompt.startswith("Which skyscraper"):
        assert game.answer(0, len(game.session.record), f"#{rng.randrange(game.decision().count) + 1}") == ""
    at = len(game.session.record)
    shown = game.own_view(0, at, "places")
    assert shown is not None and "(bronze, " in shown and len(game.session.record) == at  # nothing taken
    assert "b2a" in game.own_view(0, at, "tiles") and "never flipped" in game.own_view(0, at, "tiles")
    assert game.own_view(0, at, "b2a at k6") is None and game.own_view(0, at - 1, "places") is None
    assert game.own_view(0, at, "picture x.svg") is None  # the page draws the board; no file is written
    nyc = ServedGame(NYC, parse_seats(["Ann", "tom"], NYC), 4, [], tmp_path / "nyc.json")
    assert nyc.own_view(0, len(nyc.session.record), "chars") is None


def test_a_command_of_the_terminal_typed_on_the_page_is_answered_with_what_this_games_page_shows(tmp_path):
    """New York 1901's page shows no hand (its seats hold no cards): `board` there says what it shows,
    `hand` is no part of the game, and `seats` (not on its page) is shown as at the terminal."""
    game = ServedGame(NY1901, parse_seats(["Ann", "bot:random"], NY1901), 4, [], tmp_path / "game.json")
    at = len(game.session.record)
    assert game.answer(0, at, "board") == ("`board` is not needed here: this page shows the board and the log, and "
                                           "has buttons for the rest; type an option, or `places`, `tiles`, "
                                           "`seats`, `why #E`, `hint`, `help`, `undo`")
    assert game.answer(0, at, "hand").startswith("`hand` is not part of New York 1901: this page shows the board and")
    seats = game.own_view(0, at, "seats").split("\n")
    assert seats[0].startswith("Ann: 0 points, 4 workers free") and len(seats[2]) + len(" standing:") > 79
    assert seats[3].startswith("    standing: 0 bronze")  # not indented 2: a page would join it to the line before
    nyc = ServedGame(NYC, parse_seats(["Ann", "tom"], NYC), 4, [], tmp_path / "nyc.json")
    at = len(nyc.session.record)
    assert nyc.answer(0, at, "seats") == ("`seats` is not needed here: this page shows the board, your hand and the "
                                          "log, and has buttons for the rest; type an option, or `info`, `why #E`, "
                                          "`hint`, `help`, `undo`")  # as before
    assert nyc.own_view(0, at, "hand") is None and len(nyc.session.record) == at


def test_new_york_1901s_tiles_and_placements_say_on_the_page_what_the_terminal_draws(tmp_path):
    """A tile offered shows its points and shape under its name (the terminal draws them beside the
    options), a placement the squares it covers: a newcomer need not know what `bronze 3l` or `C13` is."""
    game = ServedGame(NY1901, parse_seats(["Ann", "bot:greedy"], NY1901), 9, [], tmp_path / "game.json")
    rng = random.Random(1)
    seen: dict[str, list[str]] = {}
    while game.decision() is not None and len(seen) < 2:
        shown = state_for(game, 0)["decision"]
        if shown["headline"].endswith(("Which skyscraper?", "Where?")):
            seen.setdefault(shown["headline"].split()[-1], [option["detail"] for option in shown["options"]])
        assert game.answer(0, len(game.session.record), f"#{rng.randrange(game.decision().count) + 1}") == ""
    assert seen["skyscraper?"] == ["2 points, 2 squares:\n■■", "3 points, 3 squares:\n■■\n■□"]
    assert seen["Where?"] == ["covers C13, D13", "covers D13, D14"]


def test_new_york_1901s_picture_says_what_its_building_letters_and_dots_are(tmp_path):
    game = ServedGame(NY1901, parse_seats(["Ann", "bot:random"], NY1901), 4, [], tmp_path / "game.json")
    board = state_for(game, 0)["board"]
    assert ">B bronze, S silver, G gold, L legendary, o starter building; a dot: a worker</text>" in board
    assert 'class="generation"' in board  # the letters it explains


def test_new_york_1901s_page_help_names_the_views_that_may_be_typed_in_its_box(tmp_path):
    """Its page shows no other seat's workers nor where tiles fit: its help says what to type for them
    (the terminal's `help` lists them too); New York City's page help is its own, as before."""
    from nycrules.table import game_hooks
    from nycrules.web.app import _shown

    game = ServedGame(NY1901, parse_seats(["Ann", "bot:random"], NY1901), 4, [], tmp_path / "game.json")
    said = _shown(game, 0, "help", {"type": "help"}).split("\n")
    assert said[-4:] == ["Typed in the answer box, as at the terminal:",
                         "  places [TILE]   where your tiles fit now; with a tile, lettered on the board",
                         "  tiles           your skyscrapers not built yet, drawn with their points",
                         "  seats           every seat's points, workers, buildings and action cards"]
    nyc = ServedGame(NYC, parse_seats(["Ann", "tom"], NYC), 4, [], tmp_path / "nyc.json")
    assert game_hooks.page_help(nyc.hooks, nyc.page["shows"]) == game_hooks.hook(nyc.hooks, "PAGE_HELP")


def test_info_typed_on_new_york_1901s_page_names_the_game_it_is_not_part_of(tmp_path):
    from nycrules.web.app import _shown

    game = ServedGame(NY1901, parse_seats(["Ann", "bot:random"], NY1901), 4, [], tmp_path / "game.json")
    assert _shown(game, 0, "info", {"what": "3"}) == ("`info` is not part of New York 1901; `help` says what may be "
                                                       "typed here")
    nyc = ServedGame(NYC, parse_seats(["Ann", "tom"], NYC), 4, [], tmp_path / "nyc.json")
    assert _shown(nyc, 0, "info", {"what": "joker"}).startswith("16 Joker")
