"""The procedure form: the shape of the game is the ruleset's, checked like every rule, bounded,
and a mod that changes it changes the game (rulesets/examples/ holds four such mods)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nycrules.agents import seat_agents
from nycrules.diagnostics import RuleRuntimeError
from nycrules.engine.runner import Session
from nycrules.engine.state import Game
from nycrules.games.nyc.mechanics import seats_in_press_order
from nycrules.loading.loader import check_ruleset
from nycrules.engine.model import Ruleset
from nycrules.agents.seating import parse_seats

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "rulesets" / "examples"


def example(name: str) -> Ruleset:
    result = check_ruleset(EXAMPLES / f"{name}.yaml")
    assert result.diagnostics == []
    assert result.ruleset is not None
    return result.ruleset


def mod(tmp_path: Path, text: str) -> Ruleset:
    path = tmp_path / "mod.yaml"
    path.write_text("extends: nyc\n" + text, encoding="utf-8")
    result = check_ruleset(path)
    assert result.diagnostics == [], [d.headline() for d in result.diagnostics]
    assert result.ruleset is not None
    return result.ruleset


def problems(tmp_path: Path, text: str) -> list[str]:
    """`line:col code message` of each diagnostic of a mod of the shipped ruleset."""
    path = tmp_path / "mod.yaml"
    path.write_text("extends: nyc\n" + text, encoding="utf-8")
    result = check_ruleset(path)
    assert result.ruleset is None
    return [f"{d.location.line}:{d.location.column} {d.code} {d.message}" for d in result.diagnostics
            if d.location.file.endswith("mod.yaml")]


def play(ruleset: Ruleset, seats: list[str], seed: int) -> Game:
    specs = parse_seats(seats, ruleset)
    return Session(ruleset, specs, seed, seat_agents(specs, seed)).run()


def rounds_of(game: Game) -> list[list]:
    """The events of each game round (from its header to the next header)."""
    out: list[list] = []
    for event in game.events:
        if event.kind == "header":
            out.append([])
        if out:
            out[-1].append(event)
    return [events for events in out if events[0].text.startswith("Game round")]


def sections(events: list) -> list[str]:
    return [e.text for e in events if e.kind == "section"]


# ------------------------------------------------------------------ the four structure mods
def test_a_seventh_bidding_round_is_played_after_the_six():
    game = play(example("harbour_round"), ["bot:greedy", "bot:random", "tom:5"], 3)
    rounds = rounds_of(game)
    assert len(rounds) == 5
    for events in rounds:
        bidding = [s for s in sections(events) if s.startswith("Phase II:")]
        assert bidding[-1] == "Phase II: Harbour bidding round"
        assert len(bidding) == 7
    harbour = [e for events in rounds for e in events if e.rule == "harbour round action"]
    assert harbour and all(e.text.startswith("takes the ") and " between " in e.text for e in harbour)


def test_the_draft_in_press_order_starts_with_the_seat_ahead():
    for ruleset, first in ((None, -1), (example("draft_in_press_order"), 0)):
        from scenario import nyc
        ruleset = ruleset or nyc()
        starts = []

        def watch(game, decision, index, starts=starts):
            if decision.kind == "draft" and game.rule == "phase I" and not starts_of_round(game, starts):
                starts.append((game.round, decision.seat, seats_in_press_order(game)))
        specs = parse_seats(["bot:random", "bot:random", "bot:random"], ruleset)
        Session(ruleset, specs, 5, seat_agents(specs, 5), observer=watch).run()
        assert [r for r, _, _ in starts] == [1, 2, 3, 4, 5]
        assert all(seat is order[first] for _, seat, order in starts)


def starts_of_round(game, starts) -> bool:
    return any(r == game.round for r, _, _ in starts)


def test_phase_three_before_the_bidding():
    game = play(example("phase3_first"), ["bot:greedy", "bot:random"], 4)
    for events in rounds_of(game):
        assert sections(events)[2:4] == ["Phase III: characters", "Phase II: Press bidding round"]
    # In the shipped game phase III comes after the bidding.
    from scenario import nyc
    for events in rounds_of(play(nyc(), ["bot:greedy", "bot:random"], 4)):
        assert sections(events)[-2:] == ["Phase II: Skyscrapers bidding round", "Phase III: characters"]


def test_a_second_draft_after_the_bidding():
    game = play(example("second_draft"), ["bot:greedy", "bot:random", "bot:random"], 6)
    rounds = rounds_of(game)
    for number, events in enumerate(rounds, 1):
        texts = [e.text for e in events]
        if number < 5:
            assert sections(events)[-1] == "Second draft"
            after = texts[texts.index("Second draft"):]
            assert "3 pairs of cards are dealt" in after
            assert sum("takes the pair" in e.text for e in events[texts.index("Second draft"):]) == 3
            summary = next(i for i, e in enumerate(events) if e.kind == "summary")
            assert summary < texts.index("Second draft")  # after the round's end
        else:
            assert "Second draft" not in sections(events)


# ------------------------------------------------------------------ turns until, with final turns
RACE = """
procedure:
  play:
    - id: race
      rule: race
      section: Race
      turns: seats()
      as: me
      until: dollars(me) >= 3
      at_most: 10
      final_turns: true
      do: gain_dollars(me, 1)
    - id: game_round
      repeat: 0
    - id: final_scoring
