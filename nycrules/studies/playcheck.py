"""A ruleset checked by playing it: seeded games with random bots, and what went wrong.

`validate --simulate N` loads the ruleset with probed effects (nycrules/language/probe.py)
and plays N games. Game i has seed `seed + i` and the i-th seating of a fixed
rotation (see `seatings`). A rule that fails at run time ends its game and
becomes a located diagnostic naming the first seed, the decision and how many
games met it; with coverage, the report lists what never ran in those games.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..agents import agent_for_seat
from ..diagnostics import Diagnostic, Location, NycRulesError
from ..engine.decisions import Decision
from ..engine.runner import EngineAgent, Session
from ..engine.model import CoverageGroup, Ruleset, Script
from ..loading.loader import LoadResult, check_ruleset
from ..language.probe import Probe, ProbedCompiler
from ..agents.seating import game_seats, parse_seats, players
from ..text import shown_path

# Decisions one game may ask before it counts as a game that cannot end. A shipped
# four-seat game asks about 300.
DECISION_LIMIT = 10_000


class GameDoesNotEnd(NycRulesError):
    code = "E503"

    def __init__(self, limit: int, loc: Location | None, seat: str):
        super().__init__(f"the game asked {limit:,} decisions without ending "
                         "(the last rule acting is here)", loc, self.code)
        self.seat = seat


def seatings(ruleset: Ruleset, seats: list[str] | None = None) -> list[list[str]]:
    """The rotation of seatings: random bots at each seat count the ruleset allows, then the
    same with one seat of each kind the game adds that has levels in this ruleset (New York
    City's automa, when it has rules for him). `seats` replaces the rotation."""
    if seats:
        people = [spec.name for spec in parse_seats(seats, ruleset) if spec.kind == "human"]
        if people:
            raise NycRulesError(f"games are played by {players(ruleset)} only, not by {', '.join(people)}")
        return [list(seats)]
    counts = ruleset.seat_counts
    rotation = [["bot:random"] * count for count in counts]
    for kind in game_seats(ruleset):
        if kind.levels(ruleset):
            rotation += [[kind.example] + ["bot:random"] * (count - 1) for count in counts if count >= 2]
    return rotation


def seating_of(ruleset: Ruleset, rotation: list[list[str]], number: int) -> list[str]:
    """Game `number`'s seats; a plain seat of a kind the game adds (its `example`) takes the kind's
    levels in turn."""
    seats = rotation[number % len(rotation)]
    for kind in game_seats(ruleset):
        levels = kind.levels(ruleset)
        if not levels or kind.example not in seats:
            continue
        with_kind = [i for i, row in enumerate(rotation) if kind.example in row]  # per turn of the rotation
        rounds, rest = divmod(number, len(rotation))
        before = rounds * len(with_kind) + sum(1 for i in with_kind if i < rest)  # (not a count of every game)
        seats = [levels[before % len(levels)] if s == kind.example else s for s in seats]
    return seats


@dataclass
class Failure:
    """One distinct rule failure, with the first game that showed it."""

    location: Location
    code: str
    message: str
    seed: int
    decision: int  # decisions taken in the game before it failed
    seats: list[str]
    seat: str | None = None
    games: int = 1

    def diagnostic(self, played: int) -> Diagnostic:
        who = f", seat {self.seat}" if self.seat else ""
        return Diagnostic(self.location, self.code,
                          f"{self.message} (seed {self.seed}, after {self.decision} decisions{who}; "
                          f"{self.games} of {played} games)")

    def reproduce(self, path: str) -> str:
        seats = " ".join(f"--seat {s}" for s in self.seats)
        return f"nycrules simulate --ruleset {path} {seats} --seed {self.seed} --games 1"


@dataclass
class Coverage:
    """What never ran: the named things of the game (its part's `coverage`: New York City's characters
    and rounds) whose effect never ran, other effects that never ran, and the lines of effects that
    did run whose statements never did."""

    groups: list[CoverageGroup] = field(default_factory=list)  # of the items that never ran
    effects: list[tuple[str, Location]] = field(default_factory=list)
    lines: list[Location] = field(default_factory=list)  # column 1: a whole line
    own_files: tuple[str, ...] = ()  # the mod's files; the others are the base's it extends

    def as_json(self) -> dict[str, Any]:
        named = {group.key: [{"id": item.id, **({"title": item.title} if item.title is not None else {}),
                              "file": item.effects[0].loc.file, "line": item.effects[0].loc.line}
                             for item in group.items] for group in self.groups}
        return {
            **named,
            "effects": [{"rule": r, "file": w.file, "line": w.line} for r, w in self.effects],
            "lines": [{"file": w.file, "line": w.line} for w in self.lines],
            "own_files": list(self.own_files),
        }

    def part(self, own: bool) -> "Coverage":
        """What never ran in the mod's own files (own=True) or in the base's."""
        def keep(where: Location) -> bool:
            return (where.file in self.own_files) == own
        groups = [replace(group, items=[item for item in group.items if keep(item.effects[0].loc)])
                  for group in self.groups]
        return Coverage(groups, [e for e in self.effects if keep(e[1])], [w for w in self.lines if keep(w)],
                        self.own_files)

    def size(self) -> int:
        return sum(len(group.items) for group in self.groups) + len(self.effects) + len(self.lines)


@dataclass
class PlayCheck:
    path: str  # as the user gave it, for the lines that reproduce a failure
    games: int
    seconds: float
    rotation: list[list[str]]
    failures: list[Failure]
    coverage: Coverage | None = None

    def diagnostics(self) -> list[Diagnostic]:
        return [f.diagnostic(self.games) for f in self.failures]

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "games": self.games, "seconds": round(self.seconds, 3),
                               "seatings": self.rotation, "failures": len(self.failures)}
        if self.coverage is not None:
            out["coverage"] = self.coverage.as_json()
        return out

    def failure_json(self) -> list[dict[str, Any]]:
        return [{**f.diagnostic(self.games).as_dict(), "seed": f.seed, "decision": f.decision, "seat": f.seat,
                 "games": f.games, "seats": f.seats, "reproduce": f.reproduce(self.path)}
                for f in self.failures]


