"""Playing a run's games on every core, or on a Ray cluster, with the same results.

Work is handed out as chunks of game numbers; each game is seeded by its number
(simulate.py), and the results are put back in game-number order, so a run gives
the same list for 1 process, N processes or a cluster.

A compiled ruleset holds closures and cannot be pickled, so a worker loads the
ruleset itself, once, from a `RulesetRef`: its path, and for Ray (whose workers
may be on other machines) the text of its files. The digest proves it is the same.
"""

from __future__ import annotations

import logging
import os
import socket
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..diagnostics import NycRulesError
from ..reading.documents import resolve_ruleset_path
from ..engine.setup import SeatSpec
from ..engine.model import Ruleset
from ..resources import data_dir
from .processes import play_on_processes
from .simulate import AgentFactories, GameResult, fewer_collections, play_game, play_games

Progress = Callable[[int], None]  # called with the number of games just finished


class DistributeError(NycRulesError):
    """Games could not be handed out (no Ray, another ruleset on a worker, ...)."""


@dataclass(frozen=True)
class RulesetRef:
    """How a worker finds the run's ruleset: a path, the files' text for remote workers, the digest."""

    path: str
    digest: str
    files: dict[str, str] = field(default_factory=dict)  # path relative to `root` -> text; empty if shipped
    root: str = ""  # folder the files are relative to
    evaluation: str = ""  # the text of the search's evaluation file given for the run (--evaluation), if any

    @classmethod
    def of(cls, path: str | Path, ruleset: Ruleset) -> RulesetRef:
        target = resolve_ruleset_path(path).resolve()
        try:
            inside = target.relative_to(data_dir("rulesets").resolve()).parts
        except ValueError:
            inside = ()
        if len(inside) == 2 and inside[1] == "ruleset.yaml":  # shipped: every nycrules has it by name
            return cls(inside[0], ruleset.digest)
        root = target.parent
        names = [target] if target.name != "ruleset.yaml" else sorted(root.rglob("*.y*ml"))
        files = {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in names}
        return cls(str(target), ruleset.digest, files, str(root))

    def load(self, from_text: bool = False) -> Ruleset:
        """The ruleset, from its path, or (on another machine) from the text of its files."""
        from ..loading.loader import load_ruleset

        if from_text and self.files:
            with tempfile.TemporaryDirectory(prefix="nycrules-") as name:
                folder = Path(name)
                for relative, text in self.files.items():
                    (folder / relative).parent.mkdir(parents=True, exist_ok=True)
                    (folder / relative).write_text(text, encoding="utf-8")
                ruleset = load_ruleset(folder / Path(self.path).relative_to(self.root))
        else:
            ruleset = load_ruleset(self.path)
        if ruleset.digest != self.digest:
            raise DistributeError(f"the ruleset {self.path} on this worker is not the one of the run "
                                  f"(digest {ruleset.digest[:12]}, expected {self.digest[:12]}); "
                                  "install the same nycrules everywhere")
        return ruleset


_loaded: dict[str, Ruleset] = {}  # per worker process: digest -> ruleset


def _ruleset(ref: RulesetRef, from_text: bool) -> Ruleset:
    if ref.digest not in _loaded:
        _loaded[ref.digest] = ref.load(from_text)
        if ref.evaluation:  # the search's evaluation given for the run, checked already by the command
            from ..agents.evaluation import use_text
            use_text(_loaded[ref.digest], ref.evaluation, "the run's evaluation")
    return _loaded[ref.digest]


