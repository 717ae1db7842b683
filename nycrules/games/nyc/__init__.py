"""New York City: its vocabulary, moving here from the shared parts (docs/games.md, "Moving New
York City"). Its rules are the ruleset rulesets/nyc/; what it gives the loader, the table and the
seat parser is added here as each part moves.
"""

from . import table as TABLE  # what it gives the table (nycrules/table/game_hooks.py)
