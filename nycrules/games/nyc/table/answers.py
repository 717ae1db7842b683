"""What a person types at a decision, read as one of its options, or one line saying why it is not one.

A number, `#N`, an option's text or a unique start of a shown option's text, a bid as its cards
(`2x press wild`), a pair with + (`dollar + plans`), a character by its number or title, or
`swap A for B`. Only options the menu shows are picked by a start of their text (menus.py), and a
start of one or two letters picks nothing: `h` or `q` is a person asking for help or to quit, not
the option that happens to start with it (a yes-or-no question still takes `y` and `n`).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from typing import Callable

from .menus import bid_value_of, card_types, compact, label, shown_bids, shown_card_sets, swap_of, tiles_in
from ..bids import bid_counts, value_of
from ....engine.decisions import Decision
from ....engine.state import Game
from ..state import Tile
from ....limits import small_numeral
from ....table import answers
from ....table.answers import COPIED as _COPIED, SHORTEST_START, bare as _bare, by_number_sign, shown_line
from ....text import counted

_COUNT = re.compile(r"^(\d{1,2})x?$")
_TIMES = re.compile(r"^x(\d{1,2})$")


def read_cards(game: Game, text: str, starts: bool = True) -> Counter | str | None:
    """`2x prestige skyscraper`, `dollar + plans`, `press, wild`, `prestige x2`, `2x sky` (with `starts`):
    card types; else the first word that is no card type (a str), or None when the text names no cards."""
    kinds = set(game.ruleset.card_type_index)  # none for a game without cards
    words = [w for w in re.split(r"[\s+,]+", text.lower()) if w]
    if not words:
        return None
    out: Counter = Counter()
    count, last = 1, None
    for word in words:
        number = _COUNT.match(word)
        times = _TIMES.match(word)
        if number:
            count = int(number.group(1))
            continue
        if times and last is not None:
            out[last] += int(times.group(1)) - 1
            continue
        kind = _card_type(kinds, word, 3 if starts else 99)
        if kind not in kinds:
            return word
        out[kind] += count
        count, last = 1, kind
    return out if out and count == 1 else None  # `2` or `press 2` name no cards


def parse_cards(game: Game, text: str) -> Counter | None:
    """The card types `text` names in the program's notation (see read_cards), else None."""
    cards = read_cards(game, text)
    return cards if isinstance(cards, Counter) else None


def shown_options(game: Game, decision: Decision) -> list[int]:
    """The options the menu lists (without `more`): only these are picked by a start of their text,
    so a word typed is never taken as an option the person has not seen."""
    if decision.kind != "bid":
        return shown_card_sets(game, decision)
    others = [i for i, o in enumerate(decision.options) if bid_value_of(o) is None and swap_of(o) is None]
    return sorted(others + shown_bids(game, decision))


def read_answer(game: Game, decision: Decision, line: str,
                fallback: Callable[[Game, Decision, str], int | str]) -> int | str:
    """An option index for what a person typed, or one line saying why it is not one."""
    text = " ".join(line.lower().split())
    options = decision.options
    signed = by_number_sign(decision, text)
    if signed is not None:
        return signed
    copied = _copied_from_menu(game, decision, text)
    if copied is not None:
        return copied
    tiles = [(i, t) for i, o in enumerate(options) for t in tiles_in(o)]
    if (typed := small_numeral(text)) is not None:
        chars = sorted(i for i, t in tiles if t.char.id == typed)
        position = typed - 1 if 1 <= typed <= len(options) else None
        if chars and position is not None and position not in chars:  # both could be meant: ask
            char = next(t.char for i, t in tiles if i == chars[0])
            return (f"'{text}' could be option {text} ({label(game, options[position])}) or character {char.id} "
                    f"{char.title}: type #{text} for the option, or the character's title")
        if chars:
            return chars[0]  # several options of one character are the same choice
        return fallback(game, decision, text)
    plain = fallback(game, decision, line)  # an option's text, or a unique start of it, comes first
    if isinstance(plain, int):
        return plain
    swap = re.fullmatch(r"(?:swap|exchange) (\S+) for (\S+)(?: from the reserve)?", text)
    if swap:
        return _swap(game, decision, swap.group(1), swap.group(2))
    by_title = _by_character(text, tiles)
    if by_title is not None:
        return by_title
    ambiguous = sum(options[i].label.lower().startswith(text) for i in shown_options(game, decision)) > 1
    wanted = read_cards(game, text.removeprefix("take "), starts=not ambiguous)  # `eleva`: ambiguous, not a card
    if isinstance(wanted, Counter):
        if decision.kind == "bid" and "+" in text:  # a pair meant for the draft, typed ahead: never a bid
            return (f"'{shown_line(line)}' is written as a pair of cards (with +), but this is a bid: type the "
                    f"bid's cards without + (e.g. `{compact(game, wanted)}`)")
        found = _of_cards(decision, wanted)
        if found is not None:
            return found
    return plain


