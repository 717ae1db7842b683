"""New York City: its vocabulary, moving here from the shared parts (docs/games.md, "Moving New
York City"). Its rules are the ruleset rulesets/nyc/. It gives the loader its part of a ruleset
(`part`, part.py) and the table `TABLE` (table/); what it gives the seat parser is added here as
each part moves.
"""

from . import table as TABLE  # what it gives the table (nycrules/table/game_hooks.py)
from .part import part

__all__ = ["TABLE", "part"]