"""


def test_turns_until_a_seat_triggers_the_end_then_every_other_seat_once_more(tmp_path):
    ruleset = mod(tmp_path, RACE)
    game = play(ruleset, ["bot:random", "bot:random", "bot:random"], 1)
    race = [e for e in game.events if e.rule == "race" and not e.kind]
    # Everyone starts with 1 dollar: seat 0 reaches 3 on its second turn, then seats 1 and 2 play once more.
    assert [e.seat for e in race] == [0, 1, 2, 0, 1, 2]
    assert [s.dollars for s in game.seats] == [3, 3, 3]


def test_turns_until_end_after_at_most_passes(tmp_path):
    ruleset = mod(tmp_path, RACE.replace("dollars(me) >= 3", "dollars(me) >= 100").replace("at_most: 10",
                                                                                         "at_most: 2"))
    game = play(ruleset, ["bot:random", "bot:random"], 1)
    assert [e.seat for e in game.events if e.rule == "race" and not e.kind] == [0, 1, 0, 1]


# ------------------------------------------------------------------ checked like every rule
def test_a_loop_that_may_never_end_is_refused_with_its_line(tmp_path):
    found = problems(tmp_path, RACE.replace("      at_most: 10\n", ""))
    assert any(p.startswith("10:7 E418 turns `until` a condition may never end") for p in found), found


@pytest.mark.parametrize("change, expected", [
    ("      final_turns: true\n", "      final_turns: true\n      colour: red\n"),
    ("turns: seats()", "turns: 3"),
    ("do: gain_dollars(me, 1)", "do: gain_dollars(you, 1)"),
    ("until: dollars(me) >= 3", "until: dollars(me)"),
    ("      as: me\n", ""),
    ("    - id: game_round\n      repeat: 0\n", "    - id: race\n      do: pass\n"),
])
def test_a_broken_node_is_reported_where_it_is(tmp_path, change, expected):
    found = problems(tmp_path, RACE.replace(change, expected))
    assert found, "no diagnostic"
    assert all(int(p.split(":")[0]) > 1 for p in found)


def test_what_each_broken_node_says(tmp_path):
    def first(old: str, new: str) -> str:
        return problems(tmp_path, RACE.replace(old, new))[0]
    assert "colour" in first("      final_turns: true\n", "      final_turns: true\n      colour: red\n")
    assert first("turns: seats()", "turns: 3") == "8:14 E203 procedure.play[race].turns must be a text"
    assert first("turns: seats()", "turns: points(me)") == "8:21 E401 unknown name 'me'"
    assert first("turns: seats()", "turns: boroughs()") == "8:14 E404 this must be a list of seats, not a list of boroughs"
    assert first("until: dollars(me) >= 3", "until: dollars(me)") == "10:14 E404 this must be yes/no, not a number"
    assert first("do: gain_dollars(me, 1)", "do: gain_dollars(you, 1)").startswith("13:24 E401 unknown name 'you'")
    assert first("      as: me\n", "").startswith("8:14 E417 `turns` needs `as: NAME`")
    assert first("      repeat: 0\n", "      do:\n        - id: race\n          do: pass\n") == (
        "16:15 E407 duplicate procedure id 'race' (first at line 5); ids name one node of the whole procedure")
    assert first("      do: gain_dollars(me, 1)\n", "      run: setup_sea\n").startswith(
        "13:12 E409 unknown step 'setup_sea' (the steps are written in `steps:`); did you mean 'setup_seat'?")
    assert first("      turns: seats()\n      as: me\n", "      repeat: 2\n").startswith("9:7 E417 `until` belongs")


def test_a_procedure_hook_is_named_in_quotes_and_must_exist(tmp_path):
    text = RACE.replace("do: gain_dollars(me, 1)", 'do: offer_characters(me, "phase3.turns", "Now?")')
    assert problems(tmp_path, text)[0].startswith(
        "13:32 E404 argument 'hook' of offer_characters must name a hook the procedure offers")


def test_the_procedure_is_bounded_at_run_time(tmp_path, monkeypatch):
    import nycrules.engine.procedure as procedure
    monkeypatch.setattr(procedure, "MAX_PROCEDURE_STEPS", 50)
    ruleset = mod(tmp_path, RACE.replace("dollars(me) >= 3", "dollars(me) >= 1000").replace("at_most: 10",
                                                                                          "at_most: 1000"))
    with pytest.raises(RuleRuntimeError, match="more than 50 steps"):
        play(ruleset, ["bot:random", "bot:random"], 1)


def test_why_names_the_procedure_line_of_a_procedure_event():
    from nycrules.table.views import why
    from scenario import nyc
    game = play(nyc(), ["bot:random", "bot:random"], 2)
    number = next(i for i, e in enumerate(game.events, 1) if e.text.startswith("the Mayor moves to"))
    lines = (ROOT / "rulesets" / "nyc" / "procedure.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "move_mayor(" in text)
    shown = why(game, f"#{number}")
    assert "<- phase 0 (" in shown and shown.endswith(f"procedure.yaml:{line})")
    header = next(i for i, e in enumerate(game.events, 1) if e.text == "Game round 2")
    title = next(i for i, text in enumerate(lines, 1) if "- id: phase0" in text)
    shown = why(game, f"#{header}")
    assert "<- phase 0 (" in shown and shown.endswith(f"procedure.yaml:{title})")


def test_rules_list_procedure_shows_the_tree_with_its_lines():
    from typer.testing import CliRunner

    from nycrules.cli import app
    result = CliRunner().invoke(app, ["rules", "list", "procedure", "--format", "json"])
    assert result.exit_code == 0, result.output
    import json
    rows = json.loads(result.output)
    by_id = {row["id"]: row for row in rows if row["id"]}
    assert list(by_id)[:3] == ["seat_setup", "start_characters", "start_stacks_revealed"]
    assert "turns reversed(seats_by_press()) as me" in by_id["draft_turns"]["node"]
    assert by_id["draft_turns"]["node"].startswith("      ")  # inside game_round > phase1 > draft_passes
    lines = (ROOT / "rulesets" / "nyc" / "procedure.yaml").read_text(encoding="utf-8").splitlines()
    line = int(by_id["phase3"]["where"].rsplit(":", 1)[1])
    assert lines[line - 1].strip() == "- id: phase3"
    assert rows[-1]["node"].startswith("winner: sort_by(seats_by_press()")


def test_a_shipped_game_takes_far_fewer_procedure_steps_than_the_limit():
    from nycrules.limits import MAX_PROCEDURE_STEPS
    from scenario import nyc
    steps = play(nyc(), ["bot:random"] * 4, 3).cursor.steps
    assert 500 < steps < 2_000 and steps * 100 < MAX_PROCEDURE_STEPS


REMOVE_THE_BOXING = """
procedure:
  setup:
    - id: start_characters
      do:
        - id: start_stacks_left
          remove: true
