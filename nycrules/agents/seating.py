"""Who sits where: `--seat` values and the seats of a save, checked the same way.

A seat is a person's name, `bot:random`, `bot:greedy`, `bot:mcts` (the search
bot; `bot:mcts:easy`, `bot:mcts:normal` (the default) or `bot:mcts:hard`, or
`bot:mcts:N` for N simulations per decision), or a Tom: `tom` (the
ruleset's default level), `tom:5` (the level table) or `tom:B4` (mode and cards).
"""

from __future__ import annotations

import re
import unicodedata

from ..diagnostics import NycRulesError
from ..engine.setup import SeatSpec, check_seat_count
from ..limits import MAX_NAME_CHARS, small_numeral
from ..engine.model import Ruleset
from ..text import shown, shown_clipped

BOTS = ("bot:random", "bot:greedy", "bot:mcts")
MCTS = re.compile(r"bot:mcts:(\d{1,9})")
MCTS_LEVELS = ("bot:mcts:easy", "bot:mcts:normal", "bot:mcts:hard")  # search.LEVELS
MAX_SIMULATIONS = 1000  # a bound on a search bot's time per decision (about 15-20 s at most)
NAME = re.compile(rf"[\w .'-]{{1,{MAX_NAME_CHARS}}}")
NAME_RULE = f"1-{MAX_NAME_CHARS} letters, digits, spaces, dots, dashes or apostrophes"
TOM_CARDS = range(2, 10)  # the cards a Tom may draw in phase I (the rulebook's range)


def valid_name(name: str) -> bool:
    return bool(NAME.fullmatch(name)) and bool(name.strip())


# Letters of other scripts drawn like Latin ones (Cyrillic and Greek capitals and small letters).
_LOOK_ALIKE = str.maketrans("АВЕКМНОРСТУХаеорсуххіјѕԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν",
                            "ABEKMHOPCTYXaeopcyxxijsdqwABEZHIKMNOPTYXoiv")


def looks_like(first: str, second: str) -> bool:
    """Whether two names read alike on a screen: the same once letters drawn like Latin ones (Cyrillic
    `А`, Greek `Ο`...) are read as those, with accents and compatibility forms folded, and case ignored."""
    return _skeleton(first) == _skeleton(second)


def _skeleton(name: str) -> str:
    folded = unicodedata.normalize("NFKD", name.translate(_LOOK_ALIKE))
    return "".join(ch for ch in folded if not unicodedata.combining(ch)).translate(_LOOK_ALIKE).casefold()


def check_name(name: str) -> str:
    if not valid_name(name):
        raise NycRulesError(f"a seat needs a name of {NAME_RULE}, not '{shown_clipped(name, 40)}'")
    return name


def tom_level(level: str, ruleset: Ruleset) -> tuple[str, int]:
    """A Tom level, `5` (the table) or `B4` (mode and cards), as (mode, cards)."""
    tom = ruleset.tom
    if tom is None:
        raise NycRulesError("this ruleset has no rules for Tom")
    level = level.strip().upper()
    if level.isascii() and level.isdigit():
        number = small_numeral(level)
        if number is None or number not in tom.levels:
            raise NycRulesError(f"Tom's level must be {min(tom.levels)}-{max(tom.levels)} or a mode and "
                                f"card count such as {tom.default_level}, not {shown_clipped(level, 20)}")
        level = tom.levels[number]
    match = re.fullmatch(r"([A-Z])([0-9])", level)
    if match is None or match.group(1) not in tom.modes or int(match.group(2)) not in TOM_CARDS:
        modes = "/".join(sorted(tom.modes))
        raise NycRulesError(f"Tom's level must be a number from the table or a mode ({modes}) with "
                            f"{TOM_CARDS[0]}-{TOM_CARDS[-1]} cards, such as {tom.default_level}; "
                            f"not {shown_clipped(level, 20)}")
    return match.group(1), int(match.group(2))


