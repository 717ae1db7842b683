"""The table as a person reads it: board, seats, characters, the log, and final scoring with reasons."""

from __future__ import annotations

import re

from scenario import answer, hire, texts
from scenario_more import bare, build_in, bids, give_vessels, score, set_press
from scenario_tom import tom_table

from nycrules.games.nyc.table import board as board_view
from nycrules.games.nyc.table import views as nyc_views
from nycrules.table import views
from nycrules.games.nyc.table.characters import find_characters, info, phase_text
from nycrules.engine.effects import fire_hook
from nycrules.language.runtime import Frame

WIDTH = 80


def lines_of(text: str) -> list[str]:
    return text.split("\n")


# ------------------------------------------------------------------ bugs of issue 8
def test_press_log_says_how_far_a_token_really_moved():
    game = bare(seats=2)
    ann, ben = game.seats
    set_press(game, (ann, 13), (None, 8), (ben, 0))
    bids(game, "press", {ann: "press press press"})  # 3 ahead + 1 for the highest bid, from space 13
    said = [t for t in texts(game) if "press track" in t]
    assert said[0] == "moves 2 ahead on the press track (space 15)"
    assert said[1] == "stays on space 15 of the press track: it is the end of the track"
    assert ann.token.space == 15


def test_a_hook_prompt_names_the_borough_not_a_placeholder():
    game = bare(seats=2)
    ann = game.seats[0]
    hire(game, ann, 21)  # Foreman acts after a build (hook build.after)
    ann.dollars = 3
    answer(game, "done")
    frame = Frame(game, {"me": ann, "borough": game.borough_by_id["queens"]})
    fire_hook(game, "build.after", frame)
    asked = game.chooser.asked[-1]
    assert "`borough`" not in asked.prompt
    assert "built in Queens" in asked.prompt


def test_tom_prestige_note_does_not_speak_of_his_vessels():
    yaml_text = (game_ruleset_file("tom.yaml"))
    assert "boroughs his vessels reach" not in yaml_text


def game_ruleset_file(name: str) -> str:
    from nycrules.resources import shipped_ruleset
    return (shipped_ruleset() / name).read_text()


def test_all_the_rest_text_halves_the_sum():
    game = bare(seats=2)
    step = next(s for s in game.ruleset.final_scoring if s.id == "rest")
    assert "half the sum of your dollars and the skyscrapers" in step.text.lower()
    ann = game.seats[0]
    ann.dollars, ann.board = 3, 2
    assert score(game)["Ann"]["rest"] == 3  # (3 + 2) / 2 rounded up, not 2 + 2


# ------------------------------------------------------------------ final scoring reasons
def test_majority_lines_name_the_borough_and_the_place():
    game = bare(seats=2)
    ann, ben = game.seats
    build_in(game, ann, manhattan=3)
    build_in(game, ben, manhattan=1)
    score(game)
    value = game.borough_by_id["manhattan"].value
    lines = [f"{game.seats[e.seat].name} {e.text}" for e in game.events if "Manhattan" in e.text]
    assert lines[0].startswith(f"Ann gains {value} points for place 1 in Manhattan")
    assert lines[1].startswith(f"Ben gains {(value + 1) // 2} points for place 2 in Manhattan")


def test_scoring_characters_say_what_they_counted():
    game = bare(seats=2)
    ann = game.seats[0]
    hire(game, ann, 28)  # Yellow Lanterns
    yellow = [b for b in game.boroughs if b.lantern == "yellow"]
    build_in(game, ann, **{yellow[0].id: 2})
    score(game)
    assert "gains 2 points for Yellow Lanterns: 2 skyscrapers by a yellow lantern (" in "\n".join(texts(game))


def test_the_statue_of_liberty_says_why_it_scores():
    game = bare(seats=2)
    ann = game.seats[0]
    build_in(game, ann, **{b.id: 1 for b in game.boroughs})
    bids(game, "press", {})
    from nycrules.engine.effects import run_script
    run_script(game, game.ruleset.part.after_each_round, {})
    assert any(t.startswith("gains 4 points for the Statue of Liberty") for t in texts(game))


def test_tom_dealing_names_each_character_and_marks_the_doubled():
    game = tom_table("B4", ["tom", "human"])
    tom = game.seats[0]
    for tile in list(tom.company):
        tom.company.remove(tile)
    for char_id in (5, 21):  # values 1 and 5
        hire(game, tom, char_id)
    tom.dollars = 3  # one each, and the second on the lowest-valued: Scout doubled
    score(game)
    said = [e.text for e in game.events if e.seat == tom.index and "dealt" in e.text]
    assert said[0].startswith("gains 2 points for Scout, doubled: 2 dollars dealt on it")
    assert said[1].startswith("gains 5 points for Foreman: 1 dollar dealt on it")


def test_the_final_table_adds_up():
    game = bare(seats=2)
    ann, ben = game.seats
    ann.points = 7
    build_in(game, ann, manhattan=2, queens=1)
    ann.dollars = 5
    score(game)
    table = lines_of(nyc_views.final_scores(game))
    rows = {line[:22].strip(): [int(n) for n in line[22:].split()] for line in table[2:]}
    assert list(rows)[0] == "during the game"
    assert rows["during the game"] == [7, 0]
    for i, seat in enumerate(game.seats):
        parts = sum(values[i] for title, values in rows.items() if title != "total")
        assert parts == rows["total"][i] == seat.points