"""


def test_a_node_is_removed_by_its_id_with_remove_true(tmp_path):
    """A mod removes a procedure node by naming it with `remove: true`: the node is gone, the game plays."""
    ruleset = mod(tmp_path, REMOVE_THE_BOXING)
    assert "start_stacks_left" not in ruleset.procedure.by_id
    assert "start_picks" in ruleset.procedure.by_id
    game = play(ruleset, ["bot:random", "bot:greedy"], 3)
    assert game.finished
    assert not any("start_stacks_left" in str(e.rule) for e in game.events)


def test_remove_names_an_item_the_base_has(tmp_path):
    said = problems(tmp_path, REMOVE_THE_BOXING.replace("start_stacks_left", "start_stack_left"))
    assert len(said) == 1 and "E207" in said[0] and "start_stacks_left" in said[0], said
    said = problems(tmp_path, REMOVE_THE_BOXING.replace("remove: true", "remove: false"))
    assert len(said) == 1 and "remove: true" in said[0], said


def test_when_false_written_as_yaml_says_to_quote_it_and_quoted_skips_the_node(tmp_path):
    node = """
procedure:
  setup:
    - id: start_characters
      do:
        - id: start_stacks_left
          when: false
"""
    said = problems(tmp_path, node)
    assert len(said) == 1 and 'when: "false"' in said[0], said
    ruleset = mod(tmp_path, node.replace("when: false", 'when: "false"'))
    game = play(ruleset, ["bot:random", "bot:greedy"], 3)
    assert game.finished


def test_an_unquoted_list_expression_says_to_quote_it(tmp_path):
    said = problems(tmp_path, """
