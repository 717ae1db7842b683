"""`nycrules play`: games for people, line by line, in a terminal or a pipe (terminal.py).

A person's turn shows what matters, the numbered legal options and a prompt.
Commands work at any prompt; bad input never changes the game. Undo, load and
autosave all rest on one fact: a game is its seed, seats and decisions, so
going back means replaying all but the last decisions.
"""

from __future__ import annotations

import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path

from . import commands, game_hooks, menus, narration
from ..agents import seat_agents
from ..diagnostics import NycRulesError, RuleRuntimeError
from ..engine.decisions import Decision
from ..engine.model import Ruleset
from ..engine.runner import Session
from ..engine.scoring import victory
from ..engine.setup import SeatSpec
from ..engine.state import Game, Seat
from .replay import check_record_used
from .saves import Save, save_keeping_others, save_with_fallback
from .terminal import (STOPPING_SIGNALS, STYLES, InputEnded, Stopped, Terminal, catch_stopping_signals, fitted,
                       hold_stopping_signals)
from ..text import shown, shown_path

AUTOSAVE = "nycrules-autosave.json"
LAST_GAME = "nycrules-last-game.json"


class _Undo(Exception):
    pass


class _Quit(Exception):
    def __init__(self, save_to: Path | None):
        super().__init__()
        self.save_to = save_to  # where to save the game before stopping, if anywhere