def play_check(ruleset: Ruleset, probe: Probe, path: str, games: int, seed: int,
               seats: list[str] | None = None, coverage: bool = False,
               decision_limit: int = DECISION_LIMIT) -> PlayCheck:
    """Play `games` games of a ruleset compiled with `probe` and collect the distinct failures."""
    rotation = seatings(ruleset, seats)
    fallback = _root_location(ruleset)
    found: dict[tuple[str, Location | None], Failure] = {}
    start = time.perf_counter()
    for number in range(games):
        game_seed = seed + number
        seat_texts = seating_of(ruleset, rotation, number)
        failure = _play_one(ruleset, probe, seat_texts, game_seed, fallback, decision_limit)
        if failure is None:
            continue
        # A game that cannot end is one problem wherever each game stopped; others are told apart by place.
        key = (failure.code, None if failure.code == GameDoesNotEnd.code else failure.location)
        if key in found:
            found[key].games += 1
        else:
            found[key] = failure
    seconds = time.perf_counter() - start
    failures = sorted(found.values(), key=lambda f: (f.location, f.code))
    return PlayCheck(path, games, seconds, rotation, failures, never_ran(ruleset, probe) if coverage else None)


def _play_one(ruleset: Ruleset, probe: Probe, seat_texts: list[str], seed: int,
              fallback: Location, decision_limit: int) -> Failure | None:
    specs = parse_seats(seat_texts, ruleset)
    probe.new_game()
    agents = {i: _Guarded(agent_for_seat(spec.kind, seed, i) if spec.kind.startswith("bot:") else None,
                          decision_limit)
              for i, spec in enumerate(specs)}
    session = Session(ruleset, specs, seed, agents, log_events=False)
    try:
        session.run()
        return None
    except NycRulesError as err:
        # A rule's runtime error names its rule, seat and decision itself: keep just its problem.
        location, code, message, seat = err.location, err.code, getattr(err, "problem", err.message), \
            getattr(err, "seat", None)
    except RecursionError:
        location, code, message, seat = None, "E509", "rules set each other off without end", None
    except Exception as err:  # noqa: BLE001 - the engine failed on this ruleset: report it, go on
        location, code, message, seat = None, "E509", f"the engine failed ({type(err).__name__}: {err})", None
    if location is None and session.game is not None:
        location = session.game.where
    seat_name = getattr(seat, "name", seat)  # a Seat, or already a name
    return Failure(location or fallback, code, message, seed, len(session.record), seat_texts,
                   str(seat_name) if seat_name is not None else None)


class _Guarded(EngineAgent):
    """A seat's agent that first refuses a choice with no options and a game that goes on forever.

    Seats the game's own rules play (no agent) take the first option, as the runner does for them.
    """

    def __init__(self, agent: Any, limit: int):
        self.agent, self.limit = agent, limit

    def choose(self, session: Session, decision: Decision) -> int:
        game = session.state
        assert game is not None
        if game.decisions_taken >= self.limit:
            raise GameDoesNotEnd(self.limit, game.where, decision.seat.name)
        return self.agent.choose(session, decision) if self.agent is not None else 0


