"""Hook points: the named places in the procedure where characters act.

A character names its hook in `when:`. Some hooks are fired by the round
procedure (on a seat's draft turn, at the start of a bidding round, ...); the
others are fired by a `hook NAME` statement inside an effect, such as the
prestige round's action. Each hook gives the effects attached to it some
values (its context), and fixes the phase a character must belong to.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class HookPoint:
    name: str
    phase: str  # I, II, III or final: the phase of the characters that may attach
    mode: str  # optional: the seat may use it; instead: replaces a step; automatic: always runs;
    # ordered: always runs, in an order the seat chooses (best first)
    fired_by: str  # "procedure" or "effect" (a `hook` statement)
    help: str
    context: dict[str, str] = field(default_factory=dict)  # name -> type
    writable: tuple[str, ...] = ()  # context values the effect may change
    bid_open: bool = False  # the seat is making its bid here: a character may declare `needs_a_bid`


HOOKS: dict[str, HookPoint] = {h.name: h for h in (
    HookPoint("draft.turn", "I", "optional", "procedure",
              "On your own turn in phase I, before or after you take cards."),
    HookPoint("draft.instead_of_pair", "I", "instead", "procedure",
              "On your own turn in phase I, in place of taking one pair of cards."),
    HookPoint("draft.after_pair", "I", "optional", "procedure",
              "On your own turn in phase I, right after you took cards (`taken`).",
              {"taken": "list[card]"}),
    HookPoint("bidding.start", "II", "optional", "procedure",
              "At the start of each bidding round, offered to the seats in press-track order."),
    HookPoint("bid.turn", "II", "optional", "procedure",
              "On your own turn in a bidding round, before you choose the cards of your bid.",
              bid_open=True),
    HookPoint("bid.after_evaluation", "II", "optional", "procedure",
              "After a bidding round is evaluated, before played cards are discarded."),
    HookPoint("prestige.points", "II", "optional", "effect",
              "When a prestige bid scores; the effect may change `points`.",
              {"points": "int"}, ("points",)),
    HookPoint("build.after", "II", "optional", "effect",
              "After a prestige or skyscraper action built in `borough`.",
              {"borough": "borough"}),
    HookPoint("phase3.turn", "III", "optional", "procedure",
              "In phase III, on your turn (press-track order)."),
    HookPoint("final.scoring", "final", "automatic", "effect",
              "During final scoring; every such character of the seat scores, in order of number."),
    HookPoint("final.sets", "final", "ordered", "effect",
              "During final scoring, for characters that compete for the same things: they score one "
              "after the other in the order the seat chooses, by default the order that gives it the "
              "most points by the end of the final scoring."),
)}
