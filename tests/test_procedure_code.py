"""The compiled procedure (engine/procedure_code.py) plays exactly as the interpreter, its reference:
the same events, decisions and positions (cursor and step count included), for the shipped ruleset,
every example mod and the forms the shipped ruleset does not use."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nycrules.agents import seat_agents
from nycrules.agents.seating import parse_seats
from nycrules.diagnostics import RuleRuntimeError
from nycrules.engine import procedure
from nycrules.engine.model import Ruleset
from nycrules.engine.procedure_code import compiled
from nycrules.engine.runner import Session
from nycrules.loading.loader import check_ruleset

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "rulesets" / "examples").glob("*.yaml"))

# Turns that go round until a seat triggers the end, then the others' final turns; a `when` on a
# list of nodes; a title with an expression; a skipped seat.
FORMS = """
procedure:
  play:
    - id: race
      rule: race
      section: "Race of {size(seats())}"
      turns: seats()
      as: me
      until: dollars(me) >= 3
      at_most: 10
      final_turns: true
      do: gain_dollars(me, 1)
    - id: extra
      when: size(seats()) > 1
      do:
        - id: rich
          turns: seats()
          as: me
          skip_if: dollars(me) < 3
          stop_if: points(me) > 100
          do: gain_points(me, 1)
    - id: game_round
      repeat: 1
      as: round
      do:
        - id: phase0
          title: "Game round {round}"
          do:
            - id: round_start
              do: |
                start_game_round(round)
                move_mayor(first(boroughs()))
    - id: final_scoring
"""


def load(path: Path) -> Ruleset:
    result = check_ruleset(path)
    assert result.diagnostics == [], [d.headline() for d in result.diagnostics]
    assert result.ruleset is not None
    return result.ruleset


def positions(ruleset: Ruleset, seats: list[str], seed: int, interpreted: bool, monkeypatch) -> list:
    """Each position of a game whose decisions are answered at random (seeded), as JSON text, then
    its events; run by the compiled procedure or the interpreter."""
    monkeypatch.setattr(procedure, "COMPILED", not interpreted)
    session = Session(ruleset, parse_seats(seats, ruleset), seed, {})
    rng = random.Random(seed)
    seen = []
    while (decision := session.decision()) is not None:
        data = session.position()
        data.pop("check", None)
        seen.append(json.dumps(data, sort_keys=True))
        session.apply(rng.randrange(decision.count))
    seen.append([(e.seat, e.kind, e.rule, e.text, e.where) for e in session.events()])
    return seen


@pytest.mark.parametrize("path", [ROOT / "rulesets" / "nyc"] + EXAMPLES, ids=lambda p: p.stem)
def test_compiled_procedure_plays_as_the_interpreter(path, monkeypatch):
    ruleset = load(path)
    seats = ["Ann", "Bob", "tom"]
    assert positions(ruleset, seats, 3, False, monkeypatch) == positions(ruleset, seats, 3, True, monkeypatch)


def test_forms_not_in_the_shipped_ruleset_compile_and_play_as_interpreted(tmp_path, monkeypatch):
    path = tmp_path / "forms.yaml"
    path.write_text("extends: nyc\n" + FORMS, encoding="utf-8")
    ruleset = load(path)
    source = compiled(ruleset.procedure).source
    assert "next_item(game, cursor" in source  # turns `until`: the interpreter's own function
    assert ".run(Frame(" not in source  # every condition, loop's items and title computed in place
    assert "if not ((scope['me'].dollars) < " in source  # with no frame where only names and values are read
    for seed in (1, 2):
        seats = ["Ann", "Bob", "Cy"]
        ours = positions(ruleset, seats, seed, False, monkeypatch)
        assert ours == positions(ruleset, seats, seed, True, monkeypatch)
        assert any(text == "Race of 3" for _, _, _, text, _ in ours[-1])


def test_a_game_goes_on_from_a_position_the_interpreter_made(monkeypatch):
    ruleset = load(ROOT / "rulesets" / "nyc")
    specs = parse_seats(["Ann", "Bob"], ruleset)
    monkeypatch.setattr(procedure, "COMPILED", False)
    session = Session(ruleset, specs, 5, {})
    for _ in range(40):
        session.apply(0)
    data = session.position()
    monkeypatch.setattr(procedure, "COMPILED", True)
    again = Session.from_position(ruleset, data)
    for _ in range(40):
        session.apply(0)
        again.apply(0)
    assert again.position() == session.position()


@pytest.mark.parametrize("form, failing", [("stop_if: points(me) > 100", "stop_if: 1 // (dollars(me) - 3) > 0"),
                                           ("Race of {size(seats())}", "Race of {seats()[7]}")])
def test_a_failure_names_the_same_rule_and_line(tmp_path, monkeypatch, form, failing):
    path = tmp_path / "fails.yaml"
    path.write_text("extends: nyc\n" + FORMS.replace(form, failing), encoding="utf-8")
    ruleset = load(path)
    failures = []
    for interpreted in (False, True):
        monkeypatch.setattr(procedure, "COMPILED", not interpreted)
        specs = parse_seats(["bot:random", "bot:random"], ruleset)
        with pytest.raises(RuleRuntimeError) as caught:
            Session(ruleset, specs, 1, seat_agents(specs, 1)).run()
        failures.append(str(caught.value))
    assert failures[0] == failures[1]
    assert "fails.yaml" in failures[0]
