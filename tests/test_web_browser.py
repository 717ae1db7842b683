"""The page of `nycrules serve` in a real browser (Playwright on Debian's Chromium): a whole game
clicked through, two people in two browsers who never see each other's hand, a reload in the
middle of a decision, and a server stopped and killed mid-game that goes on where it was."""

from __future__ import annotations

import json
import random
import signal
from pathlib import Path

import pytest

pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api")

from web_server import CHROMIUM, Server  # noqa: E402

from nycrules.api import load  # noqa: E402
from nycrules.engine.runner import Session  # noqa: E402
from nycrules.table.saves import read_save  # noqa: E402

if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (.ci/run installs Debian's package `chromium`)",
                allow_module_level=True)

RULESET = load()
STEP = 15_000  # ms a page may take to show the table after a click (the engine answers in a few)


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


def opened(browser, address: str, width: int = 1280, height: int = 800):
    """A page of its own browser context (its own cookies and storage: another person's browser)."""
    # bypass_csp: the page's policy forbids eval, which Playwright's waits use (test_web checks the policy)
    page = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True).new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.goto(address)
    page.wait_for_function("document.body.dataset.at !== undefined", timeout=STEP)
    return page


def at(page) -> int:
    return int(page.evaluate("document.body.dataset.at"))


def click_option(page, rng: random.Random) -> int:
    """Click one of the options shown (by chance, but never `use` a character, so the game moves on);
    returns the decision number it answered, once the page shows a later one."""
    before = at(page)
    buttons = page.locator("#options button")
    labels = buttons.all_inner_texts()
    choices = [i for i, text in enumerate(labels) if ". use " not in text] or list(range(len(labels)))
    buttons.nth(rng.choice(choices)).click()
    page.wait_for_function(f"Number(document.body.dataset.at) > {before}", timeout=STEP)
    return before


def mine(page) -> bool:
    return page.evaluate("document.body.dataset.mine") == "yes"


def test_a_whole_game_clicked_through_against_tom_and_a_bot(browser, tmp_path):
    rng = random.Random(5)
    with Server(tmp_path, ["--seat", "Ann", "--seat", "tom", "--seat", "bot:greedy", "--seed", "11"]) as server:
        page = opened(browser, server.addresses["Ann"])
        typed = refused = picked = 0
        while not page.locator("#final").is_visible():
            assert mine(page), "a person's page waits only while a bot plays"
            headline = page.locator("#headline").inner_text()
            if "bid" in headline and refused == 0:  # a bid the hand cannot make: the terminal's reason, no change
                before = at(page)
                page.fill("#answer", "9x press")
                page.press("#answer", "Enter")
                page.wait_for_selector("#message.refused", timeout=STEP)
                assert "press card" in page.locator("#message-text").inner_text()
                assert at(page) == before
                refused += 1
                continue
            if picked < 2 and page.locator("#board .pick").count():  # a character of the elevator, on the board
                before = at(page)
                page.locator("#board .pick").first.click()
                page.wait_for_function(f"Number(document.body.dataset.at) > {before}", timeout=STEP)
                picked += 1
                continue
            if "bid" in headline and typed < 3 and page.locator("#hand button").count():
                before = at(page)  # a bid made by clicking a card of the hand, then Send
                page.locator("#hand button").first.click()
                page.locator("#answer-form button[type=submit]").click()
                page.wait_for_function(f"Number(document.body.dataset.at) > {before} || "
                                       "!document.getElementById('message').hidden", timeout=STEP)
                if at(page) > before:
                    typed += 1
                else:  # one card alone is not always a bid: the reason is shown, and an option clicked instead
                    click_option(page, rng)
                continue
            click_option(page, rng)
        assert typed >= 1 and refused == 1 and picked >= 1
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280  # no sideways scrolling
        final = page.locator("#final-table").inner_text()
        assert "Final scoring" in page.locator("#final").inner_text() and "total" in final
        winner = page.locator("#winner").inner_text()
        saved = read_save(tmp_path / "nycrules-serve.json", RULESET)
        replayed = Session(RULESET, saved.seats, saved.seed, replay=saved.decisions)
        assert replayed.decision() is None  # the save holds the whole game, to its end
        totals = page.locator("#final-table tr.total td").all_inner_texts()
        assert totals == [str(seat.points) for seat in replayed.state.seats]  # the game's own final points
        best = max(replayed.state.seats, key=lambda s: s.points)
        assert winner.endswith(f"with {best.points} points.")
        assert page.errors == []


