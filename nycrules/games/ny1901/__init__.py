"""New York 1901 (issue 29): its board and tiles as data; its primitives and views come next.

Everything of this game that is not a rule lives here (docs/games.md); its rules are the
ruleset rulesets/ny1901/.
"""
