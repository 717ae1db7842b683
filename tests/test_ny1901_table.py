"""New York 1901 played at the table (`nycrules play`), fed through a pipe: the assumed board said
first, the board drawn, a whole move typed in the game's words and taken as the options it names,
a refused placement that changes nothing, `places` and `help` in the rules' terms, undo, save and
load."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from nycrules.agents.seating import parse_seats
from nycrules.diagnostics import NycRulesError
from nycrules.engine.runner import Session
from nycrules.loading.loader import load_ruleset
from nycrules.table.play import PlayGame
from nycrules.table.saves import read_save
from nycrules.table.terminal import Terminal

ROOT = Path(__file__).resolve().parent.parent
RULESET = ROOT / "rulesets" / "ny1901"
SEED = 5


@pytest.fixture(scope="module")
def ruleset():
    return load_ruleset(RULESET)


def start_square(ruleset, seed: int = SEED) -> str:
    """The square where seat 0's starter building stands (its first square) in the game of `seed`."""
    session = Session(ruleset, parse_seats(["you", "bot:random"], ruleset), seed, {})
    session.decision()
    game = session.state
    geometry, city = ruleset.part.geometry, game.city
    number = next(n for n in city.standing() if city.owner(n) == 0)
    return geometry.board.grid.name(city.spot_of(geometry, number).anchor).lower()


def play(ruleset, lines: list[str], tmp_path: Path, seats=("you", "bot:random"), seed: int = SEED):
    out = io.StringIO()
    game = PlayGame(ruleset, parse_seats(list(seats), ruleset), seed, Terminal(io.StringIO("\n".join(lines) + "\n"),
                                                                                 out, False),
                    autosave=tmp_path / "autosave.json", record_file=tmp_path / "last.json")
    code = game.run()
    return code, out.getvalue(), game


def test_the_game_opens_saying_the_board_is_assumed_and_draws_it_within_80_columns(ruleset, tmp_path):
    code, out, _ = play(ruleset, ["quit"], tmp_path)
    lines = out.split("\n")
    assert lines[0].startswith("New York 1901: you (person), Random bot 2 (bot:random); seed 5.")
    assert any("The board is assumed" in line for line in lines[:6])
    assert any(line.startswith(" 1 y1  y1") for line in lines) and "F Fulton Street" in out
    # A file's path is wrapped onto a line of its own and cannot be cut: pytest's temporary folder
    # grows past 80 columns after its 999th run on a machine, so a line naming it is not measured.
    assert [line for line in lines if len(line) > 80 and str(tmp_path) not in line] == []
    assert code == 0


def test_a_whole_move_typed_at_the_turns_first_question_is_taken_as_the_options_it_names(ruleset, tmp_path):
    square = start_square(ruleset)
    code, out, game = play(ruleset, ["no", f"b2a at {square}", "quit"], tmp_path)
    assert "you, choose: Expand or demolish? demolish" in out
    assert "Which skyscraper replaces your buildings? bronze 2a" in out
    assert f"you build bronze 2a at {square.upper()}" in out
    mine = [entry for entry in game.session.history if entry[0] == 0]
    assert len(mine) == 3  # no to Market Shift, demolish, the tile (the one place was taken without asking)


def test_a_refused_placement_says_why_in_one_line_and_changes_nothing(ruleset, tmp_path):
    code, out, game = play(ruleset, ["no", "b3l at z9", "bronz 2a at h1", "s3i at h1", "quit"], tmp_path)
    assert "there is no square Z9 on the board: squares go from A1 to N19" in out
    assert "no tile is called 'bronz 2a' (did you mean `b2a`" in out
    assert "silver is locked for you: it unlocks at 6 points and you have 0" in out
    assert len(game.session.record) == 1  # only the no to Market Shift


