"""Decisions: every choice a seat makes, with its enumerated legal options.

A decision knows how many options it has and builds option i on demand, so a
bot that picks an index never pays for labels it does not read. Every option
has a display `label`, an engine `value` and a `key`: a stable name that does
not depend on display wording (`pass`, `card:wild`, `seat:1`, a game's own such as `char:5`),
for saves, tools and researchers.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from .state import Card, Seat


class Option:
    __slots__ = ("label", "value", "key")

    def __init__(self, label: str, value: Any, key: str | None = None):
        self.label = label  # what a person reads and may type (a unique start is enough)
        self.value = value  # what the engine does with it
        self.key = key if key is not None else option_key(value)

    def __repr__(self) -> str:
        return f"<option {self.key!r}: {self.label}>"


class Decision:
    """A question to one seat: a list of options, values to label on demand, or a count and a builder.

    A builder must give distinct labels and keys itself; a list is made distinct here
    (options a person cannot tell apart get `#2`, `#3`). With `values` and `label`, the
    options (and their labels) are only made when someone reads them: a bot that picks
    an index needs the count and the value taken, `value(i)`. A subclass may build its
    options itself by overriding `option`, `value` and `prompt` (a game's menu of many options).
    """

    __slots__ = ("seat", "kind", "rule", "key", "count", "_prompt", "_options", "_build", "_value", "_values",
                 "_label")

    def __init__(self, seat: Seat, kind: str, prompt: str | Callable[[], str], options: list[Option] | None = None,
                 rule: str = "", *, count: int = 0, build: Callable[[int], Option] | None = None,
                 value: Callable[[int], Any] | None = None, values: list[Any] | None = None,
                 label: Callable[[Any], str] | None = None, key: str = ""):
        self.seat = seat
        self.kind = kind  # what is being decided: choose, choose_some, number, ask, or a game's own kind
        self._prompt = prompt  # or a function giving it, for prompts worth building only when shown
        self.rule = rule  # the rule asking, e.g. "character 7" or "final scoring"
        # The question's own name, given by the ruleset (`ask(question, key)`): stable while the
        # question's wording changes, for a table or tool that treats some questions apart. "" if none.
        self.key = key
        self._build = build
        self._value = value  # the value of option i without building it (a builder's shortcut)
        self._values = values
        self._label = label
        if options is not None:
            _distinct_names(options)
            self._options: list[Option] | None = options
            self.count = len(options)
        elif values is not None:
            self._options = None
            self.count = len(values)
        else:
            if build is None and count:
                raise ValueError("a decision needs options, values or a builder")
            self._options = None
            self.count = count

    @property
    def prompt(self) -> str:
        if not isinstance(self._prompt, str):
            self._prompt = self._prompt()
        return self._prompt

    def option(self, index: int) -> Option:
        if self._options is not None or self._build is None:
            return self.options[index]
        return self._build(index)

    def value(self, index: int) -> Any:
        """What the engine does with option `index` (the same as `option(index).value`)."""
        if self._options is not None:
            return self._options[index].value
        if self._values is not None:
            return self._values[index]
        if self._value is not None:
            return self._value(index)
        return self.option(index).value

    @property
    def options(self) -> list[Option]:
        if self._options is None:
            if self._values is not None:
                label = self._label or describe
                options = [Option(label(v), v) for v in self._values]
                _distinct_names(options)
                self._options = options
            else:  # a builder, or a subclass's own option()
                self._options = [self.option(i) for i in range(self.count)]
        return self._options

    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    def index_of(self, key: str) -> int | None:
        """The position of the option with this key, if any."""
        for i, option in enumerate(self.options):
            if option.key == key:
                return i
        return None

    def __repr__(self) -> str:
        return f"<decision {self.kind} of {self.seat.name}: {self.count} options>"


def _distinct_names(options: list[Option]) -> None:
    labels: dict[str, int] = {}
    keys: dict[str, int] = {}
    for option in options:
        if option.label in labels:
            labels[option.label] += 1
            option.label = f"{option.label} #{labels[option.label]}"
        else:
            labels[option.label] = 1
        if option.key in keys:
            keys[option.key] += 1
            option.key = f"{option.key}#{keys[option.key]}"
        else:
            keys[option.key] = 1


def option_key(value: Any) -> str:
    """The stable name of a chosen value (see the module's docstring)."""
    if value is None:
        return "done"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Card):
        return f"card:{value.type}"
    if isinstance(value, Seat):
        return f"seat:{value.index}"
    if isinstance(value, list):
        return "+".join(option_key(v) for v in value) or "nothing"
    own = getattr(value, "option_key", None)  # a game's own values name themselves (docs/games.md)
    return own if isinstance(own, str) else describe(value)


def cards_text(ruleset: Any, types: Counter) -> str:
    """Card types as `2x wild red`, in the order of the ruleset's card types ('' for none)."""
    order = ruleset.card_type_index
    return " ".join(f"{n}x {kind}" if n > 1 else kind
                    for kind, n in sorted(types.items(), key=lambda kv: order.get(kv[0], 99)) if n)


def describe(value: Any) -> str:
    """A short, readable name for a value, used in option labels and the log."""
    if isinstance(value, Card):
        if value.zone is not None and value.zone.name.startswith("pair"):
            return f"{value.type} (from {' + '.join(sorted(c.type for c in value.zone))})"
        return value.type
    if isinstance(value, Seat):
        return value.name
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "nothing"
        first = type(value[0])
        if first is Card and all(isinstance(v, Card) for v in value):
            joiner = " "
        elif all(type(v) is first for v in value):  # a list of one kind of a game's values: joined as they say
            joiner = getattr(first, "list_joiner", ", ")
        else:
            joiner = ", "
        return joiner.join(describe(v) for v in value)
    return str(value)


def same_choice_key(value: Any) -> Any:
    """Values a player cannot tell apart give one option (two cards of one type in hand are alike)."""
    if isinstance(value, Card):
        return ("card", value.type, id(value.zone))
    if isinstance(value, (int, str)):
        return ("plain", value)
    alike = getattr(value, "alike", None)  # a game's value that says which are alike
    if alike is not None:
        return alike
    own = getattr(value, "option_key", None)  # a game's values with one key are alike (docs/games.md)
    return ("value", id(value)) if own is None else ("key", own)
