"""Headless games for balance studies: one game by its number, and a small result per game.

Game i of a run with seed s is played with seed `s + i`, so any game of a run can be
played again alone, and a run can be split over processes or machines (see
`distribute.py`) without changing a single result.
"""

from __future__ import annotations

import gc
import inspect
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from ..agents import seat_agents
from ..agents.seating import players
from ..diagnostics import NycRulesError, RuleRuntimeError
from ..engine.decisions import Decision
from ..engine.scoring import winners
from ..engine.agent_answers import AgentError
from ..engine.runner import EngineAgent, Session
from ..engine.setup import SeatSpec
from ..engine.model import Ruleset
from ..text import shown_clipped

DURING_THE_GAME = "during the game"  # points scored before the final scoring


@dataclass(frozen=True)
class SeatResult:
    """One seat's game: small and picklable, so that workers can send it back cheaply."""

    won: bool
    points: int
    by_category: dict[str, int]  # final scoring steps plus DURING_THE_GAME; they add up to points
    owned: tuple  # the ids of the game's pieces the seat owned at the end, each once, sorted (GamePart.owned)
    # The game's named things (GamePart.tally; New York City's characters): id -> how many the seat took
    # during the game, and how often each acted.
    hired: dict
    used: dict
    offered: dict = field(default_factory=dict)  # piece id -> decisions that offered it to the seat's bot
    taken: dict = field(default_factory=dict)  # piece id -> times the bot took it then
    lost: dict = field(default_factory=dict)  # named thing's id -> how many the seat took, gone before the end


@dataclass(frozen=True)
class GameResult:
    number: int
    decisions: int
    seats: tuple[SeatResult, ...]


# Seat index -> an agent class or factory: a worker makes each game's agent itself (agent_for_game).
AgentFactories = dict[int, Callable[..., Any]]


def check_seats(specs: list[SeatSpec], ruleset: Ruleset, agents: AgentFactories | None = None) -> None:
    """Every seat is a bot, a seat the game's own rules play, or a seat an agent of `agents` plays."""
    people = [spec.name for i, spec in enumerate(specs) if spec.kind == "human" and i not in (agents or {})]
    if people:
        raise ValueError(f"simulated games are played by {players(ruleset)} only, not by {', '.join(people)} "
                         "(unless an agent plays the seat: --agent module:Class, or run_games' agents)")


def agent_for_game(factory: Callable[..., Any], seat_seed: int) -> Any:
    """A new agent for one game: `factory(seed=...)` if it takes a seed, else `factory()`."""
    try:
        takes_seed = "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):  # a builtin or an object without a signature
        takes_seed = False
    try:
        return factory(seed=seat_seed) if takes_seed else factory()
    except Exception as err:  # the factory's own failure (a class that needs arguments, ...): named
        name = f"{getattr(factory, '__module__', '?')}.{getattr(factory, '__qualname__', repr(factory))}"
        raise AgentError(f"the agent {name} cannot be made with {'seed=...' if takes_seed else 'no arguments'}: "
                         f"{type(err).__name__}: {shown_clipped(str(err), 200)}") from err


def play_game(ruleset: Ruleset, specs: list[SeatSpec], seed: int, number: int,
              agents: AgentFactories | None = None) -> GameResult:
    """Play game `number` of the run with seed `seed`, headless; `agents` play their seats."""
    game_seed = seed + number
    part = ruleset.part
    watched = {i: OfferWatch(bot, part.offered) for i, bot in seat_agents(specs, game_seed).items()}
    answerers: dict[int, Any] = dict(watched)
    for index, factory in (agents or {}).items():  # seeded as the built-in bots are; not watched
        answerers[index] = agent_for_game(factory, game_seed * 31 + index)
        watched.pop(index, None)
    session = Session(ruleset, specs, game_seed, answerers, log_events=False)
    for watch in watched.values():
        watch.session = session
    try:
        game = session.run()
    except RuleRuntimeError as err:  # say which game, so it can be replayed
        raise err.with_seed(game_seed) from None
    except NycRulesError as err:  # an agent's answer, an option without an action id...: which game, too
        raise naming_the_game(err, number, game_seed) from (err.__cause__ or err)
    won = winners(game)  # a shared victory counts as a win for each seat sharing it
    seats = []
    for seat in game.seats:
        by_category = dict(seat.scores)
        by_category[DURING_THE_GAME] = seat.points - sum(seat.scores.values())
        watch = watched.get(seat.index)
        held, hired, uses = part.tally(seat)  # its game's named things (New York City's characters)
        kept = Counter(held)
        lost = {thing: n - kept[thing] for thing, n in hired.items() if n > kept[thing]}
        owned = tuple(sorted(part.owned(game, seat.index)))
        seats.append(SeatResult(seat in won, seat.points, by_category, owned,
                                dict(hired), dict(uses),
                                dict(watch.offered) if watch else {}, dict(watch.taken) if watch else {}, lost))
    return GameResult(number, len(session.record), tuple(seats))


class OfferWatch(EngineAgent):
    """A built-in bot's stand-in that notes which of the game's pieces each decision offered it and which
    it took (GamePart.offered: New York City's characters face up at a hire, New York 1901's action
    cards); an agent of one's own, asked with a view, is not watched.

    Its answers are the bot's own, so the game is the same. Only the game itself is watched:
    a copy that a search plays forward keeps the stand-in but is not counted.
    """

    __slots__ = ("agent", "session", "offers", "offered", "taken")

    def __init__(self, agent: EngineAgent, offers: Callable[[Decision, int], tuple]):
        self.agent = agent
        self.offers = offers  # the game's GamePart.offered
        self.session: Session | None = None  # the game watched
        self.offered: Counter = Counter()
        self.taken: Counter = Counter()

    def choose(self, session: Session, decision: Decision) -> int:
        index = self.agent.choose(session, decision)
        if session is not self.session:  # a copy a search plays forward
            return index
        for piece, took in self.offers(decision, index):
            self.offered[piece] += 1
            if took:
                self.taken[piece] += 1
        return index


def naming_the_game(err: NycRulesError, number: int, game_seed: int) -> NycRulesError:
    """The same error (of the same class where it takes a message) saying which game of the run it
    stopped, by number and seed (new_game with that seed plays it again)."""
    message = f"game {number} (seed {game_seed}) failed: {type(err).__name__}: {err}".splitlines()[0]
    try:
        named = type(err)(message)
    except TypeError:  # a class built from other things than a message
        named = NycRulesError(message)
    named.names_game = True  # type: ignore[attr-defined]
    return named


def play_games(ruleset: Ruleset, specs: list[SeatSpec], seed: int, numbers: Iterable[int],
               agents: AgentFactories | None = None) -> list[GameResult]:
    with fewer_collections():
        return [play_game(ruleset, specs, seed, number, agents) for number in numbers]


YOUNG_COLLECTION_EVERY = 20_000  # new container objects (Python's default: 700)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run games with less work for the garbage collector; its settings are restored afterwards.

    A game makes many short-lived objects and some cycles that only the collector frees
    (a card and the zone that holds it), so it cannot be turned off; but the objects alive
    when games start (the compiled ruleset above all) would be walked again at each older
    collection: they are set aside (gc.freeze), and young collections run less often.
    Games take a few percent less CPU time; memory stays bounded (collections still run).
    """
    threshold = gc.get_threshold()
    ours = gc.get_freeze_count() == 0  # a freeze the caller made (or an outer run) is left as it is
    if ours:
        gc.freeze()
    gc.set_threshold(max(threshold[0], YOUNG_COLLECTION_EVERY), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if ours:
            gc.unfreeze()
