"""What a balance study judges of New York 1901 (studies/verdicts.py): its action and bonus cards.

A seat owns an action card it played, and the bonus challenge card in play (every seat, in the
games that deal it): what owning one does for a seat is then its points in those games against
its points in the others. A bot is offered an action card at the yes-or-no that plays it (the
question's key, the card's id), and takes it with a yes.

A card's rules, compared between a mod and its base, are what the ruleset writes about it: the
parameter named after it (`params.gold_tycoon`), the step named after it (`steps.construction_boom`),
and each line of a step or final scoring effect that names it (`"land_grab"`, `params.bronze_baron`)
with the lines indented under it.
"""

from __future__ import annotations

import re
from typing import Any

from ...engine.model import Piece
from .primitives_land import BONUS_CARDS

ACTION_CARDS = ("construction_boom", "market_shift", "land_grab")  # 2.8, by the ids the ruleset names them


def _title(card: str) -> str:
    return card.replace("_", " ").title()


def _naming(source: str, card: str) -> list[str]:
    """The lines of an effect that name the card, each with the block indented under it."""
    named = re.compile(rf'"{card}"|\bparams\.{card}\b')
    lines, found, i = source.split("\n"), [], 0
    while i < len(lines):
        if not named.search(lines[i]):
            i += 1
            continue
        indent, block = len(lines[i]) - len(lines[i].lstrip()), [lines[i].strip()]
        i += 1
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
            block.append(lines[i].strip())
            i += 1
        found.append("\n".join(block))
    return found


def rules_of(ruleset: Any, card: str) -> tuple:
    """What the ruleset writes about the card (see the module's docstring)."""
    effects = [ruleset.steps[name].source for name in sorted(ruleset.steps)]
    effects += [step.effect.source for step in ruleset.final_scoring]
    step = ruleset.steps.get(card)
    return (repr(ruleset.params.get(card)), step.source if step else None,
            tuple(line for source in effects for line in _naming(source, card)))


def pieces(ruleset: Any) -> dict[str, Piece]:
    found = {card: Piece(_title(card), rules_of(ruleset, card), "action cards") for card in ACTION_CARDS}
    found.update((card, Piece(_title(card), rules_of(ruleset, card), "bonus cards")) for card in BONUS_CARDS)
    return found


def owned(game: Any, seat: int) -> tuple[str, ...]:
    city = game.city
    return tuple(city.used_actions[seat]) + ((city.bonus,) if city.bonus in BONUS_CARDS else ())


def offered(decision: Any, index: int) -> tuple[tuple[str, bool], ...]:
    if decision.kind == "ask" and decision.key in ACTION_CARDS and isinstance(index, int) \
            and 0 <= index < decision.count:
        return ((decision.key, decision.value(index) is True),)
    return ()
