"""New York City's decisions on an 80x24 screen: which options to show, and what `help` says about the decision
(what a person types is read in answers.py).

An option keeps its number (its position in `decision.options`) whether it is shown or
not, so a number typed always means the same option. The bid menu shows, for each value,
the few bids that use the fewest cards (never one another shown beats in every way);
`more` lists them all, and any legal bid may be typed as its cards. So does a long list
of card sets (a discard from a big hand: 64 sets of six cards): the smallest and the
largest sets are shown, and any set may be typed as its cards.
"""

from __future__ import annotations

import re
import textwrap
from collections import Counter
from typing import Any

from ....engine.decisions import Decision, Option, cards_text
from ....engine.state import Card, Game
from ..state import Pair, Tile
from .characters import one_line, phase_text
from ....table.layout import WIDTH, wrap_items

PER_VALUE = 3  # bids shown for each value
FLOW_OVER = 10  # longer lists of short options flow several to a line
CARD_SET_LINES = 10  # card sets that take more lines than this are shown in part (`more`: all)


# ------------------------------------------------------------------ what an option is
def card_types(option: Option) -> Counter | None:
    """The card types an option stands for (a bid, a pair, a card or a set of cards), else None."""
    value = option.value
    if isinstance(value, tuple) and value and value[0] == "bid":
        return Counter(card.type for card in value[1])
    if isinstance(value, tuple) and value and value[0] == "pair" and isinstance(value[1], Pair):
        return Counter(card.type for card in value[1].cards)
    if isinstance(value, Card):
        return Counter([value.type])
    if isinstance(value, list) and value and all(isinstance(v, Card) for v in value):
        return Counter(card.type for card in value)
    return None


def tile_of(option: Option) -> Tile | None:
    value = option.value
    if isinstance(value, Tile):
        return value
    if isinstance(value, tuple) and len(value) == 2 and value[0] in ("use", "instead") and isinstance(value[1], Tile):
        return value[1]
    return None


def tiles_in(option: Option) -> list[Tile]:
    """The characters an option stands for: one tile, or a stack of start characters."""
    tile = tile_of(option)
    if tile is not None:
        return [tile]
    value = option.value
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, Tile) for v in value):
        return list(value)
    return []


def swap_of(option: Option) -> tuple[str, str] | None:
    value = option.value
    if isinstance(value, tuple) and len(value) == 3 and value[0] == "exchange":
        return value[1].type, value[2].type
    return None


def bid_value_of(option: Option) -> int | None:
    value = option.value
    if isinstance(value, tuple) and len(value) == 3 and value[0] == "bid":
        return value[2]
    return None


def type_order(game: Game) -> dict[str, int]:
    return dict(game.ruleset.card_type_index)


def compact(game: Game, types: Counter) -> str:
    """Cards as `2x prestige skyscraper`, in the order of the card types."""
    return cards_text(game.ruleset, types) or "nothing"


# ------------------------------------------------------------------ display

def label(game: Game, option: Option) -> str:
    """The option as shown: card sets compact, a character's cost, a hired character's text."""
    tile = tile_of(option)
    if tile is not None and option.label.startswith("use "):
        cost = f" ({tile.char.cost}$)" if tile.char.cost else ""
        return option.label + cost
    if isinstance(option.value, Tile):  # a character to take: its value and when it acts
        return f"{tile.char.id} {tile.char.title} (value {tile.value}, {phase_text(tile.char.phase)})"
    value = bid_value_of(option)
    if value is not None:
        types = card_types(option)
        return (compact(game, types) if types else "bid as it stands") + f" ({value})"
    if isinstance(option.value, list):
        types = card_types(option)
        if types is not None:
            return compact(game, types)
    return option.label