def test_two_people_in_two_browsers_never_see_each_others_hand(browser, tmp_path):
    rng = random.Random(8)
    with Server(tmp_path, ["--seat", "Ann", "--seat", "Bob", "--seat", "tom", "--seed", "4"]) as server:
        frames: dict[str, list[dict]] = {"Ann": [], "Bob": []}
        pages = {}
        for name in ("Ann", "Bob"):
            pages[name] = page = opened(browser, server.addresses[name], 390, 844)
            page.on("websocket", lambda ws, name=name: ws.on(
                "framereceived", lambda payload, name=name: frames[name].append(json.loads(payload))))
            page.reload()  # the frames from the start
            page.wait_for_function("document.body.dataset.at !== undefined", timeout=STEP)
        spectator = opened(browser, server.addresses["spectators"])
        for _ in range(40):
            turn = [name for name, page in pages.items() if mine(page)]
            assert len(turn) == 1, turn  # exactly one of the two is asked
            click_option(pages[turn[0]], rng)
            for name, other in (("Ann", "Bob"), ("Bob", "Ann")):
                pages[name].wait_for_function(f"Number(document.body.dataset.at) >= {at(pages[turn[0]])}",
                                              timeout=STEP)
                assert f"{other}: hand" not in pages[name].content()
                assert f"{name}: hand" in pages[name].content()
                assert pages[name].evaluate("document.documentElement.scrollWidth") <= 390  # fits a phone
        assert "hand" not in spectator.content().split("<section id=\"board-box\"")[0] or \
            spectator.locator("#hand-box").is_hidden()
        for name, other in (("Ann", "Bob"), ("Bob", "Ann")):
            states = [frame for frame in frames[name] if frame["type"] == "state"]
            assert len(states) > 20
            for frame in states:
                assert frame["hand"]["text"].startswith(f"{name}:")
                assert f"{other}: hand" not in json.dumps(frame)
                assert "decision" not in frame or frame["turn"] == name


def test_undo_hint_why_and_a_reload_in_the_middle_of_a_decision(browser, tmp_path):
    rng = random.Random(2)
    with Server(tmp_path, ["--seat", "Ann", "--seat", "bot:greedy", "--seed", "9"]) as server:
        page = opened(browser, server.addresses["Ann"])
        for _ in range(6):
            click_option(page, rng)
        before = at(page)
        page.click("#undo")  # my last answer taken back: the page goes back to my decision before it
        page.wait_for_function(f"Number(document.body.dataset.at) < {before}", timeout=STEP)
        assert mine(page)
        page.click("#hint")
        page.wait_for_selector("#message-text:has-text('Hint:')", timeout=60_000)
        page.locator("#log button").last.click()  # why: the rule behind the latest line, with its file:line
        page.wait_for_selector("#message-text:has-text('.yaml')", timeout=STEP)
        page.keyboard.press("Escape")
        page.fill("#answer", "info joker")  # the terminal's `info` in the answer box: the character in full
        page.press("#answer", "Enter")
        page.wait_for_selector("#message-text:has-text('16 Joker')", timeout=STEP)
        page.keyboard.press("Escape")
        page.fill("#answer", "half-typed")
        shown = (at(page), page.locator("#headline").inner_text(), page.locator("#options").inner_text())
        page.reload()
        page.wait_for_function("document.body.dataset.at !== undefined", timeout=STEP)
        assert (at(page), page.locator("#headline").inner_text(), page.locator("#options").inner_text()) == shown
        click_option(page, rng)
        assert read_save(tmp_path / "nycrules-serve.json", RULESET).decisions[:1]


def test_a_server_stopped_or_killed_mid_game_goes_on_where_it_was(browser, tmp_path):
    rng = random.Random(3)
    save = tmp_path / "nycrules-serve.json"
    server = Server(tmp_path, ["--seat", "Ann", "--seat", "tom", "--seed", "21"])
    port, address = server.port, server.addresses["Ann"]
    page = opened(browser, address)
    for _ in range(5):
        click_option(page, rng)
    for how in (signal.SIGTERM, signal.SIGKILL):  # stopped as by Ctrl-C or a service manager; a crash
        shown = (at(page), page.locator("#headline").inner_text())
        code, printed = server.stop(how)
        if how == signal.SIGTERM:
            assert code == 128 + signal.SIGTERM and "continue with: nycrules serve --load" in printed
        page.wait_for_selector("#link:has-text('reconnecting')", timeout=STEP)
        assert len(read_save(save, RULESET).decisions) == shown[0]  # every decision taken is in the save
        server = Server(tmp_path, ["--load", str(save)], port=port)
        assert server.addresses["Ann"] == address  # the same address: the open page finds its seat again
        page.wait_for_selector("#link:has-text('connected')", timeout=STEP)
        page.wait_for_function(f"document.body.dataset.at == {shown[0]}", timeout=STEP)
        assert page.locator("#headline").inner_text() == shown[1]
        for _ in range(3):
            click_option(page, rng)
    server.stop()
    assert page.errors == []


