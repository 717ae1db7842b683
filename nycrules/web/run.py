"""Starting `nycrules serve`: the listening socket, the addresses printed, uvicorn running the app
until Ctrl-C or SIGTERM (the game is saved after every decision, so a stop loses nothing)."""

from __future__ import annotations

import signal
import socket
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator, TextIO

from ..diagnostics import NycRulesError
from .app import MAX_CONNECTIONS, MAX_MESSAGE, make_app
from .game import SPECTATOR, ServedGame, keep_tokens


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket listening on host:port (port 0: a free one), or a one-line error."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except (OSError, OverflowError) as err:
        sock.close()
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise NycRulesError(f"cannot listen on {host}:{port}: {reason}") from None
    return sock


def addresses(game: ServedGame, base: str) -> list[tuple[str, str]]:
    """(who, address) for each person's seat, then the spectators'."""
    out = [(game.specs[seat].name, f"{base}/t/{game.token_of(seat)}") for seat in game.people]
    return out + [("spectators", f"{base}/t/{game.token_of(SPECTATOR)}")]


def serve(game: ServedGame, sock: socket.socket, out: TextIO = sys.stdout) -> int:
    """Serve the game on a listening socket until stopped; print each seat's address first."""
    import uvicorn

    keep_tokens(game)
    host = sock.getsockname()[0]
    shown_host = f"[{host}]" if ":" in host else host
    base = f"http://{shown_host}:{sock.getsockname()[1]}"
    if game.save_note:
        out.write(f"nycrules: {game.save_note}\n")
    out.write(f"Serving {game.ruleset.name}; the game is saved after every decision in {game.save_path}.\n"
              "Each address is secret to its person (its token lets it play that seat):\n")
    for who, address in addresses(game, base):
        out.write(f"  {who}: {address}\n")
    out.write(f"Stop with Ctrl-C; continue later with: {game.continued}\n")
    out.flush()
    config = uvicorn.Config(make_app([game]), ws_max_size=MAX_MESSAGE, limit_concurrency=MAX_CONNECTIONS + 50,
                            log_level="warning", ws_ping_interval=20, ws_ping_timeout=20, timeout_keep_alive=5,
                            lifespan="off", access_log=False)
    server = _server_class()(config)
    server.run(sockets=[sock])
    out.write(f"Stopped; the game is saved in {game.save_path} "
              f"(continue with: {game.continued}).\n")
    return 128 + server.stopped_by if server.stopped_by else 0


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, stopping on Ctrl-C, SIGTERM or SIGHUP like `play` (an exit code of 128 + the
        signal, after saying where the game is), rather than raising the signal again once stopped."""

        stopped_by = 0

        @contextmanager
        def capture_signals(self) -> Iterator[None]:
            if threading.current_thread() is not threading.main_thread():
                yield
                return
            wanted = [s for s in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)) if s is not None]
            before = {signum: signal.signal(signum, self.handle_exit) for signum in wanted}
            try:
                yield
            finally:
                for signum, handler in before.items():
                    signal.signal(signum, handler)

        def handle_exit(self, sig: int, frame: Any) -> None:
            self.stopped_by = self.stopped_by or sig
            super().handle_exit(sig, frame)

    return Server
