"""Compiled rules: what the compiler writes in place of a primitive call gives what the call gives."""

from __future__ import annotations

from itertools import product

from nycrules.language import registry
from nycrules.agents import seat_agents
from nycrules.language.runtime import Frame
from nycrules.engine.runner import Session
from nycrules.agents.seating import parse_seats
from scenario import nyc


def _table():
    """The table at the end of a game (seed 5, three random bots): every kind of value is on it."""
    specs = parse_seats(["bot:random"] * 3, nyc())
    return Session(nyc(), specs, 5, seat_agents(specs, 5), log_events=False).run()


def _samples(game) -> dict[str, list]:
    """Values of each type a primitive may be given."""
    seats = game.seats
    return {
        "seat": seats,
        "borough": game.boroughs,
        "tile": [t for s in seats for t in s.company] + game.tiles[:5],
        "card": game.cards[:10],
        "vessel": game.vessels[:6],
        "prestige_tile": game.prestige_stack[:3] + game.prestige_display,
        "list[T]": [[], [1, 2, 3], list(seats)],
    }


def test_every_inline_template_gives_what_its_primitive_gives():
    game = _table()
    samples = _samples(game)
    inlined = [p for p in registry.all_primitives("nyc") if getattr(p.impl, "inline", None)]
    assert len(inlined) >= 15  # the frequent readers of the shipped rules
    for prim in inlined:
        names = [f"a{i}" for i in range(len(prim.params))]
        written = eval(f"lambda {', '.join(['f'] + names)}: {prim.impl.inline.format(*names)}")  # noqa: S307
        frame = Frame(game, {})
        for args in product(*(samples[p.type] for p in prim.params)):
            assert written(frame, *args) == prim.impl(frame, *args), (prim.signature, args)