procedure:
  play:
    - id: game_round
      do:
        - id: phase0
          do:
            - id: round_start_steps
              for_each: [s in seats() where points(s) > 0]
""")
    assert len(said) == 1 and 'for_each: "[s in seats() where points(s) > 0]"' in said[0], said


@pytest.mark.parametrize("key, line", [("at_most", "at_most: 1000000"), ("repeat", "repeat: 5000")])
def test_a_count_over_the_limit_is_refused_by_validate_at_its_line(tmp_path, key, line):
    """A loop bound written as a number beyond MAX_COUNT failed only in the middle of a game."""
    from nycrules.limits import MAX_COUNT
    node = {"at_most": """
procedure:
  play:
    - id: game_round
      do:
        - id: phase1
          do:
            - id: draft_passes
              do:
                - id: draft_turns
                  until: size(display_pairs()) == 0
                  AT
""", "repeat": """
procedure:
  play:
    - id: game_round
      AT
"""}[key].replace("AT", line)
    said = problems(tmp_path, node)
    at = ("extends: nyc\n" + node).split("\n").index(next(l for l in node.split("\n") if line in l)) + 1
    assert len(said) == 1 and said[0].startswith(f"{at}:") and f"{MAX_COUNT}" in said[0], said
    assert "docs/ruleset.md" not in said[0] and "limit" in said[0]


def test_a_scoring_step_run_mid_game_is_booked_during_the_game(tmp_path):
    """A structure mod scoring the majorities at the end of each game round: those points are the
    game's ('during the game'), and the Majorities category holds only the final scoring's."""
    ruleset = mod(tmp_path, """
procedure:
  play:
    - id: game_round
      do:
        - id: end_of_round
          do:
            - id: majorities_each_round
              turns: seats_by_press()
              as: me
              do: score_step(me, first([s in scoring_steps() where title(s) == "Majorities"]))
