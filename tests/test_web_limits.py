"""`nycrules serve` under bad input, in a process of its own on 127.0.0.1: hundreds of pages at once,
a huge message, a WebSocket from another site; each refused in its way, and the game plays on as it was."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("starlette")
websockets = pytest.importorskip("websockets")

from web_server import Server  # noqa: E402

from nycrules.web.app import MAX_CONNECTIONS  # noqa: E402

PAGES = MAX_CONNECTIONS + 60  # more pages than the server takes (bounded: a few hundred, on loopback)


def socket_address(page: str) -> str:
    return page.replace("http://", "ws://").replace("/t/", "/ws/")


def origin_of(page: str) -> str:
    return page.split("/t/")[0]


async def first_message(address: str, origin: str) -> str:
    """What a page opened at `address` gets first: 'state', 'closed CODE' or 'refused STATUS' (its
    handshake answered with an HTTP status: a WebSocket closed before it is accepted gets 403)."""
    try:
        async with websockets.connect(address, origin=origin, open_timeout=30, max_size=2 ** 22) as socket:
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), 30))
                await asyncio.sleep(1)  # held open while the others come
                return message["type"]
            except websockets.ConnectionClosed as closed:
                return f"closed {closed.rcvd.code if closed.rcvd else 'none'}"
    except websockets.InvalidStatus as refused:
        return f"refused {refused.response.status_code}"
    except (websockets.InvalidHandshake, OSError):
        return "refused"


def test_many_pages_a_huge_message_and_another_origin_leave_the_game_as_it_was(tmp_path):
    with Server(tmp_path, ["--seat", "Ann", "--seat", "Bob", "--seat", "tom", "--seed", "2"]) as server:
        pages = [server.addresses["spectators"]] * PAGES
        address, origin = socket_address(pages[0]), origin_of(pages[0])

        async def crowd() -> list[str]:
            return await asyncio.gather(*(first_message(address, origin) for _ in pages))

        seen = asyncio.run(crowd())
        assert seen.count("state") <= MAX_CONNECTIONS
        assert len(seen) - seen.count("state") >= PAGES - MAX_CONNECTIONS  # the rest refused, none hung
        assert set(seen) <= {"state", "refused 403", "refused 503"}, set(seen)

        async def bad_ones() -> tuple[str, str, dict]:
            ann = socket_address(server.addresses["Ann"])
            evil = await first_message(ann, "http://evil.example")
            async with websockets.connect(ann, origin=origin, max_size=2 ** 22) as socket:
                first = json.loads(await socket.recv())
                await socket.send("x" * 1_000_000)  # far over the limit: the connection is closed
                try:
                    await asyncio.wait_for(socket.recv(), 10)
                    huge = "open"
                except websockets.ConnectionClosed as closed:
                    huge = f"closed {closed.rcvd.code if closed.rcvd else 'none'}"
            async with websockets.connect(ann, origin=origin, max_size=2 ** 22) as socket:
                again = json.loads(await socket.recv())
            return evil, huge, {"first": first, "again": again}

        evil, huge, states = asyncio.run(bad_ones())
        assert evil == "refused 403"
        assert huge == "closed 1009"  # "message too big"
        assert states["again"]["at"] == states["first"]["at"]  # nothing of the game changed
        assert states["again"]["version"] == states["first"]["version"]
