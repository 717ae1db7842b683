"""Stored playthroughs: every decision (with its number of options and the choice) and the event log.

Each file is replayed from its own recorded choices and compared line by line,
so any change of behaviour shows as a diff. After an intended change, rewrite
them with: NYCRULES_REGEN_GOLDEN=1 python -m pytest tests/test_playthroughs.py
(tests/golden.py): the recorded choices are replayed, so a file changes only where
the game's behaviour did.
"""

from pathlib import Path

import pytest

import golden
from nycrules.agents import make_agent
from nycrules.engine.runner import ReplayMismatch, Session
from nycrules.engine.setup import SeatSpec
from nycrules.table.views import event_line
from scenario import nyc

FOLDER = Path(__file__).parent / "playthroughs"
GAMES = {
    "2-seats-seed-7": (["bot:random", "bot:greedy"], 7),
    "3-seats-seed-11": (["bot:greedy", "bot:random", "bot:random"], 11),
    "4-seats-seed-3": (["bot:random", "bot:greedy", "bot:random", "bot:greedy"], 3),
    "tom-b4-vs-bot-seed-5": (["tom", "bot:greedy"], 5),
}


def specs_for(kinds):
    return [SeatSpec(f"{k} {i}", k, "B4" if k == "tom" else "") for i, k in enumerate(kinds)]


def transcript(kinds, seed, choices=None) -> str:
    """Play (or replay) a game and write down every decision and event."""
    lines = [f"# seats: {', '.join(kinds)}; seed: {seed}", "# decision: seat, kind, options -> choice"]
    agents = {i: make_agent(k, seed * 13 + i) for i, k in enumerate(kinds) if k.startswith("bot")}
    shown = 0
    session = Session(nyc(), specs_for(kinds), seed, agents, replay=list(choices or []))

    def observe(game, decision, index):
        nonlocal shown
        for event in game.events[shown:]:
            lines.append(f"  {event.rule}: {event_line(game, event)}")
        shown = len(game.events)
        lines.append(f"decision {len(session.record)}: {decision.seat.name}, {decision.kind}, "
                     f"{len(decision.options)} -> {index} {decision.options[index].label}")

    session.observer = observe
    game = session.run()
    for event in game.events[shown:]:
        lines.append(f"  {event.rule}: {event_line(game, event)}")
    lines.append("# scores: " + ", ".join(f"{s.name} {s.points}" for s in game.seats))
    return "\n".join(lines) + "\n"


def recorded_choices(text: str) -> list[int]:
    return [int(line.split(" -> ")[1].split(" ", 1)[0]) for line in text.splitlines() if line.startswith("decision ")]


def regenerated(kinds: list[str], seed: int, path: Path) -> str:
    """The stored game replayed from its recorded choices (a new game only where no file is stored)."""
    if not path.exists():
        return transcript(kinds, seed)
    try:
        return transcript(kinds, seed, recorded_choices(path.read_text(encoding="utf-8")))
    except ReplayMismatch as error:
        pytest.fail(f"{path.name}: the recorded choices no longer fit the game ({error}); the game changed "
                    f"at that decision: delete the file to record a new game with today's bots")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_stored_playthrough_replays_identically(name):
    kinds, seed = GAMES[name]
    path = FOLDER / f"{name}.txt"
    if golden.regenerating():
        golden.rewrite(path, regenerated(kinds, seed, path))
    stored = path.read_text(encoding="utf-8")
    replayed = transcript(kinds, seed, recorded_choices(stored))
    assert replayed.splitlines() == stored.splitlines()


def test_same_seed_and_decisions_give_the_same_game_byte_for_byte():
    kinds, seed = GAMES["3-seats-seed-11"]
    assert transcript(kinds, seed) == transcript(kinds, seed)


def test_another_seed_gives_another_game():
    kinds, _ = GAMES["3-seats-seed-11"]
    assert transcript(kinds, 11) != transcript(kinds, 12)


def test_every_change_names_its_rule_and_source_line():
    """Each event (not a header or summary) says which rule acted and where that rule is written."""
    kinds, seed = GAMES["tom-b4-vs-bot-seed-5"]
    agents = {1: make_agent("bot:greedy", 1)}
    game = Session(nyc(), specs_for(kinds), seed, agents).run()
    changes = [e for e in game.events if e.kind in ("", "note")]  # a note is a change explained
    assert len(changes) > 300
    for event in changes:
        assert event.rule, event
        assert event.where is not None and event.where.file.endswith(".yaml") and event.where.line > 0, event