# ------------------------------------------------------------------ characters everywhere
def test_find_a_character_by_number_title_or_unique_start():
    rs = bare().ruleset
    assert [c.id for c in find_characters(rs, "16")] == [16]
    joker = rs.part.characters[16].title
    assert [c.id for c in find_characters(rs, joker.upper())] == [16]
    assert [c.id for c in find_characters(rs, joker[:4].lower())] == [16]
    assert len(find_characters(rs, "")) == 0


def test_info_shows_everything_about_a_character():
    rs = bare().ruleset
    c = rs.part.characters[5]
    text = info(rs, c.title.lower())
    assert text.startswith(f"{c.id} {c.title}")
    for fact in (f"phase {c.phase}", f"value {c.value}", f"{c.copies} cop", c.text, c.loc.short()):
        assert fact in text
    assert "1$ per use" in text
    assert "could be several" in info(rs, "r") or "no character" in info(rs, "r")
    assert info(rs, "zzz").startswith("no character is called 'zzz'")


def test_seats_show_every_company_and_fit_80_columns():
    game = bare(seats=3)
    ann, ben, cat = game.seats
    hire(game, ben, 16)
    tile = hire(game, cat, 5)
    cat.used.add(tile.uid)
    give_vessels(game, ben, "taxi")
    text = nyc_views.seats(game)
    assert f"16 {game.ruleset.part.characters[16].title}" in text
    assert f"5 {game.ruleset.part.characters[5].title} (I, 1, 1$, used)" in text
    assert "taxi" in text
    assert max(len(line) for line in lines_of(text)) <= WIDTH


def test_the_elevator_lists_each_face_up_tile_with_its_text():
    game = bare(seats=2)
    text = nyc_views.elevator(game)
    for value, tiles in game.elevator_rows.items():
        for t in tiles:
            phase = phase_text(t.char.phase)
            line = next(l for l in lines_of(text) if f" {t.char.id} {t.char.title} ({phase})" in l)
            assert line.startswith(f"  {value}:")
            assert line.split(f"({phase}) ")[1][:10] == t.char.text[:10]
    assert max(len(line) for line in lines_of(text)) <= WIDTH


# ------------------------------------------------------------------ the board
def test_board_fits_80_columns_and_names_every_seat_in_full():
    game = bare(seats=4)
    for seat, name in zip(game.seats, ["Annabelle Longname", "Greedy bot", "Bernard the third", "Tom"]):
        seat.name = name
    text = board_view.board(game)
    assert max(len(line) for line in lines_of(text)) <= WIDTH
    for seat in game.seats:
        assert seat.name in text
    assert "seq: sequence letter" in text


def test_board_lists_vessels_by_colour_without_cutting_names():
    game = bare(seats=2)
    text = board_view.board(game)
    for v in game.board_vessels:
        line = next(l for l in lines_of(text) if l.strip().startswith(f"{v.colour} {v.kind}:") or
                    f"{v.ends[0].name} - {v.ends[1].name}" in l)
        assert f"{v.ends[0].name} - {v.ends[1].name}" in line


def test_board_shows_press_stacks_in_order():
    game = bare(seats=2)
    ann, ben = game.seats
    set_press(game, (None, 8), (ben, 3), (ann, 3))
    line = " ".join(board_view.press_lines(game))
    assert re.search(r"1\. neutral \(space 8\)\s+2\. Ben \(space 3, top of a stack\)\s+3\. Ann \(space 3, "
                     r"bottom of a stack\)", line)


def test_board_is_plain_unless_colour_is_asked():
    game = bare(seats=2)
    assert "\033[" not in board_view.board(game)
    coloured = board_view.board(game, colour=True)
    assert "\033[" in coloured
    assert re.sub(r"\033\[[0-9;]*m", "", coloured) == board_view.board(game)


# ------------------------------------------------------------------ log and why
def test_log_numbers_events_and_why_takes_a_count_or_an_event_number():
    game = bare(seats=2)
    ann = game.seats[0]
    bids(game, "press", {ann: "press press"})
    log = views.log(game, 5)
    last = len(game.events)
    assert lines_of(log)[-1].startswith(f"  #{last} ")
    assert len(lines_of(views.why(game, "2"))) == 2
    one = views.why(game, f"#{last}")
    assert one.startswith(f"  #{last} ") and "<-" in one
    assert views.why(game, "#0").startswith("there is no event #0")
    assert views.why(game, "x").startswith("why takes a number")


def test_bids_so_far_say_who_passed_rather_than_a_bid_of_0():
    from nycrules.engine.decisions import Decision, Option
    game = bare(seats=3)
    ann, ben, cat = game.seats
    game.bids_made = {ben: 0, cat: 2}
    decision = Decision(ann, "bid", "Your bid", [Option("pass", ("pass",))], "press round")
    assert f"Bids so far: {ben.name}: passed, {cat.name}: 2" in nyc_views.decision_context(game, decision)
