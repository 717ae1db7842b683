"""`nycrules serve` without a browser: the game served, what each seat is sent, and the WebSocket's
checks (origin, tokens, stale and doubled answers, bad messages), through Starlette's test client."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")  # what Starlette's test client uses (the web-test extra)

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from nycrules.agents.seating import parse_seats  # noqa: E402
from nycrules.api import load  # noqa: E402
from nycrules.games.nyc.table import answers  # noqa: E402
from nycrules.table.saves import read_save  # noqa: E402
from nycrules.web.app import MAX_MESSAGE, make_app  # noqa: E402
from nycrules.web.game import SPECTATOR, ServedGame  # noqa: E402
from nycrules.web.seat_state import state_for  # noqa: E402

RULESET = load()
ORIGIN = {"origin": "http://testserver"}


def served(tmp_path: Path, seats: list[str], seed: int = 7, decisions: list[int] | None = None) -> ServedGame:
    return ServedGame(RULESET, parse_seats(seats, RULESET), seed, decisions or [], tmp_path / "game.json")


def state(ws) -> dict:
    """The next state sent (skipping other replies)."""
    while True:
        message = json.loads(ws.receive_text())
        if message["type"] == "state":
            return message


def test_an_answer_is_taken_once_and_saved_at_once(tmp_path):
    game = served(tmp_path, ["Ann", "tom", "bot:greedy"])
    client = TestClient(make_app([game]))
    token = game.token_of(0)
    with client.websocket_connect(f"/ws/{token}", headers=ORIGIN) as ws, \
            client.websocket_connect(f"/ws/{token}", headers=ORIGIN) as tab:
        first = state(ws)
        assert state(tab)["at"] == first["at"]  # a second tab of the seat shows the same decision
        at = first["decision"]["at"]
        ws.send_text(json.dumps({"type": "answer", "at": at, "text": "#1"}))
        after = state(ws)
        assert after["at"] > at and state(tab)["at"] == after["at"]  # both tabs follow
        tab.send_text(json.dumps({"type": "answer", "at": at, "text": "#1"}))  # the same answer again
        refused = json.loads(tab.receive_text())
        assert refused["type"] == "refused" and "not the one waiting" in refused["text"]
    assert game.session.history[0][:2] == (0, 0)  # Ann's first decision, taken once
    assert read_save(game.save_path, RULESET).decisions == game.session.record  # saved at once


def test_a_refused_answer_says_what_the_terminal_says_and_changes_nothing(tmp_path):
    game = served(tmp_path, ["Ann", "tom", "bot:greedy"])
    for _ in range(10):  # past the start characters and the draft, to Ann's first bid
        decision = game.session.decision()
        if decision.kind == "bid":
            break
        assert game.answer(0, len(game.session.record), "#1") == ""
    decision = game.session.decision()
    assert decision.kind == "bid"
    record, version = list(game.session.record), game.version
    for typed in ("9x press", "xyzzy", "#999", "dollar + plans"):
        expected = answers.read_answer(game.session.state, decision, typed, answers.choose_option)
        assert isinstance(expected, str)
        assert game.answer(0, len(record), typed) == expected
    assert game.answer(0, len(record), "x" * 201).startswith("an answer is at most")
    assert game.answer(0, len(record), "board").startswith("`board` is not needed here")
    assert (game.session.record, game.version) == (record, version)


def test_a_token_plays_only_its_own_seat_and_a_spectator_none(tmp_path):
    game = served(tmp_path, ["Ann", "Bob", "tom"])
    waiting = game.session.decision().seat.index
    other = 1 - waiting
    at = len(game.session.record)
    assert game.answer(other, at, "#1") == f"it is {game.specs[waiting].name}'s turn, not yours"
    client = TestClient(make_app([game]))
    with client.websocket_connect(f"/ws/{game.token_of(SPECTATOR)}", headers=ORIGIN) as ws:
        seen = state(ws)
        assert "hand" not in seen and "decision" not in seen
        ws.send_text(json.dumps({"type": "answer", "at": at, "text": "#1"}))
        assert "spectator" in json.loads(ws.receive_text())["text"]
    assert len(game.session.record) == at


def test_a_seat_is_never_sent_another_seats_hidden_cards(tmp_path):
    game = served(tmp_path, ["Ann", "Bob", "tom"], seed=3)
    private_seen = 0
    rng = random.Random(3)  # any options, exchanges with the reserve among them
    while (decision := game.session.decision()) is not None:
        seat = decision.seat.index
        mine, theirs = state_for(game, seat), state_for(game, 1 - seat)
        assert mine["decision"]["at"] == len(game.session.record) and "decision" not in theirs
        assert mine["hand"]["text"].startswith(game.specs[seat].name + ":")
        assert theirs["hand"]["text"].startswith(game.specs[1 - seat].name + ":")
        assert sorted(theirs["hand"]["cards"]) == sorted(c.type for c in game.session.state.seats[1 - seat].hand)
        # an event with a part only its seat sees: told to the other seat without that part
        for event in game.session.state.events[-30:]:  # within the log a page shows
            if event.seat in (0, 1) and event.public and event.text != event.public:
                private_seen += 1
                other = theirs if event.seat == seat else mine  # the state of the seat that is not its
                told = f"{game.specs[event.seat].name} {event.text}"
                assert told not in json.dumps(other["log"])
                assert told in json.dumps(theirs if other is mine else mine)  # told to its own seat
        assert game.answer(seat, len(game.session.record), f"#{rng.randrange(decision.count) + 1}") == ""
    assert private_seen > 0  # the check above looked at such events


def test_the_websocket_checks_its_origin_and_its_token(tmp_path):
    game = served(tmp_path, ["Ann", "tom"])
    client = TestClient(make_app([game]))
    for headers in ({"origin": "http://evil.example"}, {}, {"origin": "null"}):
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(f"/ws/{game.token_of(0)}", headers=headers) as ws:
                ws.receive_text()
        assert closed.value.code == 1008
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect("/ws/not-a-token-of-this-game", headers=ORIGIN) as ws:
            ws.receive_text()
    assert closed.value.code == 4404
    assert client.get("/t/not-a-token-of-this-game").status_code == 404
    page = client.get(f"/t/{game.token_of(0)}")
    assert page.status_code == 200 and page.headers["referrer-policy"] == "no-referrer"


def test_bad_messages_get_one_line_and_leave_the_game_as_it_was(tmp_path):
    game = served(tmp_path, ["Ann", "tom"])
    client = TestClient(make_app([game]))
    before = (list(game.session.record), game.version)
    with client.websocket_connect(f"/ws/{game.token_of(0)}", headers=ORIGIN) as ws:
        state(ws)
        for bad in ("{", "[1, 2]", '{"type": 5}', '{"type": "answer", "at": "3", "text": "#1"}',
                    '{"type": "answer", "at": 0}', '{"type": "launch"}', "x" * (MAX_MESSAGE + 1),
                    '{"type": "why", "event": "1"}', '{"type": "info", "what": 5}',
                    '{"type": "info", "what": "nobody at all"}'):
            ws.send_text(bad)
            reply = json.loads(ws.receive_text())
            assert reply["type"] in ("refused", "said") and "\n" not in reply["text"], bad
    assert (game.session.record, game.version) == before


def test_undo_takes_back_the_seats_own_answer_and_the_save_follows(tmp_path):
    game = served(tmp_path, ["Ann", "tom", "bot:greedy"])
    assert game.undo(0, 0) == "nothing to undo yet"
    assert game.answer(0, 0, "#2") == ""
    at = len(game.session.record)
    assert game.undo(0, at - 1).startswith("that undo was for an earlier moment")
    assert game.undo(0, at) == ""
    assert game.session.record == [] or game.session.history[-1][0] != 0
    assert len(game.session.record) < at
    game.flush()
    assert read_save(game.save_path, RULESET).decisions == game.session.record
    while (decision := game.session.decision()) is not None:  # to the end: then nothing is taken back
        assert game.answer(0, len(game.session.record), "#1") == ""
    assert game.undo(0, len(game.session.record)) == "the game is over"


def test_a_restarted_server_goes_on_from_the_save_with_the_same_addresses(tmp_path):
    from nycrules.web.game import keep_tokens, read_tokens

    game = served(tmp_path, ["Ann", "tom", "bot:greedy"])
    for _ in range(4):
        assert game.answer(0, len(game.session.record), "#1") == ""
    keep_tokens(game)
    game.flush()
    saved = read_save(game.save_path, RULESET)
    again = ServedGame(RULESET, saved.seats, saved.seed, saved.decisions, game.save_path,
                       read_tokens(game.save_path))
    assert again.tokens == game.tokens and again.save_path == game.save_path
    assert again.session.record == game.session.record
    assert state_for(again, 0)["decision"] == state_for(game, 0)["decision"]


def test_a_slow_page_is_sent_only_the_latest_state(tmp_path):
    import asyncio

    from nycrules.web.app import Page

    game = served(tmp_path, ["Ann", "tom", "bot:greedy"])

    class SlowSocket:  # a page that takes its first update only when let
        def __init__(self) -> None:
            self.sent: list[int] = []
            self.gate = asyncio.Event()

        async def send_text(self, text: str) -> None:
            await self.gate.wait()
            self.sent.append(json.loads(text)["version"])

    async def run() -> list[int]:
        socket = SlowSocket()
        page = Page(socket, game, 0)
        sender = asyncio.create_task(page.send_updates())
        page.changed.set()
        await asyncio.sleep(0.3)  # the first state is on its way, held by the slow page
        for _ in range(6):
            assert game.answer(0, len(game.session.record), "#1") == ""
            page.changed.set()
        socket.gate.set()
        await asyncio.sleep(0.5)
        sender.cancel()
        return socket.sent

    assert asyncio.run(run()) == [0, game.version]  # the first, then only the latest: nothing piles up


def test_a_save_that_fails_is_said_on_every_page_and_the_game_goes_on(tmp_path):
    import shutil

    folder = tmp_path / "saves"
    folder.mkdir()
    game = served(folder, ["Ann", "tom"])
    shutil.rmtree(folder)  # the folder of the save is gone (a disk unplugged, a full disk alike)
    client = TestClient(make_app([game]))
    with client.websocket_connect(f"/ws/{game.token_of(0)}", headers=ORIGIN) as ws:
        first = state(ws)
        ws.send_text(json.dumps({"type": "answer", "at": first["at"], "text": "#1"}))
        after = state(ws)
    assert after["at"] > first["at"]
    assert after["save_error"].startswith("the game could not be saved to ") and "\n" not in after["save_error"]


def test_a_served_game_of_another_ruleset_is_named_and_continued_with_its_rules(tmp_path):
    """serve -r ny1901 says which game it serves and prints a continue command that names its rules
    (without -r the save would be refused as another ruleset's)."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    save = tmp_path / "srv.json"
    server = subprocess.Popen([sys.executable, str(root / "cli.py"), "serve", "-r", "ny1901", "-s", "Ann",
                               "-s", "bot:greedy", "--seed", "3", "--port", "0", "--save", str(save)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        printed = []
        for line in server.stdout:
            printed.append(line)
            if line.startswith("Stop with Ctrl-C"):
                break
    finally:
        server.terminate()
        server.communicate(timeout=60)
    assert printed[0].startswith("Serving New York 1901; ")
    assert printed[-1] == f"Stop with Ctrl-C; continue later with: nycrules serve -r ny1901 --load {save}\n"
    ny1901 = load("ny1901")
    game = ServedGame(ny1901, parse_seats(["Ann", "bot:greedy"], ny1901), 3, [], save, again=" -r ny1901")
    home = TestClient(make_app([game])).get("/").text
    assert "A game of New York 1901 is served here" in home
