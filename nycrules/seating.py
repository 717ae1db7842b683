"""Parse `--seat` values: a person's name, `bot:random`, `bot:greedy`, `tom`, `tom:5` or `tom:B4`."""

from __future__ import annotations

import re

from .diagnostics import NycRulesError
from .engine.setup import SeatSpec
from .model import Ruleset
from .saves import check_seats

BOTS = ("bot:random", "bot:greedy")


def parse_seat(text: str, ruleset: Ruleset, index: int) -> SeatSpec:
    value = text.strip()
    lowered = value.lower()
    if lowered in BOTS:
        return SeatSpec(f"{lowered.split(':')[1].capitalize()} bot {index + 1}", lowered)
    if lowered.startswith("bot:"):
        raise NycRulesError(f"unknown bot '{value}': choose bot:random or bot:greedy")
    if lowered == "tom" or lowered.startswith("tom:"):
        return _tom(value, ruleset, index)
    if not value or not re.fullmatch(r"[\w .'-]{1,20}", value):
        raise NycRulesError(f"a person's seat needs a name of 1-20 letters, digits or spaces, not {value!r}")
    return SeatSpec(value, "human")


def _tom(value: str, ruleset: Ruleset, index: int) -> SeatSpec:
    tom = ruleset.tom
    if tom is None:
        raise NycRulesError("this ruleset has no rules for Tom")
    level = value.split(":", 1)[1].strip().upper() if ":" in value else tom.default_level
    if level.isdigit():
        number = int(level)
        if number not in tom.levels:
            raise NycRulesError(f"Tom's level must be {min(tom.levels)}-{max(tom.levels)} "
                                f"or a mode and card count such as {tom.default_level}, not {level}")
        level = tom.levels[number]
    match = re.fullmatch(r"([A-Z])([0-9])", level)
    if match is None or match.group(1) not in tom.modes or not 2 <= int(match.group(2)) <= 9:
        modes = "/".join(sorted(tom.modes))
        raise NycRulesError(f"Tom's level must be a number from the table or a mode ({modes}) with 2-9 cards, "
                            f"such as {tom.default_level}; not {level}")
    return SeatSpec("Tom", "tom", match.group(1), int(match.group(2)))


def parse_seats(values: list[str], ruleset: Ruleset) -> list[SeatSpec]:
    if not values:
        if ruleset.tom is not None:
            values = ["Player", f"tom:{ruleset.tom.default_level}"]
        else:
            values = ["Player", "bot:greedy"]
    specs = [parse_seat(v, ruleset, i) for i, v in enumerate(values)]
    toms = [i for i, s in enumerate(specs) if s.kind == "tom"]
    if len(toms) > 1:  # Tom I, Tom II, ... as the rulebook names them
        numerals = ["I", "II", "III", "IV"]
        for n, i in enumerate(toms):
            specs[i] = SeatSpec(f"Tom {numerals[n]}", "tom", specs[i].tom_mode, specs[i].tom_cards)
    check_seats(specs, ruleset)
    return specs
