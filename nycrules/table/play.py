"""`nycrules play` and `nycrules replay`: games for people, line by line, in a terminal or a pipe.

A person's turn shows what matters, the numbered legal options and a prompt.
Commands work at any prompt; bad input never changes the game. Undo, load and
autosave all rest on one fact: a game is its seed, seats and decisions, so
going back means replaying all but the last decisions.
"""

from __future__ import annotations

import signal
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from . import menus, narration, views
from .board_view import visible_len
from ..agents import seat_agents
from .character_info import info
from ..diagnostics import NycRulesError, RuleRuntimeError
from ..engine.decisions import Decision
from ..engine.scoring import winner_of
from ..engine.runner import Session
from ..engine.setup import SeatSpec
from ..engine.state import Game, Seat
from ..engine.model import Ruleset
from ..limits import MAX_INPUT_CHARS
from .saves import Save, autosave, save_with_fallback, write_save
from ..text import shown, shown_in_colour, shown_path

AUTOSAVE = "nycrules-autosave.json"
LAST_GAME = "nycrules-last-game.json"
VIEWS = ("board", "hand", "seats", "chars", "characters", "log", "why", "info", "picture", "save")
# Every line below fits an 80-column terminal (a test checks it).
AFTER = """Commands: board, seats, chars, log [N], why [N|#E], info CHARACTER,
  picture FILE, save FILE, quit"""
HELP = """Commands (at any prompt):
  NUMBER or TEXT  choose an option: its number, or its text (a unique start of
                  an option shown is enough); a bid as its cards (`2x press
                  wild`, `sky wild`), a pair with + (`dollar + plans`), a
                  character by its number or title (`16`, `joker`); #N is
                  always option N
  more            every option of this decision (every legal bid)
  hint            what the search bot would choose here, with the expected
                  points of its two best options (it sees only what you see)
  swap A for B    exchange hand card A for reserve card B while bidding
  help            what the current decision is about, and the commands
  board           the boroughs, vessels, prestige tiles and the press track
  hand            your cards, dollars and skyscrapers
  seats           every seat's points, dollars, press place, skyscrapers,
                  vessels and company
  chars           your characters, and the elevator's with what each does
  info CHARACTER  a character in full: `info 16`, `info joker` (a unique start
                  of the title)
  log [N]         the last N events (default 20), numbered
  why [N | #E]    the rules behind the N latest events, or event E of `log`,
                  with their file:line
  undo            take back your own last decision and what followed it (not
                  when another person has answered since)
  picture FILE    draw the table as an SVG picture (open it in a web browser)
  save FILE       save the game (continue later: `nycrules play --load FILE`)
  quit            stop (you are asked whether to save first; through a pipe it
                  saves to nycrules-autosave.json)"""

COMMANDS = """Commands: a number or text chooses; more, hint, swap A for B, board, hand,
  seats, chars, info CHARACTER, log [N], why [N|#E], picture FILE, undo,
  save FILE, quit (`help commands` explains each one)"""


# Colours for an interactive terminal only (piped output, --plain and NO_COLOR get none).
_STYLES = {"header": "\033[1;36m", "section": "\033[1m", "question": "\033[1;33m"}


class _Undo(Exception):
    pass


class _Quit(Exception):
    def __init__(self, save_to: Path | None):
        super().__init__()
        self.save_to = save_to  # where to save the game before stopping, if anywhere


class _InputEnded(Exception):
    reason = "input ended before the game did"


LONGEST_SKIPPED = 100 * MAX_INPUT_CHARS  # a longer line (`< /dev/zero`) ends the game, saved


