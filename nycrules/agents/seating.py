"""Who sits where: `--seat` values and the seats of a save, checked the same way.

A seat is a person's name, `bot:random`, `bot:greedy`, `bot:mcts` (the search
bot; `bot:mcts:easy`, `bot:mcts:normal` (the default) or `bot:mcts:hard`, or
`bot:mcts:N` for N simulations per decision), or a seat of a kind the ruleset's
game adds (its part's `seats`, docs/games.md): New York City's automa, for one.
Each such kind (`kind`) gives `parse(text, ruleset, index)` (its seat, or None for
a text of another kind), `check(spec, ruleset)` (a seat read from a file),
`rival(ruleset)` (the seat facing a person who names none, or None), `named(specs)`
(the seats renamed, when several of its kind sit), `levels(ruleset)` (its seat
texts a study takes in turn), and texts: `title`, `players`, `example`, `game_title`.
A seat text of a kind another game adds (its `kind`, alone or before a colon) is
refused at this game's table, naming that game, rather than read as a person's name.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from .. import games
from ..diagnostics import NycRulesError
from ..engine.setup import SeatSpec, check_seat_count
from ..limits import MAX_NAME_CHARS
from ..engine.model import Ruleset
from ..text import shown, shown_clipped

BOTS = ("bot:random", "bot:greedy", "bot:mcts")
MCTS = re.compile(r"bot:mcts:(\d{1,9})")
MCTS_LEVELS = ("bot:mcts:easy", "bot:mcts:normal", "bot:mcts:hard")  # search.LEVELS
MAX_SIMULATIONS = 1000  # a bound on a search bot's time per decision (about 15-20 s at most)
NAME = re.compile(rf"[\w .'-]{{1,{MAX_NAME_CHARS}}}")
NAME_RULE = f"1-{MAX_NAME_CHARS} letters, digits, spaces, dots, dashes or apostrophes"
KIND_WORD = re.compile(r"[a-z][a-z0-9_]*")  # a seat kind's text, before any colon: a lower-case word


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


def game_seats(ruleset: Ruleset) -> tuple[Any, ...]:
    """The seat kinds the ruleset's game adds (its part's `seats`: docs/games.md, "Seat kinds a game adds")."""
    return ruleset.part.seats


def plays_by_the_rules(kind: str) -> bool:
    """Whether a seat of this kind is played by the game's own rules (a kind the game adds, such as an
    automa), not by a person or a bot: nobody answers for it, the runner takes its options."""
    return kind != "human" and not kind.startswith("bot:")


def players(ruleset: Ruleset) -> str:
    """Who plays a game with nobody at the table, in a sentence: "bots", "bots and Toms"."""
    return " and ".join(["bots", *(kind.players for kind in game_seats(ruleset))])


def parse_seat(text: str, ruleset: Ruleset, index: int) -> SeatSpec:
    """A `--seat` value: `name:NAME` seats a person of that name, whatever the name; a kind the game
    adds takes its own texts (and may refuse one it would rather not guess)."""
    value = text.strip()
    if value.lower().startswith("name:"):
        return SeatSpec(check_name(value[5:].strip()), "human")
    for kind in game_seats(ruleset):
        spec = kind.parse(value, ruleset, index)
        if spec is not None:
            return spec
    lowered = value.lower()
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
    other = other_games_kind(value, ruleset)
    if ":" in value or other is not None:  # KIND:SETTING of a kind this game does not add (a name holds no colon)
        person = "a person's name (or name:NAME)" if ":" in value else f"a person's name (name:{value} seats one)"
        kinds = ", ".join([person, "bot:random, bot:greedy, bot:mcts[:LEVEL]",
                           *(kind.example for kind in game_seats(ruleset))])
        whose = f" ({other.title} is a seat of {other.game_title})" if other is not None else ""
        raise NycRulesError(f"{ruleset.name} has no seat '{shown_clipped(value, 40)}'{whose}; a seat is {kinds}")
    return SeatSpec(check_name(value), "human")


def other_games_kind(value: str, ruleset: Ruleset) -> Any:
    """The seat kind of another game that the seat text names (its `kind`, alone, or before a colon in any
    case), or None. Alone, only a lower-case word names one (with a capital letter it is a name), so a
    person's name rarely costs loading the other games."""
    word = value.split(":", 1)[0].lower() if ":" in value else value
    if not KIND_WORD.fullmatch(word):
        return None
    for name in games.names():
        if name != ruleset.part.game:
            kind = next((kind for kind in getattr(games.load(name), "SEATS", ()) if kind.kind == word), None)
            if kind is not None:
                return kind
    return None


def check_seats(specs: list[SeatSpec], ruleset: Ruleset) -> None:
    """Names must differ, and the ruleset must know how to play with this many seats."""
    check_seat_count(len(specs), ruleset)
    names = [s.name.lower() for s in specs]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise NycRulesError(f"two seats are called '{specs[i].name}'; give each a different name")


def check_read_seats(specs: list[SeatSpec], ruleset: Ruleset) -> None:
    """Seats read from a file (a position): each name, kind and setting one that `--seat` and a save
    take, so a name holding terminal escapes or a kind "evil" never reaches a screen or a game."""
    kinds = {kind.kind: kind for kind in game_seats(ruleset)}
    for spec in specs:
        check_name(spec.name)
        plain = spec == SeatSpec(spec.name, spec.kind)  # no setting of a kind the game adds
        if spec.kind in kinds:
            kinds[spec.kind].check(spec, ruleset)
        elif spec.kind.startswith("bot:") and plain:
            if parse_seat(spec.kind, ruleset, 0).kind != spec.kind:
                raise NycRulesError(f"unknown bot '{shown_clipped(spec.kind, 40)}'")
        elif spec.kind != "human" or not plain:
            kinds_said = ", ".join(["a person (human)", "a bot", *(kind.title for kind in kinds.values())])
            kinds_said = " or ".join(kinds_said.rsplit(", ", 1))
            raise NycRulesError(f"a seat is {kinds_said}, not '{shown_clipped(spec.kind, 40)}'")
    check_seats(specs, ruleset)


class SeatTypeError(NycRulesError, TypeError):
    """Seats given as something else than texts (from Python: `new_game(["Ann", 5])`)."""


def parse_seats(values: list[str], ruleset: Ruleset) -> list[SeatSpec]:
    """The seats of `--seat` texts (none: a person against the game's own rival, else a greedy bot)."""
    kinds = game_seats(ruleset)
    if isinstance(values, (str, bytes)) or not all(isinstance(value, str) for value in values):
        wrong = values if isinstance(values, (str, bytes)) else next(v for v in values if not isinstance(v, str))
        example = ", ".join(repr(text) for text in ["Ann", "bot:greedy", *(kind.example for kind in kinds)])
        raise SeatTypeError(f"seats are a list of texts such as [{example}], not "
                            f"{shown(repr(wrong))[:40]} ({type(wrong).__name__})")
    if not values:
        values = ["Player", next((rival for kind in kinds if (rival := kind.rival(ruleset))), "bot:greedy")]
    check_seat_count(len(values), ruleset)
    specs = [parse_seat(v, ruleset, i) for i, v in enumerate(values)]
    for kind in kinds:
        specs = kind.named(specs)
    check_seats(specs, ruleset)
    return specs
