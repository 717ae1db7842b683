"""Located diagnostics: what went wrong, where, formatted as compilers do."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field

from .text import shown, shown_clipped


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; line and column count from 1."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def short(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, order=True)
class Diagnostic:
    location: Location
    code: str
    message: str
    severity: str = "error"  # or "warning": the ruleset loads, but something in it will trouble a player

    def headline(self) -> str:
        return shown(f"{self.location}: {self.severity}[{self.code}]: {self.message}")

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "file": shown(self.location.file),
            "line": self.location.line,
            "column": self.location.column,
            "code": self.code,
            "message": shown(self.message),
        }
        if self.severity != "error":
            out["severity"] = self.severity
        return out


class NycRulesError(Exception):
    """Base of every error a user can cause; carries a location when one is known."""

    def __init__(self, message: str, location: Location | None = None, code: str = "E000"):
        super().__init__(message)
        self.message = message
        self.location = location
        self.code = code

    def __str__(self) -> str:
        if self.location is None:
            return self.message
        return f"{self.location}: {self.message}"


class ArgumentError(NycRulesError, ValueError):
    """A value given to the Python API that is out of range: seat 7 of a game of 4, a seed below 0."""


class ArgumentTypeError(NycRulesError, TypeError):
    """A value given to the Python API that is not of its kind: a seat 1.0, a seed 'x' or None."""


def whole_number(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """`value` as an int (Python's or numpy's, not True or 1.0) from `low` to `high`, else a one-line
    ArgumentTypeError or ArgumentError saying what `what` must be."""
    if type(value) is int and (low is None or low <= value) and (high is None or value <= high):
        return value
    kind = "a whole number" + (f" from {low} to {high}" if low is not None and high is not None else
                               f" of at least {low}" if low is not None else
                               f" of at most {high}" if high is not None else "")
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:  # not a whole number (numpy's arrays of several numbers say so here too)
        raise ArgumentTypeError(f"{what} must be {kind}, not {shown_clipped(repr(value), 40)} "
                                f"({type(value).__name__})") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise ArgumentError(f"{what} must be {kind}, not {number_shown(number)}")
    return number


def number_shown(number: int) -> str:
    """A whole number in a message: its digits, unless it has more than 40."""
    return str(number) if abs(number) < 10**40 else "a number of more than 40 digits"


class RulesetInvalid(NycRulesError):
    """A ruleset failed to load; `diagnostics` lists every problem found."""

    def __init__(self, diagnostics: list[Diagnostic], sources: "SourceTexts"):
        first = diagnostics[0] if diagnostics else None
        super().__init__(
            first.headline() if first else "invalid ruleset",
            first.location if first else None,
            first.code if first else "E000",
        )
        self.diagnostics = diagnostics
        self.sources = sources

    def __str__(self) -> str:
        return self.message  # the first diagnostic's headline, which starts with its location


class RuleRuntimeError(NycRulesError):
    """A rule did something impossible or beyond a limit at play time (a bug in the ruleset).

    It carries where (the effect line), which rule, which seat was acting and how
    many decisions the game had taken, so a modder can find and replay it.
    """

    def __init__(self, problem: str, loc: Location | None, rule: str | None = None, seat: str | None = None,
                 decision: int | None = None, seed: int | None = None):
        self.problem, self.rule, self.seat, self.decision, self.seed = problem, rule, seat, decision, seed
        context = [part for part in (seed is not None and f"seed {seed}", rule and f"rule {rule}",
                                     seat and f"seat {seat}", decision is not None and f"after decision {decision}")
                   if part]
        where = f" ({', '.join(context)})" if context else ""
        super().__init__(f"a rule failed while playing{where}: {problem}", loc, "E500")

    def with_seed(self, seed: int) -> "RuleRuntimeError":
        """The same failure, saying which game (by its seed) it happened in."""
        return RuleRuntimeError(self.problem, self.location, self.rule, self.seat, self.decision, seed)


@dataclass
class SourceTexts:
    """The text of every file read, so a diagnostic can quote its line; and where each was read from."""

    lines: dict[str, list[str]] = field(default_factory=dict)
    paths: dict[str, Path] = field(default_factory=dict)  # shown name -> the file read

    def add(self, file: str, text: str, path: Path | None = None) -> None:
        self.lines[file] = text.splitlines()
        if path is not None:
            self.paths[file] = path

    def line(self, location: Location) -> str | None:
        file_lines = self.lines.get(location.file)
        if file_lines is None or not 1 <= location.line <= len(file_lines):
            return None
        return file_lines[location.line - 1]


def render(diagnostic: Diagnostic, sources: SourceTexts) -> str:
    """The headline, the source line and a caret under the column."""
    out = [diagnostic.headline()]
    text = sources.line(diagnostic.location)
    if text is not None:
        text = text.replace("\t", " ")
        out.append(f"  {shown(text)}")
        out.append("  " + " " * max(diagnostic.location.column - 1, 0) + "^")
    return "\n".join(out)


class Sink:
    """Collects diagnostics from every stage; nothing runs while it holds an error."""

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self.warnings: list[Diagnostic] = []  # they do not stop anything

    def error(self, code: str, message: str, location: Location) -> None:
        self.items.append(Diagnostic(location, code, message))

    def warn(self, code: str, message: str, location: Location) -> None:
        self.warnings.append(Diagnostic(location, code, message, "warning"))

    def __bool__(self) -> bool:
        return bool(self.items)

    def sorted(self) -> list[Diagnostic]:
        return sorted(set(self.items))
