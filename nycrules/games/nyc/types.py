"""New York City's value types of the effect language (language/dsltypes.py), with what a player calls
each, registered for messages as New York 1901's are; the order docs/dsl.md lists them in, and the
order of its primitives' categories (language/registry.py)."""

from __future__ import annotations

from ...language import dsltypes, registry

TYPES = {
    "pair": "a pair of cards",
    "borough": "a borough",
    "vessel": "a vessel",
    "vessel_kind": "a vessel kind",
    "colour": "a colour",
    "tile": "a character tile",
    "prestige_tile": "a prestige tile",
    "bidding_round": "a bidding round",
}
dsltypes.add_game_types(TYPES)

# Every type its rulesets use, the language's and its own, as docs/dsl.md lists them.
LISTED = ("int", "bool", "str", "seat", "card", "card_type", *TYPES, "scoring_step", "hook")
registry.order_categories("nyc", ("numbers and lists", "seats and scores", "cards", "characters",
                                  "boroughs and skyscrapers", "vessels and prestige", "bidding", "choices", "log",
                                  "procedure"))
