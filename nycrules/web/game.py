"""One game served to browsers: its session, a secret token per person's seat and one for spectators,
and its save, written after every decision in the format of `play` (table/saves.py).

Every change goes through `answer` or `undo`, one at a time (a lock), and is refused with one line
unless it is the asking seat's turn and the decision it answers is the one waiting now: an answer
sent twice, from a stale page or a second tab, names a decision already taken and changes nothing.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from ..agents import seat_agents
from ..diagnostics import NycRulesError
from ..engine.decisions import Decision
from ..engine.model import Ruleset
from ..engine.runner import Session
from ..engine.setup import SeatSpec
from ..table import game_hooks
from ..table.commands import VIEWS
from ..table.replay import check_record_used
from ..table.saves import Save, save_keeping_others, write_save, write_text
from ..reading.files import read_bytes

MAX_ANSWER = 200  # characters of a typed answer or command (a bid is a few words)
SPECTATOR = -1  # the "seat" of a spectator: it sees what every seat sees, no hand


class ServedGame:
    """A game with its seats' tokens; `version` grows at every change, for the pages to follow."""

    def __init__(self, ruleset: Ruleset, specs: list[SeatSpec], seed: int, decisions: list[int],
                 save_path: Path, tokens: dict[str, int] | None = None, again: str = ""):
        self.ruleset, self.specs, self.seed = ruleset, list(specs), seed
        self.again = again  # ` -r PATH` in the commands it suggests, when the rules are not the default ones
        self.hooks = game_hooks.hooks_of(ruleset)  # what the ruleset's game gives the table
        self.page = game_hooks.page(self.hooks, ruleset)  # what its pages show beside picture and options
        self.lock = threading.Lock()
        self.version = 0
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nycrules-save")
        self.saved: Future[None] = Future()
        self.saved.set_result(None)
        self.save_error = ""  # why the last save failed, if it did: said on every page
        self.failure = ""  # a rule that failed (the game cannot go on): said on every page
        self.session = self._session(decisions)
        check_record_used(self.session, len(decisions))
        wanted = {*self.people, SPECTATOR}
        if tokens is None or set(tokens.values()) != wanted:
            tokens = {secrets.token_urlsafe(18): seat for seat in sorted(wanted)}
        self.tokens = tokens
        self.save_path, self.save_note = save_keeping_others(self._save(), save_path)
        self._svg: tuple[int, str] | None = None

    # ------------------------------------------------------------------ who is asking
    @property
    def continued(self) -> str:
        """The command that goes on with this game from its save."""
        return f"nycrules serve{self.again} --load {self.save_path}"

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens (SPECTATOR for the spectators' token); None for no token of this game."""
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known.encode(), token.encode()):
                return seat
        return None

    def token_of(self, seat: int) -> str:
        return next(token for token, s in self.tokens.items() if s == seat)

    @property
    def people(self) -> list[int]:
        return [i for i, spec in enumerate(self.specs) if spec.kind == "human"]

    # ------------------------------------------------------------------ changes
    def answer(self, seat: int, at: int, text: str) -> str:
        """Take `text` (an option's number as `#N`, or what a person would type at the terminal) as the
        answer of `seat` to decision number `at`; '' when taken, else why not (nothing changes)."""
        with self.lock:
            refused = self._refusal(seat, at)
            if refused:
                return refused
            if len(text) > MAX_ANSWER:
                return f"an answer is at most {MAX_ANSWER} characters"
            decision = self.session.decision()
            assert decision is not None and self.session.state is not None
            word = text.strip().split(" ", 1)[0].lower()
            if word in (*VIEWS, "more", "quit", "exit"):
                return self._not_typed(word)
            chosen = game_hooks.read_typed(self.session, decision, text.strip(), self.hooks)
            if isinstance(chosen, str):
                return chosen
            for index in chosen:  # a line may answer this seat's next questions too (each checked on a copy)
                self._apply(index)
            return ""

    def _not_typed(self, word: str) -> str:
        """Why a command of the terminal is not an answer here: what this page shows (the game's PAGE
        says which views it shows itself) and what may be typed instead (the game's own views too)."""
        shows = self.page["shows"]
        own = [w for w in game_hooks.hook(self.hooks, "COMMANDS") or {} if w not in shows]
        if word in VIEWS and word not in shows and word not in own and word != "save":
            lead = f"`{word}` is not part of {self.page['title']}"
        else:
            lead = f"`{word}` is not needed here"
        parts = list(dict.fromkeys(shows.values()))
        said = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
        typed = ", ".join(f"`{w}`" for w in [*own, "why #E", "hint", "help", "undo"])
        return f"{lead}: this page shows {said}, and has buttons for the rest; type an option, or {typed}"

    def undo(self, seat: int, at: int) -> str:
        """Take back this seat's last decision and all after it (bots and Toms play theirs again), as
        `undo` at the terminal; refused when another person has answered since. '' when done."""
        with self.lock:
            if at != len(self.session.record):
                return "that undo was for an earlier moment of the game: the page now shows where it is"
            if self.session.decision() is None:
                return "the game is over"
            history = self.session.history
            for position in range(len(history) - 1, -1, -1):
                who = history[position][0]
                if who == seat:
                    self.session.close()
                    self.session = self._session(list(self.session.record[:position]))
                    self._saved()
                    return ""
                if who in self.people:
                    name = self.specs[who].name
                    return (f"{name} has answered since your last decision: undo takes back only your own; "
                            f"{name} may undo first")
            return "nothing to undo yet"

    def own_view(self, seat: int, at: int, text: str) -> str | None:
        """A view of the game's own typed in the answer box at the seat's turn (New York 1901's `places`,
        `tiles`, `seats`), as the terminal shows it; None when the text is no such view (an answer, a view
        the page shows itself, or not the seat's turn: `answer` says why)."""
        word, _, rest = text.strip().partition(" ")
        word = word.lower()
        if word in self.page["shows"] or word not in (game_hooks.hook(self.hooks, "COMMANDS") or {}) \
                or len(text) > MAX_ANSWER:
            return None
        with self.lock:
            if self._refusal(seat, at):
                return None
            decision = self.session.decision()
            assert decision is not None
            return game_hooks.own_command(self.hooks, self.session, decision, word, rest, False)

    def hint(self, seat: int, at: int) -> str:
        """What the search bot would choose at this seat's decision (table/hints.py), or why not now."""
        with self.lock:
            refused = self._refusal(seat, at)
            if refused:
                return refused
            from ..table.hints import hint  # the search bot, loaded when first asked
            decision = self.session.decision()
            assert decision is not None
            return hint(self.session, decision)

    def _refusal(self, seat: int, at: int) -> str:
        """Why `seat` may not answer decision `at` now, or ''."""
        if self.failure:
            return f"the game cannot go on: {self.failure}"
        decision = self.session.decision()
        if decision is None:
            return "the game is over"
        if at != len(self.session.record):
            return (f"that answer was for decision {at + 1}, which is not the one waiting (decision "
                    f"{len(self.session.record) + 1}): it was taken already or the page was out of date; "
                    "nothing changed")
        if decision.seat.index != seat:
            return f"it is {decision.seat.name}'s turn, not yours"
        return ""

    def _apply(self, index: int) -> None:
        try:
            self.session.apply(index)
        except NycRulesError as err:  # a rule failed: the game so far is kept, the pages say why
            self.failure = str(err)
        self._saved()

    def _saved(self) -> None:
        """A new version of the game, saved (atomically, synced) over this game's own save file by the
        game's writer thread, in order: while the disk syncs, the pages' new state is being built, and
        no page is sent it before the save is done (`saved`)."""
        self.version += 1
        self.saved = self._writer.submit(self._write, self._save())

    def _write(self, save: Save) -> None:
        try:
            write_save(self.save_path, save)
            self.save_error = ""
        except (NycRulesError, OSError) as err:  # a full disk: the game goes on, every page says so
            reason = getattr(err, "strerror", None) or err
            self.save_error = f"the game could not be saved to {self.save_path}: {reason}"

    def flush(self) -> None:
        """Wait until the game as it is now is saved."""
        self.saved.result()

    def _session(self, decisions: list[int]) -> Session:
        """A session that replays these decisions, the bots and Toms playing on to the first person's decision."""
        session = Session(self.ruleset, self.specs, self.seed, seat_agents(self.specs, self.seed),
                          replay=list(decisions))
        session.decision()
        return session

    def _save(self) -> Save:
        return Save(self.ruleset.digest, self.ruleset.name, self.specs, self.seed, list(self.session.record))

    # ------------------------------------------------------------------ what is shown
    def decision(self) -> Decision | None:
        return None if self.failure else self.session.decision()

    def board_svg(self) -> str:
        """The board as `board --svg` draws it (public: the same for every seat), drawn once a version."""
        if self._svg is None or self._svg[0] != self.version:
            assert self.session.state is not None
            drawn = game_hooks.picture(self.hooks, self.session.state)
            self._svg = (self.version, drawn or "")
        return self._svg[1]

    def shown_options(self, decision: Decision) -> list[int]:
        """The options a page lists as buttons (the terminal's menu); the others are typed or under `more`."""
        assert self.session.state is not None
        return game_hooks.shown_options(self.hooks, self.session.state, decision)


# ---------------------------------------------------------------------- tokens kept beside the save
def tokens_path(save_path: Path) -> Path:
    """Where a game's tokens are kept, so that a restarted server keeps every page's address."""
    return save_path.with_name(save_path.name + ".tokens")


def read_tokens(save_path: Path) -> dict[str, int] | None:
    """The tokens kept for this save, if a readable file of them is there (else new ones are made)."""
    try:
        data = json.loads(read_bytes(tokens_path(save_path), 10_000).decode("utf-8"))
    except (NycRulesError, OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(k, str) and 10 <= len(k) <= 60 and type(v) is int
                                             for k, v in data.items()):
        return None
    return data


def keep_tokens(game: ServedGame) -> None:
    """Write the tokens beside the save, readable by their owner only."""
    path = tokens_path(game.save_path)
    write_text(path, json.dumps(game.tokens) + "\n", "tokens file")
    os.chmod(path, 0o600)