""")
    game = play(ruleset, ["bot:greedy", "bot:greedy"], 5)
    final = next(i for i, e in enumerate(game.events) if e.kind == "header" and e.text == "Final scoring")
    for seat in game.seats:
        gained_at_the_end = 0
        section = ""
        for event in game.events[final:]:
            if event.kind == "section":
                section = event.text
            elif section == "Majorities" and event.seat == seat.index:
                found = re.match(r"gains (\d+) points? ", event.text)
                gained_at_the_end += int(found.group(1)) if found else 0
        assert seat.scores["majorities"] == gained_at_the_end
        during = seat.points - sum(seat.scores.values())
        assert during > 0
    assert any(e.text.startswith("gains") and "place 1" in e.text for e in game.events[:final])


# ------------------------------------------------------------------ end_game()
ENDS_IN_SETUP = """
procedure:
  setup:
    - id: seat_setup
      rule: setup
      for_each: seats()
      as: me
      run: setup_seat
    - id: the_end
      rule: end
      do: end_game()
"""
ENDS_AT_A_ROUND_S_START = """
procedure:
  play:
    - id: game_round
      repeat: rounds
      as: round
      do:
        - id: phase0
          rule: phase 0
          title: "Game round {round}"
          do: end_game()
    - id: final_scoring
"""


@pytest.mark.parametrize("text", [ENDS_IN_SETUP, ENDS_AT_A_ROUND_S_START], ids=["setup", "round start"])
def test_end_game_ends_the_game_at_once(tmp_path, text):
    """end_game() in setup named a winner, then five rounds were played; at a round's start the
    winner was named at every round and once more at the end."""
    game = play(mod(tmp_path, text), ["bot:random", "bot:random"], 1)
    assert game.finished
    assert [e.kind for e in game.events].count("end") == 1 and game.events[-1].kind == "end"
    assert sum(e.text.startswith("Game round") for e in game.events) == (0 if text is ENDS_IN_SETUP else 1)
    assert game.stack == [] and all(seat.points == 0 for seat in game.seats)


@pytest.mark.parametrize("where", ["characters:\n  - id: 19\n    effect: |\n      end_game()\n",
                                   "steps:\n  round_start_seat: |\n    draw_cards(me, 3)\n    end_game()\n"])
def test_end_game_is_refused_outside_the_procedure(tmp_path, where):
    found = problems(tmp_path, where)
    assert len(found) == 1 and " E413 end_game() ends the game at once: call it in the procedure" in found[0]


@pytest.mark.parametrize("winner", ['"[s in seats() where points(s) > 1000]"', "concat(seats(), seats())",
                                    "sort_by([s in seats_by_press() where not is_tom(s)], s -> -points(s))"])
def test_a_winner_that_may_rank_nobody_is_refused(tmp_path, winner):
    """A ranking that may be empty passed validate and ended simulate in an IndexError (issue 34)."""
    found = problems(tmp_path, f"winner: {winner}\n")
    assert len(found) == 1 and re.match(r"2:\d+ E408 the winner's ranking must hold every seat", found[0]), found


def test_a_winner_that_ranks_every_seat_in_another_order_is_fine(tmp_path):
    game = play(mod(tmp_path, "winner: reversed(sort_by(seats(), s -> points(s)))\n"), ["bot:greedy", "bot:random"], 2)
    assert game.events[-1].seat == max(game.seats, key=lambda s: (s.points, s.index)).index


@pytest.mark.parametrize("text,words", [
    ("steps:\n  round_start_seat: |\n    draw_cards(me, 3)\n    repeat 1001:\n      pass\n",
     "5:12 E408 repeat 1001 is more than the limit of 1000"),
    ("steps:\n  round_start_seat: |\n    draw_cards(me, 1001)\n", "4:20 E408 draw_cards of 1001 is more than the limit"),
    ("steps:\n  round_start_seat: |\n    draw_cards(me, 3)\n    deal_pairs(2000)\n",
     "5:16 E408 deal_pairs of 2000 is more than the limit"),
])
def test_a_count_written_over_its_limit_in_an_effect_is_refused_by_validate_at_its_line(tmp_path, text, words):
    """A count written over the limit passed validate and failed only in play (issue 34; the procedure's
    own `repeat:` and `at_most:` above)."""
    found = problems(tmp_path, text)
    assert len(found) == 1 and found[0].startswith(words), found