def _of_cards(decision: Decision, wanted: Counter) -> int | None:
    """The one option (a bid, for a bid) that is exactly these cards, if there is one."""
    matches = [i for i, o in enumerate(decision.options) if card_types(o) == wanted
               and (decision.kind != "bid" or bid_value_of(o) is not None)]
    return matches[0] if len(matches) == 1 else None


def _shown_text(game: Game, option) -> str:
    """An option's text as the menu shows it, without a bid's value or the draft's `take`."""
    return re.sub(r" \(\d+\)$", "", label(game, option)).removeprefix("take ")


def _copied_from_menu(game: Game, decision: Decision, text: str) -> int | str | None:
    """`3.`, `3. press` (copied from the menu) or `3 press`: option 3 when what follows the number is
    its text; when the line read as cards is another option (`3 press` as 3x press), a question."""
    found = _COPIED.match(text)
    if not found or not (found.group(2) or found.group(3)):
        return None
    number, rest = int(found.group(1)), found.group(3)
    if not 1 <= number <= len(decision.options):
        return None if rest else f"there is no option {number}; choose 1-{len(decision.options)}"
    option = decision.options[number - 1]
    if rest is None:
        return number - 1
    shown = _shown_text(game, option).lower()
    if rest != shown and not (len(rest) >= SHORTEST_START and shown.startswith(rest)):
        return None
    if not found.group(2):  # no dot: the line may also be read as cards
        cards = read_cards(game, text)
        other = _of_cards(decision, cards) if isinstance(cards, Counter) else None
        if other is not None and other != number - 1:
            return (f"'{text}' could be option {number} ({_shown_text(game, option)}) or "
                    f"{_shown_text(game, decision.options[other])} (option {other + 1}): type {number} for "
                    f"option {number}, or `{number}x {rest}` for the other")
    return number - 1


def choose_option(game: Game, decision: Decision, line: str) -> int | str:
    """Read an answer: a number, an option's text or a unique start of a shown option's text (a bid's
    cards in any order); else say why not (for a bid, in the words of the rules)."""
    bid = decision.kind == "bid"
    return answers.choose_option(decision, line, shown_options(game, decision),
                                 lambda text: did_you_mean(game, decision, text),
                                 otherwise=(lambda text: explain_bid(game, decision, text)) if bid else None,
                                 any_order=bid)


def did_you_mean(game: Game, decision: Decision, text: str) -> str:
    """`; did you mean ...` naming the options (or characters in them) spelled close to `text`, or ''.
    Only a suggestion: the person still has to type it."""
    names: dict[str, int] = {}
    for i, option in enumerate(decision.options):
        names.setdefault(_bare(label(game, option)).removeprefix("take "), i)
        for tile in tiles_in(option):
            names.setdefault(tile.char.title.lower(), i)
    close = difflib.get_close_matches(text.removeprefix("use "), list(names), n=3, cutoff=0.75)
    found = [(name, names[name]) for name in close] or _options_holding(game, decision, text)
    if not found:
        return ""
    return " (did you mean " + " or ".join(f"`{name}`, option {i + 1}" for name, i in found[:3]) + "?)"


