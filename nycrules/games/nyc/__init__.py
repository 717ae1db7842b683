"""New York City: its vocabulary, moving here from the shared parts (docs/games.md, "Moving New
York City"). Its rules are the ruleset rulesets/nyc/. It gives the loader what it asks of a game, as
New York 1901 does (ruleset_check.py: `RULESET_SCHEMA`, `symbols`, its sections' `scripts`...; its
part of a ruleset, `part`, part.py), the table `TABLE` (table/), and the agents the seat kinds it adds
(`SEATS`: Tom, seats.py) and what its bots know (bots.py, worth.py), both through its part.
"""

from . import hooks  # noqa: F401  (its hook points, first: its checks and primitives read them)
from . import primitives_bidding, primitives_boroughs, primitives_cards, primitives_characters  # noqa: F401
from . import primitives_procedure, primitives_seats, primitives_vessels  # noqa: F401  (they register themselves, for its rulesets only)
from . import types  # noqa: F401  (its value types, named in messages)
from . import table as TABLE  # what it gives the table (nycrules/table/game_hooks.py)
from .part import NUMBERED, part
from .ruleset_check import (RULESET_SCHEMA, looks_like_a_mod, names, own_steps, procedure_numbers, scripts, symbols,
                            values)
from .seats import SEATS
from . import scenario as SCENARIO  # its table set by hand, for rule testers (nycrules/scenario.py)

__all__ = ["NUMBERED", "RULESET_SCHEMA", "SCENARIO", "SEATS", "TABLE", "looks_like_a_mod", "names", "own_steps", "part",
           "procedure_numbers", "scripts", "symbols", "values"]
