"""How fast `nycrules serve` answers: a click's round trip in a browser, and 20 games at once.

    python benchmarks/web_round_trip.py [--clicks 60] [--games 20]

1. Round trip: `nycrules serve --seat Ann --seat bot:greedy` in its own process on 127.0.0.1, its
   page in Chromium (Playwright, /usr/bin/chromium); each of CLICKS clicks on an option is timed in
   the page from the click to the new board drawn (the WebSocket message out, the answer checked,
   the bot's answers, the save written and synced, the new state built and sent, the page drawn).
2. Many games: one server process (uvicorn on 127.0.0.1, a port of its own) serving GAMES games of
   a person against bot:greedy, every person played at once by a WebSocket client that answers each
   decision with a random option as soon as it is shown; each answer's time from send to the next
   state is noted, and the wall time until every game is over. Bounded: GAMES games, on loopback,
   stopped after 600 s.

Needs the web and web-test extras and Debian's chromium (as .ci/run installs them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

CLICK = """async () => {
  const before = document.body.dataset.at;
  const buttons = [...document.querySelectorAll('#options button')].filter(b => !b.textContent.includes('. use '));
  const button = buttons[Math.floor(Math.random() * buttons.length)];
  const done = new Promise(resolve => new MutationObserver((_, observer) => {
    if (document.body.dataset.at !== before) { observer.disconnect(); resolve(); }
  }).observe(document.body, {attributes: true}));
  const start = performance.now();
  button.click();
  await done;
  return performance.now() - start;
}"""


def round_trips(clicks: int) -> list[float]:
    """Milliseconds from a click to the new board, for `clicks` clicks (new games when one ends)."""
    from playwright.sync_api import sync_playwright
    from web_server import CHROMIUM, Server

    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        seed = 1
        while len(times) < clicks:
            with Server(Path(folder), ["--seat", "Ann", "--seat", "bot:greedy", "--seed", str(seed),
                                       "--save", f"game-{seed}.json"]) as server:
                page = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True).new_page()
                page.goto(server.addresses["Ann"])
                page.wait_for_selector("#options button")
                page.evaluate(CLICK)  # the first click warms the page and the server up: not counted
                while len(times) < clicks and page.evaluate("document.body.dataset.mine") == "yes":
                    times.append(page.evaluate(CLICK))
                page.context.close()
                server.stop()
            seed += 1
        browser.close()
    return times


async def play_one(address: str, seed: int, times: list[float]) -> int:
    """Play a game's person to the end through the WebSocket; the number of answers given."""
    import websockets

    rng = random.Random(seed)
    answers = 0
    origin = address.split("/ws/")[0].replace("ws://", "http://")
    async with websockets.connect(address, origin=origin, max_size=2 ** 22) as socket:
        sent_at: float | None = None
        while True:
            message = json.loads(await socket.recv())
            if message["type"] != "state":
                raise RuntimeError(f"refused: {message['text']}")
            if sent_at is not None:
                times.append((time.perf_counter() - sent_at) * 1000)
                sent_at = None
            if message["final"] is not None:
                return answers
            decision = message.get("decision")
            if decision is None:
                continue
            choices = [o["index"] for o in decision["options"] if not o["label"].startswith("use ")]
            choice = rng.choice(choices or [o["index"] for o in decision["options"]])
            sent_at = time.perf_counter()
            await socket.send(json.dumps({"type": "answer", "at": decision["at"], "text": f"#{choice + 1}"}))
            answers += 1


def many_games(count: int) -> tuple[list[float], float, int]:
    """Answer times (ms), the wall time (s) and the answers given, for `count` games played at once."""
    import uvicorn

    from nycrules.agents.seating import parse_seats
    from nycrules.api import load
    from nycrules.web.app import make_app
    from nycrules.web.game import ServedGame
    from nycrules.web.run import listening_socket

    ruleset = load()
    specs = parse_seats(["Ann", "bot:greedy"], ruleset)
    with tempfile.TemporaryDirectory() as folder:
        games = [ServedGame(ruleset, specs, seed, [], Path(folder) / f"game-{seed}.json") for seed in range(count)]
        sock = listening_socket("127.0.0.1", 0)
        server = uvicorn.Server(uvicorn.Config(make_app(games), log_level="warning", lifespan="off"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.01)
        base = f"ws://127.0.0.1:{sock.getsockname()[1]}/ws/"
        times: list[float] = []

        async def all_games() -> list[int]:
            return await asyncio.wait_for(asyncio.gather(
                *(play_one(base + game.token_of(0), i, times) for i, game in enumerate(games))), 600)

        start = time.perf_counter()
        answered = asyncio.run(all_games())
        wall = time.perf_counter() - start
        server.should_exit = True
        thread.join(10)
        assert all(game.session.decision() is None for game in games)
        return times, wall, sum(answered)


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"median {statistics.median(ordered):.1f} ms, 95th percentile {p95:.1f} ms, "
            f"max {ordered[-1]:.1f} ms over {len(ordered)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    if args.clicks:
        print(f"click to new board (Chromium, Ann against bot:greedy): {summary(round_trips(args.clicks))}")
    if args.games:
        times, wall, answers = many_games(args.games)
        print(f"{args.games} games at once in one server: all over in {wall:.1f} s, {answers} answers; "
              f"answer to next state {summary(times)}")


if __name__ == "__main__":
    main()