def parse_seat(text: str, ruleset: Ruleset, index: int) -> SeatSpec:
    """A `--seat` value. The automa is `tom` in lower case (or `tom:LEVEL`); `name:Tom` seats a person
    called Tom, and a bare `Tom` is refused rather than guessed."""
    value = text.strip()
    if value.lower().startswith("name:"):
        return SeatSpec(check_name(value[5:].strip()), "human")
    lowered = value.lower()
    if lowered == "tom" and value != "tom":  # a name, or the automa? (`tom:...` is never a name: no colons)
        raise NycRulesError(f"'{shown(value)}': write `tom` (lower case) for the automa Tom, or "
                            f"`name:{shown(value)}` for a person of that name")
    search = MCTS.fullmatch(lowered)
    if search is not None and not 1 <= int(search.group(1)) <= MAX_SIMULATIONS:
        raise NycRulesError(f"bot:mcts:N needs N from 1 to {MAX_SIMULATIONS} simulations per decision, "
                            f"not {search.group(1)}")
    if lowered in BOTS or lowered in MCTS_LEVELS or search is not None:
        name = lowered.split(":")[1]
        return SeatSpec(f"{name.upper() if name == 'mcts' else name.capitalize()} bot {index + 1}", lowered)
    if lowered.startswith("bot:"):
        raise NycRulesError(f"unknown bot '{shown_clipped(value, 40)}': choose bot:random, bot:greedy, bot:mcts, "
                            f"bot:mcts:easy/normal/hard or bot:mcts:N")
    if lowered == "tom" or lowered.startswith("tom:"):
        default = ruleset.tom.default_level if ruleset.tom else ""
        mode, cards = tom_level(value.split(":", 1)[1] if ":" in value else default, ruleset)
        return SeatSpec("Tom", "tom", mode, cards)
    return SeatSpec(check_name(value), "human")


def _roman(number: int) -> str:
    return ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"][number - 1] if number <= 8 else str(number)


def check_seats(specs: list[SeatSpec], ruleset: Ruleset) -> None:
    """Names must differ, and the ruleset must know how to play with this many seats."""
    check_seat_count(len(specs), ruleset)
    names = [s.name.lower() for s in specs]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise NycRulesError(f"two seats are called '{specs[i].name}'; give each a different name")


def check_read_seats(specs: list[SeatSpec], ruleset: Ruleset) -> None:
    """Seats read from a file (a position): each name, kind and Tom level one that `--seat` and a save
    take, so a name holding terminal escapes or a kind "evil" never reaches a screen or a game."""
    for spec in specs:
        check_name(spec.name)
        if spec.kind == "tom":
            if tom_level(f"{spec.tom_mode}{spec.tom_cards}", ruleset) != (spec.tom_mode, spec.tom_cards):
                raise NycRulesError("Tom's level must be written as a mode and a card count, such as B4")
        elif spec.kind.startswith("bot:") and not (spec.tom_mode or spec.tom_cards):
            if parse_seat(spec.kind, ruleset, 0).kind != spec.kind:
                raise NycRulesError(f"unknown bot '{shown_clipped(spec.kind, 40)}'")
        elif spec.kind != "human" or spec.tom_mode or spec.tom_cards:
            raise NycRulesError(f"a seat is a person (human), a bot or Tom, not '{shown_clipped(spec.kind, 40)}'")
    check_seats(specs, ruleset)


class SeatTypeError(NycRulesError, TypeError):
    """Seats given as something else than texts (from Python: `new_game(["Ann", 5])`)."""


def parse_seats(values: list[str], ruleset: Ruleset) -> list[SeatSpec]:
    if isinstance(values, (str, bytes)) or not all(isinstance(value, str) for value in values):
        wrong = values if isinstance(values, (str, bytes)) else next(v for v in values if not isinstance(v, str))
        raise SeatTypeError(f"seats are a list of texts such as ['Ann', 'bot:greedy', 'tom'], not "
                            f"{shown(repr(wrong))[:40]} ({type(wrong).__name__})")
    if not values:
        values = ["Player", f"tom:{ruleset.tom.default_level}" if ruleset.tom else "bot:greedy"]
    check_seat_count(len(values), ruleset)
    specs = [parse_seat(v, ruleset, i) for i, v in enumerate(values)]
    toms = [i for i, s in enumerate(specs) if s.kind == "tom"]
    if len(toms) > 1:  # Tom I, Tom II, ... as the rulebook names them
        for n, i in enumerate(toms, 1):
            specs[i] = SeatSpec(f"Tom {_roman(n)}", "tom", specs[i].tom_mode, specs[i].tom_cards)
    check_seats(specs, ruleset)
    return specs
