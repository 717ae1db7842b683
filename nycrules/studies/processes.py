"""A run's chunks of games played by local worker processes, each watched so that none is waited for in vain.

A pool of processes (multiprocessing.Pool) loses a chunk whose worker dies -- an agent calling
`os._exit`, the out-of-memory killer's SIGKILL -- and waits for its result for ever. Here every worker
says which game it starts, and the run watches each worker's process as well as its pipe: a worker
that ends with a chunk under way stops the run at once with an error naming that game's seed, the
results of the games finished before it kept on the error (`WorkerDied.results`).

The chunks are the same as in distribute.py and results are put in game-number order, so a run
gives the same list on any number of workers.
"""

from __future__ import annotations

import multiprocessing
import signal
from multiprocessing.connection import Connection, wait
from typing import Any, Callable

from ..diagnostics import NycRulesError

START_SECONDS = 120.0  # a worker that has said nothing by then (not even its first game) is taken as stuck


class WorkerDied(NycRulesError):
    """A worker process ended in the middle of a run; `results` holds the games finished before."""

    def __init__(self, message: str, results: list[Any]):
        super().__init__(message)
        self.results = results


def _ended(code: int | None) -> str:
    """How a process ended, in words."""
    if code is None:
        return "it stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"killed by {name}" + (", as the out-of-memory killer does" if -code == signal.SIGKILL else "")
    return f"exit code {code}"


def worker_loop(connection: Connection, play: Callable[..., list[Any]], args: tuple) -> None:
    """A worker: play each chunk (start, stop) it is sent, saying which game it starts, until None (or
    until the run is gone: its pipe closed)."""
    try:
        _serve(connection, play, args)
    except (EOFError, OSError):
        pass


def _serve(connection: Connection, play: Callable[..., list[Any]], args: tuple) -> None:
    while (task := connection.recv()) is not None:
        start, stop = task
        try:
            part = play(*args, start, stop, on_game=lambda number: connection.send(("game", number)))
        except NycRulesError as err:  # the game's own failure, named by the worker (picklable)
            connection.send(("error", err))
            return
        connection.send(("done", part))


def play_on_processes(play: Callable[..., list[Any]], args: tuple, tasks: list[tuple[int, int]], workers: int,
                      seed: int, progress: Callable[[int], None] | None) -> list[Any]:
    """The results of every chunk, played by `workers` spawned processes calling play(*args, start, stop)."""
    context = multiprocessing.get_context("spawn")  # the same on every platform, safe beside threads
    waiting = list(reversed(tasks))
    results: list[Any] = []
    pipes: list[Connection] = []
    processes = []
    playing: dict[int, int | None] = {}  # worker -> the game it said it started (None: not yet)
    try:
        for _ in range(min(workers, len(tasks))):
            ours, theirs = context.Pipe()
            # Not a daemon: an agent apart (apart.py) starts a process of its own in it. A worker left alone
            # ends by itself: its pipe closes with the run.
            process = context.Process(target=worker_loop, args=(theirs, play, args))
            process.start()
            theirs.close()
            pipes.append(ours)
            processes.append(process)
        for worker, pipe in enumerate(pipes):
            pipe.send(waiting.pop())
            playing[worker] = None
        while playing:
            ready = wait([pipes[w] for w in playing] + [processes[w].sentinel for w in playing], START_SECONDS)
            if not ready and all(game is None for game in playing.values()):
                raise WorkerDied(f"no worker process started its first game within {START_SECONDS:.0f} s", results)
            for worker in list(playing):
                gone = not _read(worker, pipes[worker], playing, waiting, results, progress)
                if worker in playing and (gone or processes[worker].sentinel in ready):
                    raise _died(playing[worker], processes[worker], seed, results)
    finally:  # (the others stopped before their pipes close: a worker left alone would report the pipe)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(5)
        for pipe in pipes:
            pipe.close()
    return results


def _read(worker: int, pipe: Connection, playing: dict[int, int | None], waiting: list[tuple[int, int]],
          results: list[Any], progress: Callable[[int], None] | None) -> bool:
    """Every message the worker has sent: the game it starts, a chunk done (then its next one), a failure.
    False when its pipe is closed: the worker is gone (all it sent before has been read)."""
    try:
        while worker in playing and pipe.poll():
            kind, value = pipe.recv()
            if kind == "game":
                playing[worker] = value
            elif kind == "error":
                raise value
            else:
                results += value
                if progress:
                    progress(len(value))
                if waiting:
                    pipe.send(waiting.pop())
                    playing[worker] = None
                else:
                    pipe.send(None)
                    del playing[worker]
    except (EOFError, OSError):
        return False
    return True


def _died(game: int | None, process: Any, seed: int, results: list[Any]) -> WorkerDied:
    process.join(1)
    how = _ended(process.exitcode)
    if game is None:
        return WorkerDied(f"a worker process ended before it played a game ({how}); a script that calls "
                          "run_games must call it under `if __name__ == \"__main__\":` (each worker imports "
                          "the script again)", results)
    if process.exitcode is not None and process.exitcode >= 0:
        how += ": did an agent call os._exit?"
    return WorkerDied(f"game {game} (seed {seed + game}) ended the worker process playing it ({how})",
                      sorted(results, key=lambda r: r.number))
