"""`nycrules serve` run as a person runs it, in a process of its own on 127.0.0.1, for the browser
tests and the benchmark: start it, read the addresses it prints, stop it (or kill it)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"  # Debian's Chromium (.ci/run installs it): Playwright cannot fetch its own


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A `nycrules serve` process in `folder`; `addresses` maps each person (and "spectators") to its page."""

    def __init__(self, folder: Path, args: list[str], port: int | None = None):
        self.folder, self.port = folder, port or free_port()
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen([sys.executable, "-m", "nycrules", "serve", "--port", str(self.port), *args],
                                        cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)
        self.addresses: dict[str, str] = {}
        self.printed: list[str] = []
        deadline = time.monotonic() + 30
        assert self.process.stdout is not None
        while "spectators" not in self.addresses:
            line = self.process.stdout.readline()
            if not line or time.monotonic() > deadline:
                self.process.kill()
                raise RuntimeError(f"serve did not start: {self.printed} {self.process.stderr.read()}")
            self.printed.append(line)
            found = re.match(r"\s+(.+): (http://\S+)$", line)
            if found:
                self.addresses[found.group(1)] = found.group(2)
        self._wait_listening()

    def _wait_listening(self) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("serve does not accept connections")

    def stop(self, signum: int = signal.SIGTERM) -> tuple[int, str]:
        """Stop the server with a signal; its exit code and what it printed last."""
        self.process.send_signal(signum)
        try:
            out, _ = self.process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, _ = self.process.communicate()
        return self.process.returncode, out

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