def test_the_keyboard_alone_plays(browser, tmp_path):
    with Server(tmp_path, ["--seat", "Ann", "--seat", "tom", "--seed", "6"]) as server:
        page = opened(browser, server.addresses["Ann"], 390, 844)
        for step in range(12):
            before = at(page)
            if step % 3 == 1 and page.locator("#options button").count() > 1:
                page.keyboard.press("Tab")  # the next option: Tab moves, Enter presses
            assert page.evaluate("document.activeElement.closest('#options') !== null")
            page.keyboard.press("Enter")
            page.wait_for_function(f"Number(document.body.dataset.at) > {before}", timeout=STEP)
        assert page.errors == []


def test_the_page_keeps_its_content_security_policy_without_a_complaint(browser, tmp_path):
    with Server(tmp_path, ["--seat", "Ann", "--seat", "tom", "--seed", "6"]) as server:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()  # the policy applies
        complaints = []
        page.on("console", lambda message: complaints.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda err: complaints.append(str(err)))
        page.goto(server.addresses["Ann"])
        page.wait_for_selector("#options button", timeout=STEP)
        page.locator("#options button").first.click()
        page.wait_for_selector("#board svg", timeout=STEP)
        page.wait_for_timeout(300)
        assert complaints == []


def test_a_new_york_1901_game_clicked_through_with_a_territory_picked_on_the_board(browser, tmp_path):
    """The same page serves the second game: its name, its board, no hand, a move typed its own way,
    its own view `places`, a territory picked by clicking one of its squares, the final scoring (issue 29)."""
    ny1901 = load("ny1901")
    rng = random.Random(4)
    with Server(tmp_path, ["-r", "ny1901", "--seat", "Ann", "--seat", "bot:random", "--seed", "4"]) as server:
        page = opened(browser, server.addresses["Ann"])
        assert page.title().endswith("New York 1901") and page.locator("h1").inner_text() == "New York 1901"
        assert page.locator("#hand-box").is_hidden() and page.locator("#board svg").count() == 1
        assert "b3l at h1" in page.get_attribute("#answer", "placeholder")
        picked = typed = viewed = 0
        while not page.locator("#final").is_visible():
            assert mine(page)
            before = at(page)
            if viewed == 0 and page.locator("#headline").inner_text().endswith("Which skyscraper?"):
                page.fill("#answer", "places")  # the game's own view, as at the terminal: shown, nothing taken
                page.press("#answer", "Enter")
                page.wait_for_selector("#message-text:has-text('(bronze, ')", timeout=STEP)
                assert page.locator("#message").get_attribute("class") != "refused" and at(page) == before
                viewed += 1
                continue
            if picked < 2 and page.locator("#board .pick").count():  # a territory: one of its squares
                if picked == 0:
                    assert lit_when_pointed_at(page) >= 2
                page.locator("#board .pick").first.click()
                picked += 1
            elif typed == 0 and page.locator("#headline").inner_text().endswith("Build a skyscraper?"):
                page.fill("#answer", "no")  # typed as at the terminal
                page.press("#answer", "Enter")
                typed += 1
            else:
                click_option(page, rng)
                continue
            page.wait_for_function(f"Number(document.body.dataset.at) > {before}", timeout=STEP)
        assert picked == 2 and typed == 1 and viewed == 1
        saved = read_save(tmp_path / "nycrules-serve.json", ny1901)
        replayed = Session(ny1901, saved.seats, saved.seed, replay=saved.decisions)
        assert replayed.decision() is None
        totals = page.locator("#final-table tr.total td").all_inner_texts()
        assert totals == [str(seat.points) for seat in replayed.state.seats]
        assert page.errors == []


def lit_when_pointed_at(page) -> int:
    """Pointing at a territory's square lights every square of it clearly (darker, outlined thick) and no
    other square; returns how many squares it lit."""
    first = page.locator("#board .pick").first
    territory = first.get_attribute("data-territory")
    looks = """(squares) => squares.map((s) => [s.dataset.territory, getComputedStyle(s).filter,
                                                getComputedStyle(s).strokeWidth])"""
    assert {tuple(look[1:]) for look in page.eval_on_selector_all("#board .pick", looks)} == {("none", "0.5px")}
    first.hover()
    looked = page.eval_on_selector_all("#board .pick", looks)
    lit = [look for look in looked if look[0] == territory]
    assert {tuple(look[1:]) for look in lit} == {("brightness(0.62)", "3px")}
    assert all(look[1:] == ["none", "0.5px"] for look in looked if look[0] != territory)
    page.mouse.move(0, 0)
    return len(lit)