def play_chunk(ref: RulesetRef, specs: list[SeatSpec], seed: int, from_text: bool,
               agents: AgentFactories | None, start: int, stop: int,
               on_game: Callable[[int], None] | None = None) -> list[GameResult]:
    """A worker's task: games start..stop-1 of the run (module level, so spawn and Ray can import it);
    `on_game` is told each game's number as it starts.

    Errors go back to the caller as one picklable DistributeError naming the game.
    """
    try:
        ruleset = _ruleset(ref, from_text)
    except Exception as err:
        raise DistributeError(f"a worker cannot load the ruleset {ref.path}: {err}".splitlines()[0]) from None
    results = []
    with fewer_collections():
        for number in range(start, stop):
            if on_game is not None:
                on_game(number)
            try:
                results.append(play_game(ruleset, specs, seed, number, agents))
            except Exception as err:
                if getattr(err, "names_game", False):  # play_game said which game already
                    raise DistributeError(str(err)) from None
                raise DistributeError(f"game {number} (seed {seed + number}) failed: "
                                      f"{type(err).__name__}: {err}".splitlines()[0]) from None
    return results


def chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """Game numbers cut into pieces: several per worker so that none waits long for the last."""
    size = max(1, min(50, games // max(1, parts * 4)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def run_local(ref: RulesetRef, ruleset: Ruleset, specs: list[SeatSpec], games: int, seed: int,
              workers: int, progress: Progress | None = None,
              agents: AgentFactories | None = None) -> list[GameResult]:
    """Play games 0..games-1 in this process (1 worker) or in `workers` spawned processes."""
    workers = max(1, min(workers, games))
    results: list[GameResult] = []
    if workers == 1:
        for start, stop in chunks(games, 1):
            results += play_games(ruleset, specs, seed, range(start, stop), agents)
            if progress:
                progress(stop - start)
        return results
    results = play_on_processes(play_chunk, (ref, specs, seed, False, agents), chunks(games, workers), workers,
                                seed, progress)
    results.sort(key=lambda r: r.number)
    return results


def _check_reachable(address: str, seconds: float = 5.0) -> None:
    """Fail at once when nothing listens at a cluster's host:port (Ray itself retries for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not (port.isascii() and port.isdigit()):
        return  # `auto` and the like: Ray finds the cluster itself
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as err:
        raise DistributeError(f"no Ray cluster answers at {address}: {err.strerror or err}") from None


def run_ray(ref: RulesetRef, specs: list[SeatSpec], games: int, seed: int, address: str | None,
            progress: Progress | None = None, agents: AgentFactories | None = None) -> list[GameResult]:
    """Play games 0..games-1 as Ray tasks, on the cluster at `address` or on a local Ray."""
    try:
        import ray
    except ImportError:
        raise DistributeError("--ray needs Ray, which is not installed: pip install 'nycrules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            _check_reachable(address)
        try:
            quiet = {"log_to_driver": False, "logging_level": logging.ERROR}  # our output is the report
            if address:
                ray.init(address=address, **quiet)
            else:
                ray.init(include_dashboard=False, **quiet)
        except Exception as err:  # Ray's own errors: no cluster there, a version mismatch, ...
            raise DistributeError(f"cannot start Ray at {address or 'this machine'}: {err}".splitlines()[0]) from None
    try:
        cores = max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(play_chunk)
        pending = [task.remote(ref, specs, seed, True, agents, start, stop) for start, stop in chunks(games, cores)]
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                part = ray.get(done[0])
            except ray.exceptions.RayTaskError as err:
                cause = getattr(err, "cause", None) or err
                raise DistributeError(f"a Ray worker failed: {cause}".splitlines()[0]) from None
            results += part
            if progress:
                progress(len(part))
    finally:
        if started:
            ray.shutdown()
    results.sort(key=lambda r: r.number)
    return results


def run_games(ref: RulesetRef, ruleset: Ruleset, specs: list[SeatSpec], games: int, seed: int, *,
              workers: int | None = None, ray_address: str | None = None, use_ray: bool = False,
              progress: Progress | None = None, agents: AgentFactories | None = None) -> list[GameResult]:
    """Games 0..games-1 of the run, in game-number order: on Ray, or on `workers` local processes.
    `agents` (seat index -> agent class or factory) are sent to the workers by reference."""
    if use_ray:
        return run_ray(ref, specs, games, seed, ray_address, progress, agents)
    return run_local(ref, ruleset, specs, games, seed, workers or available_cores(), progress, agents)