def option_lines(game: Game, decision: Decision, every: bool = False) -> list[str]:
    """The lines that show a decision's options (all of them with `every`)."""
    options = decision.options
    if decision.kind == "bid":
        return _bid_lines(game, decision, every)
    numbered = [f"{i + 1}. {label(game, o)}" for i, o in enumerate(options)]
    tiles = [tiles_in(o) for o in options]
    if any(tiles) and not any(o.label.startswith("use ") for o in options):
        lines = []  # characters to choose (a hire, a start stack): each with what it does
        for entry, held in zip(numbered, tiles):
            head = f"  {entry}"
            if len(held) == 1:
                lines.append(f"{head}: {one_line(held[0].char, WIDTH - len(head) - 2)}")
                continue
            lines.append(head)
            for tile in held:  # a stack: each character on a line of its own
                name = f"       {tile.char.id} {tile.char.title}: "
                lines.append(name + one_line(tile.char, WIDTH - len(name)))
        return lines + _position_hint(decision)
    if _long_card_set_list(decision):
        shown = shown_card_sets(game, decision, every)
        lines = _card_set_lines(game, options, shown)
        hidden = len(options) - len(shown)
        if hidden:
            example = compact(game, card_types(options[next(i for i in range(len(options)) if i not in shown)]))
            lines += _wrap(f"  ({hidden} more sets: type a set as its cards, e.g. `{example}`; `more` lists them)")
        return lines
    if len(options) > FLOW_OVER and max(len(n) for n in numbered) <= 24:
        return wrap_items("  ", numbered, sep="   ", indent=2)
    return [f"  {entry}" for entry in numbered] + _position_hint(decision)


def _card_set(option: Option) -> bool:
    return isinstance(option.value, list) and all(isinstance(v, Card) for v in option.value)


def _long_card_set_list(decision: Decision) -> bool:
    options = decision.options
    return len(options) > FLOW_OVER and all(_card_set(o) for o in options)


def shown_card_sets(game: Game, decision: Decision, every: bool = False) -> list[int]:
    """The options the menu of a decision that is not a bid lists: all of them, unless they are card
    sets that take more than `CARD_SET_LINES` lines (and not `every`): then the smallest sets (none or
    one card) and the largest (every card)."""
    options = decision.options
    everything = list(range(len(options)))
    if every or not _long_card_set_list(decision) or len(_card_set_lines(game, options, everything)) <= CARD_SET_LINES:
        return everything
    largest = max(len(o.value) for o in options)
    return [i for i, o in enumerate(options) if len(o.value) <= 1 or len(o.value) == largest]


def _card_set_lines(game: Game, options: list[Option], shown: list[int]) -> list[str]:
    """Sets of cards (a discard and the like) grouped by their number of cards, like the bids by value."""
    by_size: dict[int, list[str]] = {}
    for i in shown:  # the options come by size, then in the order of the card types
        o = options[i]
        by_size.setdefault(len(o.value), []).append(f"{i + 1}. {label(game, o)}")
    lines = []
    for size, entries in sorted(by_size.items()):
        head = f"  {size} card{'s' if size != 1 else ''}: " if size else "  "
        lines += wrap_items(head.ljust(11) if size else head, entries, sep="   ", indent=11)
    return lines


def _position_hint(decision: Decision) -> list[str]:
    """When a number could be a character's or an option's, say how to pick by position."""
    positions = range(1, len(decision.options) + 1)
    clashes = [i for i, o in enumerate(decision.options) for t in tiles_in(o)
               if t.char.id in positions and t.char.id != i + 1]
    if clashes:  # a character's number is another option's position
        return ["  (#N picks option N; a character's number or title picks that character)"]
    return []


def shown_bids(game: Game, decision: Decision) -> list[int]:
    """Per value, the few bids worth considering: none that another bid beats with fewer cards."""
    bids = [(i, bid_value_of(o), card_types(o) or Counter()) for i, o in enumerate(decision.options)
            if bid_value_of(o) is not None]
    wild = game.ruleset.part.wild_card
    keep = []
    for i, value, cards in bids:
        dominated = any(other_value >= value and other != cards and not (other - cards)
                        for _, other_value, other in bids)
        if not dominated:
            keep.append((value, sum(cards.values()), cards[wild], i))
    shown: dict[int, list[int]] = {}
    for value, size, wilds, i in sorted(keep):
        if len(shown.setdefault(value, [])) < PER_VALUE:
            shown[value].append(i)
    return [i for value in sorted(shown) for i in sorted(shown[value])]  # by number within a value


