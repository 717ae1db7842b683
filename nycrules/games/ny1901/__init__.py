"""New York 1901 (issue 29): its board and tiles as data, its state, primitives and views.

Everything of this game that is not a rule lives here (docs/games.md); its rules are the
ruleset rulesets/ny1901/. Importing the package registers its primitives, for its rulesets only,
and gives the loader what it asks of a game: RULESET_SCHEMA, symbols, part, and the keys its table
reads, QUESTION_KEYS (docs/games.md); and the table what it asks: TABLE (table_hooks.py).
"""

from . import primitives_buildings, primitives_land  # noqa: F401  (they register themselves)
from . import table_hooks as TABLE
from .part import NUMBERED, part
from .ruleset_check import RULESET_SCHEMA, symbols
from .typed_answers import QUESTION_KEYS

__all__ = ["NUMBERED", "QUESTION_KEYS", "RULESET_SCHEMA", "TABLE", "part", "symbols"]