class _LineTooLong(_InputEnded):
    reason = f"input that is not lines of text (a line of more than {LONGEST_SKIPPED} characters)"


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP (the terminal closed) at any moment: the game is saved as on Ctrl-C."""

    def __init__(self, signum: int):
        super().__init__()
        self.signum = signum


STOPPING_SIGNALS = {"SIGTERM": "stopped (SIGTERM)", "SIGHUP": "the terminal closed (SIGHUP)"}


WIDTH = 80  # an 80-column terminal (the board and menus are laid out for it)


def fitted(line: str) -> str:
    """A line of output broken between words to fit the terminal, its follow-on lines indented."""
    if visible_len(line) <= WIDTH:  # colour codes take no room on screen
        return line
    indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
    return "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_long_words=False,
                                   break_on_hyphens=False))


MORE = "-- more: press Enter --"
CLEAR = "\033[H\033[2J\033[3J"  # the screen and its scrollback
MIN_ROWS = 12  # a smaller terminal would wait for Enter all the time: it scrolls instead


@dataclass
class Terminal:
    """Where the game talks: an input and an output stream; echoes answers when input is piped.

    With `rows` (a person watching a terminal of that height) nothing scrolls away unread: after
    a screenful of lines since the person last typed, the terminal waits for Enter.
    """

    inp: TextIO
    out: TextIO
    interactive: bool
    rows: int | None = None
    screen: bool = False  # a real screen, not a pipe: typed-ahead input can be dropped, people hand it over
    shown: int = 0  # lines written since the person last typed (the prompt's line included)
    typed_ahead: list[str] = field(default_factory=list)  # lines typed at `-- more --`: the next answers

    def say(self, text: str = "", style: str = "") -> None:
        text = shown_in_colour(text)  # names and texts from files never reach the terminal raw
        for line in "\n".join(fitted(line) for line in text.split("\n")).split("\n"):
            if self.rows and self.shown >= self.rows - 1:
                self.page()
            if self.interactive and style:
                line = f"{_STYLES[style]}{line}\033[0m"
            self.out.write(line + "\n")
            self.shown += 1

    def make_room(self, lines: int) -> None:
        """Lines that belong together (a decision and its prompt) start a new screen if they would not fit."""
        if self.rows and self.shown > 1 and self.shown + lines > self.rows:
            self.page()

    def page(self) -> None:
        """Wait for Enter; a line typed there instead is kept as the answer to the next prompt."""
        try:
            line = self._read_line(self.prompt(MORE))
        except _InputEnded:  # the next real prompt notices the end of input
            self.rows = None
            return
        if line.strip():
            self.typed_ahead.append(line)

    def prompt(self, text: str) -> str:
        return f"\033[1m{text}\033[0m" if self.interactive else text

    def drop_typed_ahead(self) -> bool:
        """Forget the lines typed before the next prompt (they were meant for an earlier question);
        True if there were any. Through a pipe nothing is dropped: every line is read at a prompt."""
        dropped = bool(self.typed_ahead)
        self.typed_ahead.clear()
        if self.screen and hasattr(self.inp, "fileno"):
            try:
                import select
                import termios

                dropped = bool(select.select([self.inp], [], [], 0)[0]) or dropped
                termios.tcflush(self.inp, termios.TCIFLUSH)
            except (ImportError, OSError, ValueError, TypeError):  # not a terminal after all
                pass
        return dropped

    def hand_over(self, name: str) -> None:
        """Between two people at one screen: clear it (and its scrollback), so that neither reads the
        other's hand, and wait until the next one has it."""
        self.drop_typed_ahead()
        if self.screen:
            self.out.write(CLEAR)
        self.shown = 0
        self._read_line(self.prompt(f"Pass the screen to {name}; {name}, press Enter "))

    def read(self, prompt: str) -> str:
        if self.typed_ahead:  # shown after its prompt, as if typed there
            self.shown = 1
            line = self.typed_ahead.pop(0)
            self.out.write(f"{prompt}{shown(line)}\n")
            return line
        return self._read_line(prompt)

    def _skip_line(self, read: int) -> None:
        """A line over MAX_INPUT_CHARS is not read as an answer: the rest of it is passed over, as long
        as it ends within LONGEST_SKIPPED characters (else the input is not text: _LineTooLong)."""
        while True:
            rest = self.inp.readline(MAX_INPUT_CHARS)
            read += len(rest)
            if not rest or rest.endswith("\n"):
                read -= rest.endswith("\n")
                break
            if read > LONGEST_SKIPPED:
                self.out.write("\n")
                raise _LineTooLong
        self.out.write(f"(a line of {read} characters, not read: the limit is {MAX_INPUT_CHARS})\n")

    def _read_line(self, prompt: str) -> str:
        self.shown = 1  # the prompt's line stays on the screen
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                raise _InputEnded from None
        self.out.write(prompt)
        line = self.inp.readline(MAX_INPUT_CHARS + 1)  # `< /dev/zero` is one endless line
        if not line:
            self.out.write("\n")
            raise _InputEnded
        if len(line) > MAX_INPUT_CHARS and not line.endswith("\n"):
            self._skip_line(len(line))
            return ""
        line = line.rstrip("\r\n")
        self.out.write(shown(line) + "\n")  # a piped game reads like a typed one (what it typed, escaped)
        return line


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

    # ----------------------------------------------------------------- runs
    def run(self) -> int:
        """Play the game; every way it can stop before its end (the end of input, quit, Ctrl-C,
        SIGTERM, SIGHUP, a failing rule, an error of ours) saves it first."""
        handlers = _catch_stopping_signals()
        try:
            return self._run()
        finally:
            for signum, handler in handlers.items():
                signal.signal(signum, handler)

    def _run(self) -> int:
        t = self.terminal
        loaded = len(self.decisions)
        names = ", ".join(f"{s.name} ({_kind(s)})" for s in self.specs)
        t.say(f"New York City: {names}; seed {self.seed}. Type `help` at any prompt.")
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
                self._start(self.session.record[:self.undo_to])
                self.events_at = self.events_at[:self.undo_to + 1]
                t.say("(undone)")
            except _Quit as stop:
                t.say(self._stopped(stop.save_to))
                return 0
            except _InputEnded as ended:
                return self._autosave(ended.reason)
            except RuleRuntimeError as err:  # a bug of the ruleset: keep the game to show where
                self._autosave(str(err), "replay it with: nycrules replay")
                return 1
            except _Stopped as stop:
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
                                       "continue with: nycrules play --load" if output else
                                       "please report it; continue with: nycrules play --load")
                    except NycRulesError:
                        pass  # the error itself is what to report
                raise
        game = self.session.state
        assert game is not None
        check_record_used(self.session, len(self.decisions))
        self._flush(game)
        table = views.final_scores(game)
        t.make_room(len(table.split("\n")) + 2)  # the table and who won, on one screen
        t.say("")
        t.say(table)
        winner = winner_of(game)
        t.say(f"{winner.name} wins with {winner.points} points.")
        record, note = save_with_fallback(self._save(list(self.session.record)), self.record_file,
                                          "game's record")
        if note:
            t.say(note)
        where = shown_path(record)
        t.say(f"The game's record is in {where}; see it again with")
        t.say(f"  nycrules replay {where}\n  nycrules board {where}")
        if any(spec.kind == "human" for spec in self.specs):
            self._after_the_game(game)
        return 0

    def _after_the_game(self, game: Game) -> None:
        """The table stays open: look at it, save it, draw it, until `quit` or the end of input."""
        t = self.terminal
        t.say("The game is over.")
        t.say(AFTER)
        while True:
            try:
                line = t.read(t.prompt("game over> ")).strip()
            except _InputEnded:
                return
            word, _, rest = line.partition(" ")
            word = word.lower()
            if not line:
                continue
            if word in ("quit", "exit"):
                return
            if word == "help":
                t.say(AFTER)
            elif word in ("board", "seats", "log", "why", "info", "picture", "save", "chars", "characters"):
                t.say(self._view(game, game.seats[0], word, rest))
            else:
                t.say(f"'{line[:40]}' is not a command here.")
                t.say(AFTER)

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

    def _flush(self, game: Game) -> None:
        assert self.session is not None
        position = len(self.session.record)
        if position < len(self.events_at):
            self.printed = max(self.printed, self.events_at[position])  # shown before an undo
        for line in narration.told(game, self.printed, viewer=self._viewer()):
            self.terminal.say(_event_text(line), line.kind if line.kind in _STYLES else "")
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

    def _autosave(self, reason: str, how: str = "continue with: nycrules play --load") -> int:
        """Save the game so far without replacing another game's save (saves.autosave), and say where."""
        assert self.session is not None
        _hold_stopping_signals()
        path, note = autosave(self._save(list(self.session.record)), self.autosave)
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
        people = sum(spec.kind == "human" for spec in self.specs)
        if people > 1 and t.screen and self.last_asked not in (None, decision.seat.index):
            t.hand_over(decision.seat.name)  # before the events: they are told as this person sees them
            t.say(f"{decision.seat.name}'s turn (`log` shows what happened before)")
        self.last_asked = decision.seat.index
        self._flush(game)
        if self.forced:  # what was typed ahead was meant for the decision taken without asking
            self.forced = False
            if t.drop_typed_ahead():
                t.say("(what you typed before this question was not taken: see the option taken for you above)")
        if not self.board_shown:
            self.board_shown = True
            t.say("")
            t.say(views.board(game, t.interactive))
        view = ["", views.decision_context(game, decision), _headline(decision),
                *menus.option_lines(game, decision)]
        t.make_room(sum(len(fitted(part).split("\n")) for text in view for part in text.split("\n")) + 1)
        for i, text in enumerate(view):
            t.say(text, "question" if i == 2 else "")
        while True:
            line = t.read(t.prompt(f"{decision.seat.name}> ")).strip()
            if not line:
                continue
            result = self._command(game, decision, line)
            if isinstance(result, int):
                return result
            if result:
                t.say(result)

    def _command(self, game: Game, decision: Decision, line: str) -> int | str:
        """An option index, or a text to show (a view, or why the input was not taken)."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        seat = decision.seat
        if word == "help":
            if rest.strip() == "commands":
                return HELP
            return menus.explain(game, decision) + "\n" + COMMANDS
        if word == "more":
            return "\n".join(menus.option_lines(game, decision, every=True))
        if word == "hint":
            from .hints import hint  # the search bot, loaded when first asked
            assert self.session is not None
            return hint(self.session, decision)
        if word in VIEWS:
            return self._view(game, seat, word, rest)
        if word == "undo":
            return self._undo(seat)
        if word in ("quit", "exit"):
            return self._quit()
        return menus.read_answer(game, decision, line, menus.choose_option)

    def _view(self, game: Game, seat: Seat, word: str, rest: str) -> str:
        """A command that shows the table or keeps it (save, picture); the game does not change."""
        if word == "board":
            return views.board(game, self.terminal.interactive)
        if word == "hand":
            return views.hand(game, seat)
        if word == "seats":
            return views.seats(game, self.terminal.interactive)
        if word in ("chars", "characters"):
            return views.characters(game, seat)
        if word == "log":
            count = rest.strip() or "20"
            if not (count.isascii() and count.isdigit() and len(count) <= 6):
                return "log takes a number of events, e.g. `log 10`"
            return views.log(game, int(count), None if game.finished else seat.index)
        if word == "why":
            return views.why(game, rest, None if game.finished else seat.index)
        if word == "info":
            return info(game.ruleset, rest) if rest.strip() else "info needs a character's number or title, " \
                                                                 "e.g. `info 16` or `info joker`"
        if word == "picture":
            return write_picture(game, rest.strip())
        if not rest.strip():  # save
            return "save needs a file name, e.g. `save mygame.json`"
        assert self.session is not None
        try:
            write_save(Path(rest.strip()), self._save(list(self.session.record)))
        except NycRulesError as err:
            return str(err)
        self.saved = (Path(rest.strip()), len(self.session.record))
        return f"saved to {rest.strip()} (continue with: nycrules play --load {rest.strip()})"

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
            _hold_stopping_signals()
            if save_to == self.autosave:  # as at the end of input: never over another game's save
                save_to, note = autosave(self._save(record), self.autosave)
            else:  # the file of this game's last `save`
                try:
                    write_save(save_to, self._save(record))
                except NycRulesError as err:
                    return f"Game stopped; it could not be saved: {err}"
            self.saved = (save_to, len(record))
        if self.saved is None:
            return "Game stopped; it was not saved."
        path, held = self.saved
        where = shown_path(path)
        if held == len(record):
            said = f"Game stopped; saved to {where} (continue with: nycrules play --load {where})."
        else:
            said = (f"Game stopped; the last save, {where}, is {held} decisions in, without the "
                    f"{len(record) - held} since (continue from there with: nycrules play --load {where}).")
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


def _catch_stopping_signals() -> dict:
    """SIGTERM and SIGHUP raise _Stopped in the game (as SIGINT raises KeyboardInterrupt); returns the
    handlers SIGINT, SIGTERM and SIGHUP had, to put back. (Only the main thread can set handlers;
    elsewhere nothing changes.)"""
    def stop(signum: int, frame: object) -> None:
        raise _Stopped(signum)

    before = {}
    for name in STOPPING_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None:  # not on this system
            continue
        try:
            before[signum] = signal.signal(signum, stop)
        except ValueError:  # not the main thread
            return before
    before[signal.SIGINT] = signal.getsignal(signal.SIGINT)
    return {signum: handler for signum, handler in before.items() if handler is not None}


def _hold_stopping_signals() -> None:
    """While the game is being saved, a second Ctrl-C, SIGTERM or SIGHUP does not cut the save short
    (run() puts the handlers back afterwards)."""
    for name in ("SIGINT", *STOPPING_SIGNALS):
        signum = getattr(signal, name, None)
        if signum is not None:
            try:
                signal.signal(signum, signal.SIG_IGN)
            except ValueError:  # not the main thread
                return


def write_picture(game: Game, path: str) -> str:
    """`picture FILE.svg`: the table as an SVG file."""
    if not path:
        return "picture needs a file name, e.g. `picture table.svg`"
    if not path.lower().endswith(".svg"):
        return (f"picture draws an SVG picture: give a file name ending in .svg (`picture "
                f"{shown_path(Path(path).with_suffix('.svg').name)}`), not {shown_path(path)}")
    from .saves import write_text
    from .svg import picture

    try:
        write_text(Path(path), picture(game), "picture")
    except NycRulesError as err:
        return str(err)
    return f"drew the table into {path} (open it in a web browser)"


def _headline(decision: Decision) -> str:
    """The question: rule-made choices name what is chosen; the procedure's are whole sentences."""
    if decision.kind in ("choose", "choose_some", "number"):
        return f"{decision.seat.name}, choose: {decision.prompt}"
    return f"{decision.seat.name}: {decision.prompt}"