def _options_holding(game: Game, decision: Decision, text: str) -> list[tuple[str, int]]:
    """The options shown that start with a short text, hold its cards (`plans` in the draft), or
    hold it as a word (`brooklyn` for `boat Brooklyn-Jersey City`), as (text shown, index)."""
    cards = read_cards(game, text) if len(text) >= SHORTEST_START else None
    found = []
    for i in shown_options(game, decision):
        option = decision.options[i]
        shown = _shown_text(game, option)
        held = card_types(option)
        titles = [t.char.title.lower() for t in tiles_in(option)]
        if len(text) < SHORTEST_START:
            hit = shown.lower().startswith(text) or any(title.startswith(text) for title in titles)
        elif isinstance(cards, Counter) and held:
            hit = all(held[kind] >= n for kind, n in cards.items())
        else:
            hit = re.search(rf"\b{re.escape(text)}", shown.lower()) is not None
        if hit:
            found.append((shown, i))
    return found


def explain_bid(game: Game, decision: Decision, text: str) -> str:
    """Why a typed bid is not among the options, in the words of the rules."""
    seat = decision.seat
    kinds = list(game.ruleset.card_type_index)
    wanted = read_cards(game, text)
    if not isinstance(wanted, Counter):
        word = wanted if isinstance(wanted, str) else text
        close = difflib.get_close_matches(word, kinds, n=2, cutoff=0.6)
        meant = f" (did you mean {' or '.join(f'`{kind}`' for kind in close)}?)" if close else ""
        return (f"'{shown_line(word)}' is neither an option nor a card type{meant}; a bid is typed as its cards "
                f"({', '.join(sorted(kinds))}; `2x press` for two), or `pass`")
    have = Counter(c.type for c in seat.hand)
    for kind, count in wanted.items():
        if have[kind] < count:
            if not have[kind]:
                return f"you have no {kind} card in your hand"
            return f"you have only {counted(have[kind], kind + ' card')} in your hand, not {count}"
    wild = game.ruleset.part.wild_card
    counts, added = bid_counts(seat, wild)
    counts = Counter(counts) + wanted
    if value_of(game, counts, added) <= 0:
        if set(counts) <= {wild}:
            return "a wild card cannot stand alone in a bid: add a card, or play two wild cards together"
        return (f"a single card that is not {game.bidding_card} counts only with a second card like it or "
                f"with a wild card")
    return "that bid is not among the options"


def _by_character(text: str, tiles: list[tuple[int, Tile]]) -> int | None:
    """`use scout`, `use 5`, `scout`, `joker`: the one option of that character, if exactly one."""
    name = text.removeprefix("use ").strip()
    if not name or not tiles:
        return None
    found = [(i, t.char.id) for i, t in tiles if str(t.char.id) == name or t.char.title.lower() == name]
    if not found and len(name) >= SHORTEST_START:
        found = [(i, t.char.id) for i, t in tiles if t.char.title.lower().startswith(name)]
    if len({char for _, char in found}) != 1:
        return None
    return min(i for i, _ in found)  # several options of one character are the same choice


def _card_type(kinds: set[str], word: str, shortest: int = 3) -> str:
    """A card type from its name, its plural or a unique start of it (`sky`) of at least `shortest`
    letters; else the word itself."""
    if word in kinds:
        return word
    if word.endswith("s") and word[:-1] in kinds:
        return word[:-1]
    starts = [k for k in kinds if k.startswith(word)] if len(word) >= shortest else []
    return starts[0] if len(starts) == 1 else word


def _swap(game: Game, decision: Decision, give: str, take: str) -> int | str:
    kinds = set(game.ruleset.card_type_index)  # none for a game without cards
    give, take = (_card_type(kinds, k, shortest=1) for k in (give, take))
    for i, o in enumerate(decision.options):
        if swap_of(o) == (give, take):
            return i
    if not any(swap_of(o) for o in decision.options):
        return "no exchange with the reserve is possible now"
    for kind in (give, take):
        if kind not in kinds:
            return f"'{kind}' is not a card type ({', '.join(sorted(kinds))})"
    seat = decision.seat
    if not any(c.type == give for c in seat.hand):
        return f"you have no {give} card in your hand"
    if not any(c.type == take for c in seat.reserve):
        return f"your reserve holds no {take} card"
    return "a card is exchanged only for a card of another type"