def test_places_and_help_speak_of_the_rules(ruleset, tmp_path):
    square = start_square(ruleset)
    code, out, _ = play(ruleset, ["no", "places", "help", "expand", "places", "quit"], tmp_path)
    assert "Demolitions you may make now (expanding first may open more places):" in out
    assert f"b2a (bronze, 2 points): {square.upper()} r0" in out  # over the starter building
    assert "demolish: build a skyscraper over your own buildings of lower generations" in " ".join(out.split())
    assert "places shows where your tiles fit when you are about to build" in out  # a card to take first
    code, out, _ = play(ruleset, ["no", "demolish", "places", "places b2a", "help", "quit"], tmp_path)
    assert f"b2a (bronze, 2 points): {square.upper()} r0" in out or f"[a] {square.upper()} r0" in out
    assert "it fits with its" in out
    assert "Choose the skyscraper that replaces your buildings" in out
    code, out, _ = play(ruleset, ["places", "quit"], tmp_path)  # at the action card offered first
    assert "Demolitions you may make now (expanding first may open more places):" in out


def test_undo_save_and_load_go_on_from_the_same_place(ruleset, tmp_path):
    square = start_square(ruleset)
    saved = tmp_path / "mine.json"
    code, out, game = play(ruleset, ["no", f"b2a at {square}", "undo", f"save {saved}", "quit"], tmp_path)
    assert "(undone)" in out
    record = read_save(saved, ruleset).decisions
    assert record == game.session.record[:len(record)] and len(record) == 2  # back at the tile's question
    again = PlayGame(ruleset, parse_seats(["you", "bot:random"], ruleset), SEED,
                     Terminal(io.StringIO(f"b2b at {square}\nquit\n"), io.StringIO(), False),
                     decisions=list(record), autosave=tmp_path / "a.json", record_file=tmp_path / "l.json")
    again.run()
    assert f"you build bronze 2b at {square.upper()}" in again.terminal.out.getvalue()


@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 2), (4, 3)])
def test_every_option_typed_in_the_games_words_reads_back_as_itself(ruleset, seats, seed):
    """Whole games, random answers: at every decision, each option the game can name in its words
    (`b3l at h1 r1`, `y5`, `red 2`, `red 2 + yellow 2`) is read as that option, or as one a person
    cannot tell from it (two yellow size-2 cards face up), never as another or as a refusal."""
    import random

    from collections import Counter

    from nycrules.table.game_hooks import hooks_of, read_one, typed

    hooks = hooks_of(ruleset)
    names = ["you"] + ["bot:random"] * (seats - 1)
    session = Session(ruleset, parse_seats(names, ruleset), seed, {})
    chooser, checked = random.Random(seed), Counter()

    def check(game, decision) -> None:
        for i in range(decision.count):
            text = typed(hooks, game, decision, i)
            if text is None:
                continue
            found = read_one(hooks, game, decision, text)
            index = found[0] if isinstance(found, tuple) else found
            assert isinstance(index, int), (decision.prompt, text, found)
            same = decision.option(index).label.split(" #")[0] == decision.option(i).label.split(" #")[0]
            assert index == i or same, (decision.prompt, text, decision.option(index).label)
            checked[type(decision.value(i)).__name__] += 1

    while (decision := session.decision()) is not None:
        check(session.state, decision)
        values = [decision.value(i) for i in range(decision.count)]
        if values and type(values[0]).__name__ == "Tile":  # the places of each tile, on copies
            for i in range(decision.count):
                copy = session.clone(agents={}, log_events=False)
                copy.apply(i)
                if copy.decision() is not None and copy.decision().seat.index == decision.seat.index:
                    check(copy.state, copy.decision())
        building = True in values and "build" in decision.prompt.lower()  # build whenever asked: more places
        session.apply(values.index(True) if building else chooser.randrange(decision.count))
    assert checked["Spot"] > 20 and checked["Tile"] > 30 and checked["Territory"] > 100, checked


