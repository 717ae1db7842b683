"""Tom, New York City's automa, as a seat kind the game adds (docs/games.md, "Seat kinds a game adds").

`tom` seats him at the ruleset's default level, `tom:5` at a level of the table, `tom:B4` at a mode
and a card count. The shared seat parser (agents/seating.py) asks the ruleset's game for the kinds
it adds (its part's `seats`, this module's SEATS) and hands each a `--seat` text it does not know.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...diagnostics import NycRulesError
from ...engine.setup import SeatSpec
from ...limits import small_numeral
from ...text import shown, shown_clipped

TOM_CARDS = range(2, 10)  # the cards a Tom may draw in phase I (the rulebook's range)


def tom_level(level: str, ruleset: Any) -> tuple[str, int]:
    """A Tom level, `5` (the table) or `B4` (mode and cards), as (mode, cards)."""
    tom = ruleset.part.tom
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


def _roman(number: int) -> str:
    return ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"][number - 1] if number <= 8 else str(number)


class TomSeats:
    """The seat kind `tom` (see the module's docstring); agents/seating.py says what each member is for."""

    kind = "tom"  # SeatSpec.kind of its seats
    title = "Tom"  # one of its seats, in a sentence ("a person (human), a bot or Tom")
    players = "Toms"  # its seats, in a sentence ("played by bots and Toms only")
    example = "tom"  # a seat text of the kind, for messages
    help = "tom (the recommended level), tom:1..tom:12 or tom:B4"  # its seat texts, in `--seat`'s help
    game_title = "New York City"  # the game it seats, for another game's refusal ("Tom is a seat of ...")

    def parse(self, value: str, ruleset: Any, index: int) -> SeatSpec | None:
        """The seat of a `--seat` text of this kind, None for a text of another. The automa is `tom` in
        lower case (or `tom:LEVEL`); a bare `Tom` is refused rather than guessed (`name:Tom` seats a
        person called Tom)."""
        lowered = value.lower()
        if lowered == "tom" and value != "tom":  # a name, or the automa? (`tom:...` is never a name: no colons)
            raise NycRulesError(f"'{shown(value)}': write `tom` (lower case) for the automa Tom, or "
                                f"`name:{shown(value)}` for a person of that name")
        if lowered != "tom" and not lowered.startswith("tom:"):
            return None
        default = ruleset.part.tom.default_level if ruleset.part.tom else ""
        mode, cards = tom_level(value.split(":", 1)[1] if ":" in value else default, ruleset)
        return SeatSpec("Tom", "tom", f"{mode}{cards}")

    def check(self, spec: SeatSpec, ruleset: Any) -> None:
        """A seat of this kind read from a file (a position, a save): its level one `--seat` takes."""
        if "".join(map(str, tom_level(spec.level, ruleset))) != spec.level:
            raise NycRulesError("Tom's level must be written as a mode and a card count, such as B4")

    def rival(self, ruleset: Any) -> str | None:
        """The seat facing a person who names no seats: Tom at the ruleset's default level."""
        return f"tom:{ruleset.part.tom.default_level}" if ruleset.part.tom else None

    def named(self, specs: list[SeatSpec]) -> list[SeatSpec]:
        """Several Toms at a table are Tom I, Tom II, ..., as the rulebook names them."""
        toms = [i for i, spec in enumerate(specs) if spec.kind == "tom"]
        if len(toms) <= 1:
            return specs
        out = list(specs)
        for n, i in enumerate(toms, 1):
            out[i] = replace(specs[i], name=f"Tom {_roman(n)}")
        return out

    def levels(self, ruleset: Any) -> list[str]:
        """Its seat texts by level, in the order a study takes them in turn (`validate --simulate`)."""
        return [f"tom:{level}" for level in sorted(ruleset.part.tom.levels)] if ruleset.part.tom else []


SEATS = (TomSeats(),)