def _bid_lines(game: Game, decision: Decision, every: bool) -> list[str]:
    options = decision.options
    bids = [i for i, o in enumerate(options) if bid_value_of(o) is not None]
    lines = []
    for i, o in enumerate(options):
        if bid_value_of(o) is None and swap_of(o) is None:
            lines.append(f"  {i + 1}. {label(game, o)}")  # pass, characters
    chosen = bids if every else shown_bids(game, decision)
    by_value: dict[int, list[int]] = {}
    for i in chosen:
        by_value.setdefault(bid_value_of(options[i]), []).append(i)
    for value in sorted(by_value):
        entries = [f"{i + 1}. {label(game, options[i]).rsplit(' (', 1)[0]}" for i in by_value[value]]
        lines += wrap_items(f"  value {value}: ", entries, sep="   ", indent=11)
    if any(swap_of(o) is not None for o in options):
        lines.append("  swap A for B: exchange hand card A for reserve card B")
    hidden = len(bids) - len(chosen)
    if hidden > 0:
        lines.append(f"  ({hidden} more bid{'s' if hidden != 1 else ''}: `more` lists them; any bid may be typed "
                     f"as its cards)")
    return lines


# ------------------------------------------------------------------ help
def explain(game: Game, decision: Decision) -> str:
    """What the decision is about, in the rules' terms, and what each kind of option does."""
    seat = decision.seat
    lines = [f"Now: {seat.name} decides: {decision.prompt.rstrip('?.')}."]
    if decision.kind == "bid":
        rnd = next((r for r in game.ruleset.part.rounds if r.card == game.bidding_card), None)
        if rnd is not None:
            lines.append(f"{rnd.title} bidding round: {rnd.text}")
        lines += [  # one paragraph a line: _wrap breaks each to the screen
            f"A bid is cards from your hand. Each {game.bidding_card} card counts 1; two identical cards of "
            "another type count 1 together; a wild card counts 1 with any other card (two wilds alone count 1).",
            "Bids are listed by what they are worth (`value N`); `pass` bids nothing.",
            "`swap CARD for CARD` exchanges a hand card for a reserve card before you bid.",
            "`use N` uses a character (its cost in dollars is in brackets). `more` lists every bid.",
        ]
    elif decision.kind == "draft":
        lines.append("Phase I: take one pair of cards from the display into your hand (type it as shown, "
                     "e.g. `dollar + plans`), or use a phase I character.")
    elif decision.rule == "setup: start characters":
        lines.append("Setup: take one stack of start characters into your company (seats choose in "
                     "turn, the last on the press track first); each acts as its text below says.")
    elif decision.kind == "use":
        lines.append("You may use these characters now; each acts once per game round and costs what is "
                     "in brackets. `done` (or `end turn`) goes on without them.")
    rule_char = _rule_character(game, decision.rule)
    if rule_char is not None:
        lines.append(f"The rule asking: {rule_char.id} {rule_char.title}: {rule_char.text}")
    elif decision.rule and decision.kind != "bid":
        rnd = next((r for r in game.ruleset.part.rounds if decision.rule.startswith(r.id + " ")), None)
        if rnd is not None:
            lines.append(f"The rule asking: the {rnd.title} round: {rnd.text}")
    for char in dict.fromkeys(t.char for o in decision.options for t in tiles_in(o)):
        lines.append(f"  {char.id} {char.title}: {char.text}")
    return "\n".join(wrapped for line in lines for wrapped in _wrap(line))


def _wrap(line: str) -> list[str]:
    indent = len(line) - len(line.lstrip())
    return textwrap.wrap(line, WIDTH - 1, subsequent_indent=" " * (indent + 2)) or [""]


def _rule_character(game: Game, rule: str) -> Any:
    match = re.fullmatch(r"character (\d+)", rule or "")
    return game.ruleset.part.characters.get(int(match.group(1))) if match else None