@dataclass
class PlayGame:
    ruleset: Ruleset
    specs: list[SeatSpec]
    seed: int
    terminal: Terminal
    decisions: list[int] = field(default_factory=list)
    autosave: Path = Path(AUTOSAVE)
    record_file: Path = Path(LAST_GAME)  # the finished game's record, for replay and board
    session: Session | None = None
    printed: int = 0  # events already shown
    undo_to: int = 0
    events_at: list[int] = field(default_factory=list)  # events before each decision, to resume output
    forced: bool = False  # a person's decision was taken without asking since the last prompt
    last_asked: int | None = None  # the seat of the person asked last (people take turns at one screen)
    saved: tuple[Path, int] | None = None  # the last `save FILE`, and how many decisions it held
    board_shown: bool = False  # the board is shown before a person's first decision (the start characters)
    position: dict | None = None  # a position the game goes on from (`play --from`), its decisions first
    planned: list[int] = field(default_factory=list)  # the rest of a line that answered several questions
    again: str = ""  # ` -r PATH` for the commands the table suggests, when the rules are not the shipped ones

    def __post_init__(self) -> None:
        self.hooks = game_hooks.hooks_of(self.ruleset)  # what the ruleset's game gives the table, if anything

    # ----------------------------------------------------------------- runs
    def run(self) -> int:
        """Play the game; every way it can stop before its end (the end of input, quit, Ctrl-C,
        SIGTERM, SIGHUP, a failing rule, an error of ours) saves it first."""
        handlers = catch_stopping_signals()
        try:
            return self._run()
        finally:
            for signum, handler in handlers.items():
                signal.signal(signum, handler)

    def _run(self) -> int:
        t = self.terminal
        loaded = len(self.decisions)
        t.say(game_hooks.opening_line(self.hooks, self.ruleset, self.specs, self.seed))
        for line in game_hooks.opening_lines(self.hooks, self.ruleset):
            t.say(line)
        if not loaded:  # a new game: what the game says once
            for line in game_hooks.first_lines(self.hooks, self.ruleset, self.specs):
                t.say(line)
        self._start(self.decisions)
        while True:
            assert self.session is not None
            try:
                decision = self.session.decision()
                if decision is None:
                    break
                game = self.session.state
                assert game is not None
                self.session.apply(self._ask_person(game, decision))
            except _Undo:
                self.planned.clear()
                self._start(self.session.record[:self.undo_to])
                self.events_at = self.events_at[:self.undo_to + 1]
                t.say("(undone)")
            except _Quit as stop:
                t.say(self._stopped(stop.save_to))
                return 0
            except InputEnded as ended:
                return self._autosave(ended.reason)
            except RuleRuntimeError as err:  # a bug of the ruleset: keep the game to show where
                self._autosave(str(err), f"replay it with: nycrules replay{self.again}")
                return 1
            except Stopped as stop:
                self._autosave(STOPPING_SIGNALS[signal.Signals(stop.signum).name])
                return 128 + stop.signum
            except KeyboardInterrupt:
                self._autosave("interrupted")
                return 130
            except Exception as err:  # the output gone, or an error of ours: a person's game is kept all the same
                if len(self.session.record) > loaded and any(spec.kind == "human" for spec in self.specs):
                    output = isinstance(err, OSError)
                    try:
                        self._autosave(f"cannot write the output ({err.strerror or err})" if output else
                                       f"internal error ({type(err).__name__}: {err})",
                                       f"continue with: nycrules play{self.again} --load" if output else
                                       f"please report it; continue with: nycrules play{self.again} --load")
                    except NycRulesError:
                        pass  # the error itself is what to report
                raise
        game = self.session.state
        assert game is not None
        check_record_used(self.session, len(self.decisions))
        self._flush(game)
        table = game_hooks.final_scores(self.hooks, game)
        t.make_room(len(table.split("\n")) + 2)  # the table and who won, on one screen
        t.say("")
        t.say(table)
        t.say(f"{victory(game)}.")
        record, note = save_with_fallback(self._save(list(self.session.record)), self.record_file,
                                          "game's record")
        if note:
            t.say(note)
        where = shown_path(record)
        t.say(f"The game's record is in {where}; see it again with")
        t.say(f"  nycrules replay{self.again} {where}\n  nycrules board{self.again} {where}")
        if any(spec.kind == "human" for spec in self.specs):
            self._after_the_game(game)
        return 0

    def _after_the_game(self, game: Game) -> None:
        """The table stays open: look at it, save it, draw it, until `quit` or the end of input."""
        t = self.terminal
        after = game_hooks.after_help(self.hooks)
        t.say("The game is over.")
        t.say(after)
        while True:
            try:
                line = t.read(t.prompt("game over> ")).strip()
            except InputEnded:
                return
            word, _, rest = line.partition(" ")
            word = word.lower()
            if not line:
                continue
            if word in ("quit", "exit", "q"):
                return
            own = game_hooks.after_command(self.hooks, game, word, rest, t.interactive)
            if word in ("help", "?", "h"):
                t.say(after)
            elif own is not None:  # a view of the game's own
                t.say(own)
            elif word in game_hooks.SHARED_AFTER_THE_GAME:
                t.say(self._view(game, game.seats[0], word, rest))
            else:
                t.say(f"'{line[:40]}' is not a command here.")
                t.say(after)

    def _start(self, decisions: list[int]) -> None:
        """A session that replays these decisions, then pauses at each person's decision."""
        if self.session is not None:  # undo: the game so far is replayed in a new session
            self.session.close()
        self.decisions = list(decisions)
        agents = seat_agents(self.specs, self.seed)
        if self.position is None:
            self.session = Session(self.ruleset, self.specs, self.seed, agents, replay=list(decisions),
                                   observer=self._observe)
        else:  # from the position; an undo goes back no further than it
            session = self.session = Session.from_position(self.ruleset, self.position, agents)
            start = len(session.record)
            self.decisions = list(session.record) + list(decisions[start:])
            session.agents, session.replay, session.observer = agents, list(self.decisions), self._observe
            self.events_at = self.events_at or [len(session.state.events)] * (start + 1)
        self.printed = 0

    def _replaying(self) -> bool:
        assert self.session is not None
        return len(self.session.record) < len(self.session.replay)

    def _observe(self, game: Game, decision: Decision, index: int) -> None:
        assert self.session is not None
        position = len(self.session.record) - 1
        if position == len(self.events_at):
            self.events_at.append(len(game.events))
        if self._replaying():
            self.printed = len(game.events)
        elif decision.seat.kind != "human":
            self._flush(game)
            self.terminal.pause()

    def _flush(self, game: Game) -> None:
        assert self.session is not None
        position = len(self.session.record)
        if position < len(self.events_at):
            self.printed = max(self.printed, self.events_at[position])  # shown before an undo
        for line in narration.told(game, self.printed, viewer=self._viewer()):
            self.terminal.say(narration.line_text(line), line.kind if line.kind in STYLES else "")
            if line.text.endswith(f"({narration.FORCED})"):
                self.forced = True
        self.printed = len(game.events)

    def _viewer(self) -> int | None:
        """The seat whose eyes the events are told for: the only person, or the person asked last
        (events naming another seat's hidden cards are told as that seat's neighbours saw them)."""
        people = [i for i, spec in enumerate(self.specs) if spec.kind == "human"]
        if len(people) > 1 and self.last_asked is not None:
            return self.last_asked
        return people[0] if people else None

    def _autosave(self, reason: str, how: str | None = None) -> int:
        """Save the game so far without replacing another game's save (saves.save_keeping_others), and say where."""
        how = how or f"continue with: nycrules play{self.again} --load"
        assert self.session is not None
        hold_stopping_signals()
        path, note = save_keeping_others(self._save(list(self.session.record)), self.autosave)
        where = shown_path(path)
        try:  # after a SIGHUP the terminal is gone: the game is saved all the same
            self.terminal.out.flush()
        except (OSError, ValueError):
            pass
        try:
            sys.stderr.write(f"nycrules: {shown(reason)}; saved to {where} ({how} {where})\n")
            if note:
                sys.stderr.write(f"nycrules: {shown(note)}\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        return 3

    def _save(self, record: list[int]) -> Save:
        return Save(self.ruleset.digest, self.ruleset.name, self.specs, self.seed, record)

    # --------------------------------------------------------------- people
    def _ask_person(self, game: Game, decision: Decision) -> int:
        t = self.terminal
        if self.planned:  # answered by the line typed at an earlier question of this seat
            self._flush(game)
            index = self.planned.pop(0)
            t.say(f"{menus.headline(decision)} {decision.option(index).label}")
            return index
        people = sum(spec.kind == "human" for spec in self.specs)
        if people > 1 and t.screen and self.last_asked != decision.seat.index:  # the first one too
            t.hand_over(decision.seat.name)  # before the events: they are told as this person sees them
            t.say(f"{decision.seat.name}'s turn first (type `help` at any prompt)" if self.last_asked is None
                  else f"{decision.seat.name}'s turn (`log` shows what happened before)")
        self.last_asked = decision.seat.index
        self._flush(game)
        if self.forced:  # what was typed ahead was meant for the decision taken without asking
            self.forced = False
            if t.drop_typed_ahead():
                t.say("(what you typed before this question was not taken: see the option taken for you above)")
        if not self.board_shown:
            self.board_shown = True
            t.say("")
            t.say(game_hooks.board(self.hooks, game, t.interactive))
        view = ["", game_hooks.context(self.hooks, game, decision), menus.headline(decision),
                *game_hooks.option_lines(self.hooks, game, decision)]
        t.make_room(sum(len(fitted(part).split("\n")) for text in view for part in text.split("\n")) + 1)
        for i, text in enumerate(view):
            t.say(text, "question" if i == 2 else "")
        while True:
            line = t.read(t.prompt(f"{decision.seat.name}> ")).strip()
            if not line:
                continue
            result = self._command(game, decision, line)
            if isinstance(result, list):
                if len(result) > 1:  # a line that answers this question and the next: each answer shown
                    t.say(f"{menus.headline(decision)} {decision.option(result[0]).label}")
                self.planned = result[1:]
                return result[0]
            if result:
                t.say(result)

    def _command(self, game: Game, decision: Decision, line: str) -> list[int] | str:
        """The options the line chooses (this decision's first), or a text to show (a view, or why the
        input was not taken)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        seat = decision.seat
        assert self.session is not None
        own = game_hooks.own_command(self.hooks, self.session, decision, word, rest, self.terminal.interactive)
        if own is not None:  # help, a game's own view, or a command that is not part of its game
            return own
        if word == "more":
            return "\n".join(game_hooks.option_lines(self.hooks, game, decision, every=True))
        if word == "hint":
            from .hints import hint  # the search bot, loaded when first asked
            assert self.session is not None
            return hint(self.session, decision)
        if word in commands.VIEWS:
            return self._view(game, seat, word, rest)
        if word == "undo":
            return self._undo(seat)
        if word in ("quit", "exit", "q"):
            return self._quit()
        return game_hooks.read_typed(self.session, decision, line, self.hooks)

    def _view(self, game: Game, seat: Seat, word: str, rest: str) -> str:
        """`board`, `log`, `why` or `save`: the table shown or kept; the game does not change."""
        if word == "board":
            return game_hooks.board(self.hooks, game, self.terminal.interactive)
        if word != "save":
            return commands.show(game, seat, word, rest)
        if not rest.strip():
            return "save needs a file name, e.g. `save mygame.json`"
        assert self.session is not None
        try:  # never over another game's save or another file: that one is kept under a new name
            path, note = save_keeping_others(self._save(list(self.session.record)), Path(rest.strip()),
                                             fallback=False)
        except NycRulesError as err:
            return str(err)
        self.saved = (path, len(self.session.record))
        where = shown_path(path)
        return f"saved to {where} (continue with: nycrules play{self.again} --load {where})" + (f"; {note}" if note else "")

    def _quit(self) -> str:
        """Stop the game. Saved as it is (`save FILE`): nothing to ask. Else a person is asked whether to
        save first (to the file of the last `save`, or the autosave file); a pipe saves to the autosave file."""
        t = self.terminal
        assert self.session is not None
        if self.saved is not None and self.saved[1] == len(self.session.record):
            raise _Quit(None)
        if not t.interactive:
            raise _Quit(self.autosave)
        target = self.saved[0] if self.saved is not None else self.autosave
        while True:
            answer = t.read(t.prompt(f"Save the game to {shown_path(target)} before quitting? (yes/no/cancel) "))
            answer = answer.strip().lower()
            if answer in ("y", "yes"):
                raise _Quit(target)
            if answer in ("n", "no"):
                raise _Quit(None)
            if answer in ("c", "cancel", ""):
                return "(the game goes on)"

    def _stopped(self, save_to: Path | None) -> str:
        """Save the game if asked, and say where the game can be continued from."""
        assert self.session is not None
        record = list(self.session.record)
        note = ""
        if save_to is not None:
            hold_stopping_signals()
            try:  # the autosave file or that of this game's last `save`: never over another game's save
                save_to, note = save_keeping_others(self._save(record), save_to,
                                                    fallback=save_to == self.autosave)
            except NycRulesError as err:
                return f"Game stopped; it could not be saved: {err}"
            self.saved = (save_to, len(record))
        if self.saved is None:
            return "Game stopped; it was not saved."
        path, held = self.saved
        where = shown_path(path)
        if held == len(record):
            said = f"Game stopped; saved to {where} (continue with: nycrules play{self.again} --load {where})."
        else:
            said = (f"Game stopped; the last save, {where}, is {held} decisions in, without the "
                    f"{len(record) - held} since (continue from there with: nycrules play{self.again} --load {where}).")
        return said + (f"\n{note}" if note else "")

    def _undo(self, seat: Seat) -> str:
        """Take back this person's last decision and all after it (bots and Toms play theirs again);
        refused when another person has answered since, as that would take their answer back too."""
        assert self.session is not None
        history = self.session.history
        people = {i for i, s in enumerate(self.specs) if s.kind == "human"}
        for position in range(len(history) - 1, -1, -1):
            who = history[position][0]
            if who == seat.index:
                self.undo_to = position
                raise _Undo
            if who in people:
                return (f"{self.specs[who].name} has answered since your last decision: undo takes back only "
                        f"your own; {self.specs[who].name} may undo first")
        return "nothing to undo yet"

