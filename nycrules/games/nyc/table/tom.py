"""Tom, the automa, explained to a person playing with him: his level in words (from the ruleset's
modes), once at the start, and `help tom`: how a game round goes and how he plays and scores."""

from __future__ import annotations

from ....engine.model import Ruleset
from ....engine.setup import SeatSpec
from ....text import counted
from ..tom_rules import mode_and_cards


def seat_kind(spec: SeatSpec) -> str:
    """A seat's kind as the opening line shows it: person, a bot, or Tom with his level."""
    if spec.kind == "tom":
        return f"Tom {spec.level}"
    return "person" if spec.kind == "human" else spec.kind


def level_text(ruleset: Ruleset, spec: SeatSpec) -> str:
    """`level C5: he draws 5 cards in phase I, and 1 card before each bidding round, keeping ...`."""
    tom = ruleset.part.tom
    letter, cards = mode_and_cards(spec.level)
    mode = tom.modes.get(letter) if tom is not None else None
    text = f"level {spec.level}: he draws {counted(cards, 'card')} in phase I"
    if mode is None or not mode.draws_before_bid:
        return text + " and none before the bidding rounds"
    kept = ("keeps one meant for a later bidding round" if mode.keeps_later_cards
            else "discards one meant for a later bidding round")
    return text + f", and {counted(mode.draws_before_bid, 'card')} before each bidding round (he {kept})"


def at_start(ruleset: Ruleset, specs: list[SeatSpec]) -> list[str]:
    """A few lines for a game with a Tom and a person: who Tom is, his level in words, where to read more."""
    toms = [spec for spec in specs if spec.kind == "tom"]
    if not toms or not any(spec.kind == "human" for spec in specs):
        return []
    lines = [f"{spec.name} is the automa, at {level_text(ruleset, spec)}." for spec in toms]
    return lines + ["`help tom` tells how a game round goes and how Tom plays and scores."]


HELP = """How a game round goes (five in all):
  phase 0    the Mayor moves on, prestige tiles are shown, people draw cards
  phase I    pairs of cards are dealt; each person takes two pairs, one a
             turn, last on the press track first; then Tom takes one pair
             and draws his level's cards: his hand is all he bids with (he
             has no reserve and no player board)
  phase II   six bidding rounds, each with its card: press, dollars,
             elevator (characters), building plans, prestige, skyscrapers;
             the highest bid gets the round's bonus, and a tie goes to the
             seat ahead on the press track
  phase III  people use their phase III characters
How Tom plays:
  - before each bidding round but building plans (which he skips) he
    draws a card at levels B and C: he plays it if it matches the round,
    and keeps or discards one meant for a later round (C keeps it)
  - he bids every card of the round; wild cards (building plans count as
    wild for him) only when they win him the highest bid
  - he hires the leftmost character of the highest row his bid reaches,
    and builds from the supply, at most five skyscrapers in a borough
  - he never uses characters and puts no dollars on them
How Tom scores at the end:
  - his dollars are dealt on his characters, lowest value first, at most
    two on each ("dollars dealt"): two dollars on a character doubles its
    value; with one or none it scores its value
  - the dollars dealt go back ("Tom returns 5 dollars"); those left over
    count with all the rest, as for everyone"""
