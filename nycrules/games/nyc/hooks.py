"""New York City's hook points (language/hooks.py): where in its procedure and effects its characters
act, with the values each gives them."""

from __future__ import annotations

from dataclasses import dataclass

from ...language.hooks import HookPoint, add_hooks


@dataclass(frozen=True)
class Hook(HookPoint):
    """A hook of New York City: of phase I, II, III or final."""

    bid_open: bool = False  # the seat is making its bid here: a character may declare `needs_a_bid`


POINTS = (
    Hook("draft.turn", "I", "optional", "procedure",
         "On your own turn in phase I, before or after you take cards."),
    Hook("draft.instead_of_pair", "I", "instead", "procedure",
         "On your own turn in phase I, in place of taking one pair of cards."),
    Hook("draft.after_pair", "I", "optional", "procedure",
         "On your own turn in phase I, right after you took cards (`taken`).",
         {"taken": "list[card]"}),
    Hook("bidding.start", "II", "optional", "procedure",
         "At the start of each bidding round, offered to the seats in press-track order."),
    Hook("bid.turn", "II", "optional", "procedure",
         "On your own turn in a bidding round, before you choose the cards of your bid.",
         bid_open=True),
    Hook("bid.after_evaluation", "II", "optional", "procedure",
         "After a bidding round is evaluated, before played cards are discarded."),
    Hook("prestige.points", "II", "optional", "effect",
         "When a prestige bid scores; the effect may change `points`.",
         {"points": "int"}, ("points",)),
    Hook("build.after", "II", "optional", "effect",
         "After a prestige or skyscraper action built in `borough`.",
         {"borough": "borough"}),
    Hook("phase3.turn", "III", "optional", "procedure",
         "In phase III, on your turn (press-track order)."),
    Hook("final.scoring", "final", "automatic", "effect",
         "During final scoring; every such character of the seat scores, in order of number."),
    Hook("final.sets", "final", "ordered", "effect",
         "During final scoring, for characters that compete for the same things: they score one "
         "after the other in the order the seat chooses, by default the order that gives it the "
         "most points by the end of the final scoring."),
)
add_hooks(POINTS)
