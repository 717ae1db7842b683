"""The ASGI application of `nycrules serve`: the page at /t/TOKEN, its script and style, and a
WebSocket at /ws/TOKEN through which the page gets the table and sends its answers.

Limits, so that no client can hold the game or the server's memory: a WebSocket must come from the
page's own origin (a page of another site cannot open one in a player's browser); a message is at
most MAX_MESSAGE bytes of JSON; at most MAX_CONNECTIONS pages at once (MAX_PER_TOKEN for one
address); a page too slow to take its updates is sent only the latest one, and is closed when even
that waits SEND_TIMEOUT seconds. Engine work (answers, hints, a page's state) runs in worker threads
under the game's lock, so one slow hint never stops the other games.
"""

from __future__ import annotations

import html

import asyncio
import json
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from anyio import to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..table import game_hooks, views
from .game import SPECTATOR, ServedGame
from .seat_state import state_for

HERE = Path(__file__).parent
MAX_MESSAGE = 4096  # bytes of one message from a page (an answer is a few words)
MAX_CONNECTIONS = 200  # open pages, all games together
MAX_PER_TOKEN = 8  # open pages of one seat (its tabs and devices)
SEND_TIMEOUT = 15.0  # seconds a page may take to receive one update
# The token is in the address: never sent on as a referrer, the page never cached or framed. Scripts
# only from this server; inline styles are let in, as a game's picture (its TABLE's `svg`) may carry them.
HEADERS = {
    "Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "connect-src 'self'; frame-ancestors 'none'",
}


class Page:
    """One open page: its seat, and the latest state waiting to be sent (older ones are dropped)."""

    def __init__(self, socket: WebSocket, game: ServedGame, seat: int):
        self.socket, self.game, self.seat = socket, game, seat
        self.changed = asyncio.Event()
        self.sent_version = -1

    async def send_updates(self) -> None:
        """Send the table whenever it changed; only the latest state, however slow the page."""
        while True:
            await self.changed.wait()
            self.changed.clear()
            if self.game.version == self.sent_version:
                continue
            state, saved = await to_thread.run_sync(self._state)
            await asyncio.wrap_future(saved)  # never shown before it is saved
            state["save_error"] = self.game.save_error
            self.sent_version = state["version"]
            await asyncio.wait_for(self.socket.send_text(json.dumps(state)), SEND_TIMEOUT)

    def _state(self) -> tuple[dict[str, Any], "Future[None]"]:
        """The page's state now, and the save of that same version (being written)."""
        with self.game.lock:
            return state_for(self.game, self.seat), self.game.saved


class Tables:
    """The games served, their tokens and their open pages."""

    def __init__(self, games: list[ServedGame]):
        self.games = games
        self.pages: set[Page] = set()

    def find(self, token: str) -> tuple[ServedGame, int] | None:
        if not 10 <= len(token) <= 60:
            return None
        for game in self.games:
            seat = game.seat_of(token)
            if seat is not None:
                return game, seat
        return None

    def changed(self, game: ServedGame) -> None:
        for page in self.pages:
            if page.game is game:
                page.changed.set()


def make_app(games: list[ServedGame]) -> Starlette:
    tables = Tables(games)
    served = " and ".join(dict.fromkeys(html.escape(game.ruleset.name) for game in games)) or "nycrules"

    async def page(request: Request) -> Response:
        if tables.find(request.path_params["token"]) is None:
            return HTMLResponse("<!doctype html><title>Not a seat</title><p>This address opens no seat of "
                                "the game served here: ask for the address `nycrules serve` printed.</p>",
                                404, headers=HEADERS)
        return FileResponse(HERE / "page.html", headers=HEADERS)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ("page.js", "page.css"):
            return Response("not found", 404)
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return FileResponse(HERE / name, media_type=kind, headers=HEADERS)

    async def home(request: Request) -> Response:
        return HTMLResponse(f"<!doctype html><title>nycrules</title><p>A game of {served} is served here: open "
                            "the address `nycrules serve` printed for your seat.</p>", headers=HEADERS)

    async def socket(websocket: WebSocket) -> None:
        await connect(tables, websocket)

    return Starlette(routes=[Route("/", home), Route("/t/{token}", page), Route("/static/{name}", asset),
                             WebSocketRoute("/ws/{token}", socket)])


def same_origin(websocket: WebSocket) -> bool:
    """Whether the WebSocket was opened by a page of this server (its Origin names the Host asked)."""
    origin = websocket.headers.get("origin", "")
    host = websocket.headers.get("host", "")
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc == host