def test_two_people_at_one_screen_each_answer_their_own_questions(ruleset, tmp_path):
    square = start_square(ruleset, 7)
    code, out, game = play(ruleset, ["no", f"b2a at {square}", "no", "seats", "quit"], tmp_path, seats=("Ann", "Bob"),
                           seed=7)
    assert "Ann, choose: Which skyscraper replaces your buildings? bronze 2a" in out
    assert "Bob: Play Market Shift" in out and "Bob, choose: Expand or demolish?" in out
    assert "Ann: 2 points, 4 workers free, 17 tiles to build, 1 territory" in out  # `seats`, asked by Bob
    assert [entry[0] for entry in game.session.history] == [0, 0, 0, 1]


def test_a_finished_game_is_scored_and_its_record_drawn_by_nycrules_board(ruleset, tmp_path):
    import subprocess
    import sys

    code, out, game = play(ruleset, ["2"] * 600 + ["seats", "quit"], tmp_path)
    assert code == 0 and "Final scoring" in out and " wins with " in out
    assert "Commands: board, seats, picture, log [N], why [N|#E], save FILE, quit" in out
    record = tmp_path / "last.json"
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "board", str(record), "--ruleset", str(RULESET),
                           "--plain"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.split("\n")[1].startswith("   A   B   C")
    assert "you: " in done.stdout and "Random bot 2: " in done.stdout and "standing:" in done.stdout
    picture = tmp_path / "end.svg"
    done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "board", str(record), "--ruleset", str(RULESET),
                           "--svg", str(picture)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and picture.read_text().count("data-square=") == 14 * 19


def test_a_place_typed_at_build_goes_past_a_tile_taken_without_asking(ruleset):
    """When only one tile fits, the game takes it without asking: a whole placement typed at "Build a
    skyscraper?" still ends at its place (yes, then the place), checked on a copy first."""
    import random

    from nycrules.table.game_hooks import hooks_of, read_typed, typed

    hooks = hooks_of(ruleset)
    session = Session(ruleset, parse_seats(["you", "bot:random"], ruleset), 2, {})
    chooser = random.Random(2)
    while (decision := session.decision()) is not None:
        values = [decision.value(i) for i in range(decision.count)]
        building = True in values and "build" in decision.prompt.lower()
        if building and "a skyscraper" in decision.prompt:
            copy = session.clone(agents={}, log_events=True)
            before = len(copy.state.events)
            copy.apply(values.index(True))
            after = copy.decision()
            forced = any(event.kind == "forced" for event in copy.state.events[before:])
            if forced and after is not None and after.count >= 2 and type(after.value(0)).__name__ == "Spot":
                text = typed(hooks, copy.state, after, 1)
                assert read_typed(session, decision, text, hooks) == [values.index(True), 1]
                return
        session.apply(values.index(True) if building else chooser.randrange(decision.count))
    pytest.fail("no build with its tile taken without asking in this game")


def test_land_typed_at_the_turns_first_question_expands_and_claims_it(ruleset, tmp_path):
    code, out, game = play(ruleset, ["y11", "quit"], tmp_path)  # the market holds a yellow size-2 card
    assert "you: Play Market Shift: the face-up territory cards go under the Future Market" in out
    assert "you, choose: Expand or demolish? expand" in out and "you claim yellow territory y11" in out
    assert "you: Build a skyscraper?" in out and len(game.session.record) == 5  # no, expand, no, card, y11


def test_the_facts_above_a_question_fit_80_columns_whatever_the_name(ruleset, tmp_path):
    code, out, _ = play(ruleset, ["quit"], tmp_path, seats=("Annabel Longname", "bot:random"))
    assert "You: 0 points, 4 workers free, 18 tiles to build, up to bronze (silver at 6)" in out.split("\n")
    code, out, _ = play(ruleset, ["quit"], tmp_path)
    assert "you: 0 points, 4 workers free, 18 tiles to build, up to bronze (silver at 6)" in out.split("\n")