def _root_location(ruleset: Ruleset) -> Location:
    """The top of the ruleset's first effect's file, for a failure no rule can be blamed for."""
    script = next(iter([*ruleset.steps.values(), *ruleset.part.effects(ruleset)]))
    return Location(script.loc.file, 1, 1)


def _scripts(ruleset: Ruleset) -> list[Script]:
    """Every effect of the ruleset that can run in a game (expressions are not counted)."""
    out = list(ruleset.steps.values()) + [step.effect for step in ruleset.final_scoring]
    out += [node.effect for node in ruleset.procedure.nodes if node.effect is not None]
    return out + ruleset.part.effects(ruleset)  # the game's own (New York City's characters...)


def never_ran(ruleset: Ruleset, probe: Probe) -> Coverage:
    def runs(script: Script | None) -> int:
        info = probe.effect_info(script.run) if script is not None else None
        return info.runs if info is not None else 0

    groups = ruleset.part.coverage(ruleset)
    coverage = Coverage([replace(group, items=[item for item in group.items
                                               if all(runs(script) == 0 for script in item.effects)])
                         for group in groups])
    listed = {item.effects[0].run for group in groups for item in group.items}  # not "other effects" too
    ran_lines: set[tuple[str, int]] = set()
    for loc, count in zip(probe.locs, probe.counts):
        if count:
            ran_lines.add((loc.file, loc.line))
    lines: set[Location] = set()
    for script in _scripts(ruleset):
        info = probe.effect_info(script.run)
        if info is None:
            continue
        if info.runs == 0:
            if script.run not in listed and (script.label, script.loc) not in coverage.effects:
                coverage.effects.append((script.label, script.loc))
            continue
        for index in info.statements:
            loc = probe.locs[index]
            if probe.counts[index] == 0 and (loc.file, loc.line) not in ran_lines:
                lines.add(Location(loc.file, loc.line, 1))
    coverage.lines = sorted(lines)
    return coverage


def text_report(check: PlayCheck, everything: bool = False) -> list[str]:
    """The summary and the coverage of a play check, as lines (failures are rendered by the caller).

    The coverage lists what never ran in the mod's own files; what never ran in the rulesets it
    extends (which the modder cannot act on) is counted, and listed only with `everything`.
    """
    seatings_text = "; ".join(" ".join(s) for s in check.rotation)
    out = [f"{check.path}: {check.games} game(s) played in {check.seconds:.1f} s "
           f"(seatings in turn: {seatings_text}); {len(check.failures)} rule failure(s)"]
    cov = check.coverage
    if cov is None:
        return out
    names = [group.one for group in cov.groups] + ["effect line"]  # "character, bidding round and effect line"
    every = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    if not cov.size():
        out.append(f"coverage: every {every} ran")
        return out
    own, base = cov.part(True), cov.part(False)
    if own.size():
        out += _coverage_lines(own, "")
    else:
        out.append(f"coverage: every {every} of this ruleset's own files ran")
    if base.size() and everything:
        out.append("in the rulesets it extends:")
        out += _coverage_lines(base, "  ")
    elif base.size():
        sorts = ", ".join(group.key for group in base.groups) + (", " if base.groups else "")
        out.append(f"and {base.size()} of the rulesets it extends ({sorts}effects and lines); --all lists them")
    return out


def _coverage_lines(cov: Coverage, indent: str) -> list[str]:
    out = []
    for group in cov.groups:
        if group.items:
            out.append(f"{indent}{group.many} that never ran ({len(group.items)}):")
            out += [f"{indent}  {item.effects[0].loc.short()}: {item.label}" for item in group.items]
    if cov.effects:
        out.append(f"{indent}other effects that never ran ({len(cov.effects)}):")
        out += [f"{indent}  {w.short()}: {label}" for label, w in cov.effects]
    if cov.lines:
        out.append(f"{indent}effect lines that never ran ({len(cov.lines)}):")
        out += [f"{indent}  {w.short()}" for w in cov.lines]
    return out


def check_by_playing(path: str | Path, games: int, seed: int, seats: list[str] | None = None,
                     coverage: bool = False, decision_limit: int = DECISION_LIMIT
                     ) -> tuple[LoadResult, PlayCheck | None]:
    """Validate a ruleset and, when it is valid, play it (`validate PATH --simulate N`)."""
    probe = Probe()
    result = check_ruleset(path, lambda calls, symbols, params: ProbedCompiler(calls, symbols, params, probe))
    if result.ruleset is None:
        return result, None
    check = play_check(result.ruleset, probe, str(path), games, seed, seats, coverage, decision_limit)
    if check.coverage is not None:
        check.coverage.own_files = result.own_files
    return result, check