def _kind(spec: SeatSpec) -> str:
    if spec.kind == "tom":
        return f"Tom {spec.tom_mode}{spec.tom_cards}"
    return "person" if spec.kind == "human" else spec.kind


def _event_text(line: narration.Told) -> str:
    if line.kind == "header":
        return f"\n=== {line.text} ==="
    if line.kind == "section":
        return f"--- {line.text} ---"
    return "  " + line.text


def replay(ruleset: Ruleset, save: Save, out: TextIO, until: int | None) -> int:
    """Show a saved game decision by decision; with `until`, stop once decision N has taken effect."""

    def write(text: str) -> None:
        out.write(shown_in_colour(text))  # names and texts from files never reach the terminal raw

    printed = 0
    limit = len(save.decisions) if until is None else min(until, len(save.decisions))

    def flush(game: Game) -> None:
        nonlocal printed
        for line in narration.told(game, printed):
            write(_event_text(line) + "\n")
        printed = len(game.events)

    def observe(game: Game, decision: Decision, index: int) -> None:
        flush(game)
        write(f"#{len(session.record)} {decision.seat.name}: {decision.prompt} -> "
                  f"{decision.option(index).label}\n")

    # Nobody answers for any seat: the game pauses at the first decision past the record.
    session = Session(ruleset, save.seats, save.seed, {}, replay=save.decisions[:limit], observer=observe)
    paused = session.decision() is not None
    game = session.state
    assert game is not None
    flush(game)
    if paused:
        write(f"\n(after decision {limit} of {len(save.decisions)})\n")
        write(views.board(game) + "\n" + views.seats(game) + "\n")
        return 0
    check_record_used(session, len(save.decisions))
    write("\n" + views.final_scores(game) + "\n")
    return 0


def check_record_used(session: Session, recorded: int) -> None:
    """A save whose game ends before its last decision was changed by hand."""
    if len(session.record) < recorded:
        raise NycRulesError(f"the save holds {recorded} decisions, but its game ends after "
                            f"{len(session.record)}: the file was changed")