def test_a_mod_that_rewords_the_questions_keeps_the_typed_moves_and_help(tmp_path):
    """The table knows the questions by the keys the ruleset gives them (`ask(question, key)`), not by
    their words: a mod that asks them in other words (here in French) plays as the shipped game."""
    import yaml

    shipped = yaml.safe_load((RULESET / "ruleset.yaml").read_text(encoding="utf-8"))["steps"]
    words = {"Play Market Shift: the face-up territory cards go under the Future Market and four new ones are dealt?":
             "Jouer Changement de marché ?", "Build a skyscraper?": "Construire un gratte-ciel ?",
             "Which skyscraper replaces your buildings?": "Quel gratte-ciel remplace vos immeubles ?",
             "Play Land Grab: take two size-2 territory cards?": "Jouer Ruée vers les terres ?",
             "Play Construction Boom: build one more skyscraper?": "Jouer Boom de la construction ?"}
    steps = {}
    for name, text in shipped.items():
        for english, french in words.items():
            text = text.replace(english, french)
        steps[name] = text
    assert all(english not in text for text in steps.values() for english in words)
    mod = tmp_path / "mod.yaml"
    mod.write_text(yaml.safe_dump({"extends": "ny1901",
                                   "ruleset": {"id": "fr1901", "name": "New York 1901", "version": 1,
                                               "game": "ny1901"}, "steps": steps}, allow_unicode=True),
                   encoding="utf-8")
    french = load_ruleset(mod)
    square = start_square(french)
    code, out, game = play(french, [f"b2a at {square}", "quit"], tmp_path)  # at Market Shift: no, demolish, the tile
    assert "Jouer Changement de marché ? no" in out.replace("you: ", "")
    assert "Quel gratte-ciel remplace vos immeubles ? bronze 2a" in out
    assert f"you build bronze 2a at {square.upper()}" in out
    code, out, game = play(french, ["y11", "help", "places", "quit"], tmp_path)
    assert "you claim yellow territory y11" in out and "Construire un gratte-ciel ?" in out
    assert "Building is optional after an expansion" in " ".join(out.split())
    assert "b2a (bronze, 2 points):" in out  # places at the yes-or-no about building: where tiles fit
    code, out, _ = play(french, ["help", "quit"], tmp_path)
    assert "Market Shift: the face-up territory cards go under the Future Market" in " ".join(out.split())


def test_a_seat_named_you_reads_in_the_log_with_verbs_that_agree(ruleset, tmp_path):
    from nycrules.text import said_of

    code, out, game = play(ruleset, ["y11", "no", "log", "quit"], tmp_path)
    assert "you take the yellow size-2 card" in out and "you claim yellow territory y11" in out
    assert "you start on " in out and "you takes" not in out and "you claims" not in out
    assert "Random bot 2 starts on " in out  # another seat's name keeps the third person
    assert [said_of("you", t) for t in ("has a reserve of 2 cards", "passes", "demolishes starter building at C5",
                                         "will bid last", "wins with 31 points", "carries on")] == \
        ["you have a reserve of 2 cards", "you pass", "you demolish starter building at C5", "you will bid last",
         "you win with 31 points", "you carry on"]
    assert said_of("You", "takes 1 dollar") == "You take 1 dollar" and said_of("Ann", "takes") == "Ann takes"


@pytest.mark.parametrize("text", ["tom", "tom:5", "Tom:B4"])
def test_a_seat_of_new_york_citys_automa_is_refused_naming_its_game(ruleset, text):
    """`-s tom` once seated a person called "tom" at New York 1901: a seat text naming a kind another game
    adds says so in one line, with the way to seat a person of that name; `Tom` and `name:tom` are people."""
    with pytest.raises(NycRulesError) as refused:
        parse_seats(["you", text], ruleset)
    message = str(refused.value)
    assert message.startswith(f"New York 1901 has no seat '{text}' (Tom is a seat of New York City); a seat is ")
    assert "\n" not in message and ("name:tom seats one" in message) == (text == "tom")
    for person in ("Tom", "name:tom"):
        assert parse_seats(["you", person], ruleset)[1].kind == "human"
