"""Where a game talks to people: a terminal or a pipe, lines out and lines in, and the signals that stop it.

Lines out are fitted to 80 columns and paged on a screen (nothing scrolls away unread); lines in
are bounded (`< /dev/zero` ends the game, saved); SIGTERM and SIGHUP stop a game as Ctrl-C does.
"""

from __future__ import annotations

import signal
import textwrap
import time
from dataclasses import dataclass, field
from typing import TextIO

from .layout import visible_len
from ..limits import MAX_INPUT_CHARS
from ..text import shown, shown_in_colour

# Colours for an interactive terminal only (piped output, --plain and NO_COLOR get none).
STYLES = {"header": "\033[1;36m", "section": "\033[1m", "question": "\033[1;33m"}


class InputEnded(Exception):
    reason = "input ended before the game did"


LONGEST_SKIPPED = 100 * MAX_INPUT_CHARS  # a longer line (`< /dev/zero`) ends the game, saved


class LineTooLong(InputEnded):
    reason = f"input that is not lines of text (a line of more than {LONGEST_SKIPPED} characters)"


class Stopped(KeyboardInterrupt):
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
    a screenful of lines since the person last typed, the terminal waits for Enter. With `delay`
    (someone watching bots play, `play --delay`) it never waits for Enter: each bot's move is
    followed by a pause of that many seconds instead.
    """

    inp: TextIO
    out: TextIO
    interactive: bool
    rows: int | None = None
    screen: bool = False  # a real screen, not a pipe: typed-ahead input can be dropped, people hand it over
    shown: int = 0  # lines written since the person last typed (the prompt's line included)
    typed_ahead: list[str] = field(default_factory=list)  # lines typed at `-- more --`: the next answers
    delay: float | None = None  # seconds after each bot's move, instead of `-- more --`

    def say(self, text: str = "", style: str = "") -> None:
        text = shown_in_colour(text)  # names and texts from files never reach the terminal raw
        for line in "\n".join(fitted(line) for line in text.split("\n")).split("\n"):
            if self.rows and self.shown >= self.rows - 1 and self.delay is None:
                self.page()
            if self.interactive and style:
                line = f"{STYLES[style]}{line}\033[0m"
            self.out.write(line + "\n")
            self.shown += 1

    def make_room(self, lines: int) -> None:
        """Lines that belong together (a decision and its prompt) start a new screen if they would not fit."""
        if self.rows and self.shown > 1 and self.shown + lines > self.rows and self.delay is None:
            self.page()

    def pause(self) -> None:
        """After a bot's move, when watching with a delay: what it did stays a moment on the screen."""
        if self.delay is not None:
            self.out.flush()
            time.sleep(self.delay)

    def page(self) -> None:
        """Wait for Enter; a line typed there instead is kept as the answer to the next prompt."""
        try:
            line = self._read_line(self.prompt(MORE))
        except InputEnded:  # the next real prompt notices the end of input
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
        as it ends within LONGEST_SKIPPED characters (else the input is not text: LineTooLong)."""
        while True:
            rest = self.inp.readline(MAX_INPUT_CHARS)
            read += len(rest)
            if not rest or rest.endswith("\n"):
                read -= rest.endswith("\n")
                break
            if read > LONGEST_SKIPPED:
                self.out.write("\n")
                raise LineTooLong
        self.out.write(f"(a line of {read} characters, not read: the limit is {MAX_INPUT_CHARS})\n")

    def _read_line(self, prompt: str) -> str:
        self.shown = 1  # the prompt's line stays on the screen
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                raise InputEnded from None
        self.out.write(prompt)
        line = self.inp.readline(MAX_INPUT_CHARS + 1)  # `< /dev/zero` is one endless line
        if not line:
            self.out.write("\n")
            raise InputEnded
        if len(line) > MAX_INPUT_CHARS and not line.endswith("\n"):
            self._skip_line(len(line))
            return ""
        line = line.rstrip("\r\n")
        self.out.write(shown(line) + "\n")  # a piped game reads like a typed one (what it typed, escaped)
        return line


def catch_stopping_signals() -> dict:
    """SIGTERM and SIGHUP raise Stopped in the game (as SIGINT raises KeyboardInterrupt); returns the
    handlers SIGINT, SIGTERM and SIGHUP had, to put back. (Only the main thread can set handlers;
    elsewhere nothing changes.)"""
    def stop(signum: int, frame: object) -> None:
        raise Stopped(signum)

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


def hold_stopping_signals() -> None:
    """While the game is being saved, a second Ctrl-C, SIGTERM or SIGHUP does not cut the save short
    (run() puts the handlers back afterwards)."""
    for name in ("SIGINT", *STOPPING_SIGNALS):
        signum = getattr(signal, name, None)
        if signum is not None:
            try:
                signal.signal(signum, signal.SIG_IGN)
            except ValueError:  # not the main thread
                return
