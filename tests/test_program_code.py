"""An effect that may wait runs as its program written out as one function (language/program_code.py):
the same game as when its instructions run one at a time (engine/effect_task.py, the reference)."""

from __future__ import annotations

from nycrules.agents import seat_agents
from nycrules.agents.seating import parse_seats
from nycrules.engine.effect_task import EffectTask
from nycrules.engine.runner import Session
from nycrules.language.compiler import Compiler
from nycrules.loading.loader import check_ruleset

# Questions in a filter, after `and` / `or`, in a `for` loop that may stop, in a `repeat` loop, into a name.
EFFECT = """\
    takers = [me in seats() where ask("Take a point?")]
    for me in seats():
      if size(takers) > 0 and ask("Stop here?"):
        stop
      gain_points(me, 1, "looped")
      if ask("Pass?") or size(takers) > 1:
        pass
      else:
        n = choose([1, 2, 3], "a number")
        gain_points(me, n, "chosen")
    repeat 2:
      for me in takers:
        pick = choose([4, 5], "another number")
        gain_points(me, pick, "picked")
"""


def _played(tmp_path, monkeypatch, written: bool) -> tuple:
    mod = tmp_path / "mod.yaml"
    mod.write_text("extends: nyc\nbidding:\n  after_each_round: |\n" + EFFECT, encoding="utf-8")
    if not written:  # the probe's way: statements kept apart, so the program runs by its instructions
        monkeypatch.setattr(Compiler, "inline_statements", False)
    rules = check_ruleset(mod, use_cache=False).ruleset
    program = rules.part.after_each_round.program
    assert (program.run is not None) == written
    specs = parse_seats(["bot:random", "bot:random", "bot:random"], rules)
    asked = []
    steps = []
    step = EffectTask.step

    def counted(task, game, value):
        steps.append(task.pc)
        return step(task, game, value)

    monkeypatch.setattr(EffectTask, "step", counted)
    session = Session(rules, specs, 5, seat_agents(specs, 5),
                      observer=lambda game, decision, index: asked.append((decision.prompt, decision.count, index)))
    session.run()
    monkeypatch.undo()
    return asked, steps, [seat.points for seat in session.state.seats], session.history


def test_a_written_program_plays_the_game_its_instructions_play(tmp_path, monkeypatch):
    written = _played(tmp_path, monkeypatch, True)
    by_instructions = _played(tmp_path, monkeypatch, False)
    assert written == by_instructions
    asked, steps, _, _ = written
    prompts = {prompt for prompt, _, _ in asked}
    assert {"Take a point?", "Stop here?", "Pass?", "a number", "another number"} <= prompts
    assert max(steps) > 10  # the runs went on from inside its loops