async def connect(tables: Tables, websocket: WebSocket) -> None:
    found = tables.find(websocket.path_params["token"])
    if not same_origin(websocket):
        await websocket.close(code=1008, reason="not from this server's page")
        return
    if found is None:
        await websocket.close(code=4404, reason="no seat of this game has this address")
        return
    game, seat = found
    same_token = sum(p.game is game and p.seat == seat for p in tables.pages)
    if len(tables.pages) >= MAX_CONNECTIONS or same_token >= MAX_PER_TOKEN:
        await websocket.close(code=1013, reason="too many pages open; close one and reload")
        return
    await websocket.accept()
    page = Page(websocket, game, seat)
    tables.pages.add(page)
    page.changed.set()
    sender = asyncio.create_task(page.send_updates())
    try:
        while not sender.done():
            receive = asyncio.create_task(websocket.receive_text())
            done, _ = await asyncio.wait({receive, sender}, return_when=asyncio.FIRST_COMPLETED)
            if receive not in done:
                receive.cancel()
                break
            reply = await handle(tables, page, receive.result())
            if reply is not None:
                await asyncio.wait_for(websocket.send_text(json.dumps(reply)), SEND_TIMEOUT)
    except (WebSocketDisconnect, asyncio.TimeoutError, RuntimeError):
        pass  # the page went away (or would not take its updates): nothing of the game changes
    finally:
        tables.pages.discard(page)
        sender.cancel()
        try:
            await websocket.close(code=1000)
        except (RuntimeError, WebSocketDisconnect):
            pass  # closed already


async def handle(tables: Tables, page: Page, text: str) -> dict[str, Any] | None:
    """A page's message, answered with what to show (a refusal's reason, a help text), or None."""
    if len(text) > MAX_MESSAGE:
        return _said("refused", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = json.loads(text)
    except ValueError:
        return _said("refused", "a message is a JSON object, e.g. {\"type\": \"answer\", \"at\": 3, \"text\": \"#1\"}")
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        return _said("refused", "a message is a JSON object with a type")
    kind, at = message["type"], message.get("at")
    game, seat = page.game, page.seat
    if kind in ("answer", "undo", "hint"):
        if seat == SPECTATOR:
            return _said("refused", "a spectator watches: only the seats answer")
        if type(at) is not int:
            return _said("refused", "an answer names the decision it answers (`at`, a whole number)")
        if kind == "answer":
            answer = message.get("text")
            if not isinstance(answer, str):
                return _said("refused", "an answer has a text: an option as `#N`, or what you would type")
            shown = await to_thread.run_sync(lambda: game.own_view(seat, at, answer))
            if shown is not None:  # the game's own view (New York 1901's `places`), not an answer
                return _said("said", shown)
            refused = await _changing(tables, game, lambda: game.answer(seat, at, answer))
            return _said("refused", refused) if refused else None
        if kind == "undo":
            refused = await _changing(tables, game, lambda: game.undo(seat, at))
            return _said("refused", refused) if refused else _said("said", "(undone)")
        return _said("said", await to_thread.run_sync(lambda: game.hint(seat, at)))
    if kind in ("help", "why", "save", "info"):
        return _said("said", await to_thread.run_sync(lambda: _shown(game, seat, kind, message)))
    return _said("refused", f"no message of type {json.dumps(kind[:20])}")


async def _changing(tables: Tables, game: ServedGame, change: Callable[[], str]) -> str:
    """Make a change in a worker thread; when it was made, every page of the game is told."""
    before = game.version
    refused = await to_thread.run_sync(change)
    if game.version != before:
        tables.changed(game)
    return refused


def _shown(game: ServedGame, seat: int, kind: str, message: dict[str, Any]) -> str:
    """A text that shows the table (help, why an event happened, where the game is saved)."""
    with game.lock:
        state = game.session.state
        assert state is not None
        if kind == "save":
            return (f"The game is saved after every decision, on the server, in {game.save_path.name} "
                    f"(continue it there with: nycrules serve{game.again} --load {game.save_path.name}).")
        if kind == "info":
            what = message.get("what")
            if not isinstance(what, str) or len(what) > 100:
                what = ""
            shown = game_hooks.view(game.hooks, state, "info", what.strip())
            return shown or f"`info` is not part of {game.page['title']}; `help` says what may be typed here"
        if kind == "why":
            event = message.get("event")
            if type(event) is not int:
                return "why names an event by its number in the log"
            viewer = None if state.finished else seat
            return views.why(state, f"#{event}", viewer)
        decision = game.decision()
        said = game_hooks.page_help(game.hooks, game.page["shows"])
        if decision is not None and decision.seat.index == seat:
            return game_hooks.explanation(game.hooks, state, decision) + "\n\n" + said
        return said


def _said(kind: str, text: str) -> dict[str, Any]:
    return {"type": kind, "text": text}
