"""`nycrules play` and `nycrules replay` as a person meets them: the real program, fed through a pipe.

A game is driven in-process first by a small strategy (tests/test_play.py:Driver) that answers each
decision by number, by its text or by a unique start of it; the answers it gave are then replayed
through the real `cli.py` in a subprocess, and everything below (garbage, undo, save, load, replay)
is checked against that uninterrupted game. Golden transcripts live in tests/transcripts/;
regenerate them with NYCRULES_REGEN_GOLDEN=1 (tests/golden.py): the stored answers are played again,
so a transcript changes only where the program's output did.
"""

from __future__ import annotations

import io
import json
import os
import pty
import random
import re
import select
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pytest

import golden
from nycrules.games.nyc.table import answers
from nycrules.limits import MAX_INPUT_CHARS
from nycrules.loading.loader import load_ruleset
from nycrules.table.play import PlayGame
from nycrules.table.terminal import MORE, Terminal
from nycrules.resources import shipped_ruleset
from nycrules.agents.seating import parse_seats
from nycrules.text import shown

ROOT = Path(__file__).resolve().parent.parent
CLI = ROOT / "cli.py"
TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts"

# Words that are commands at any prompt (the first word of a line, case-insensitive).
COMMANDS = {"help", "board", "hand", "seats", "chars", "characters", "log", "why", "undo", "save", "quit", "exit",
            "info", "more", "picture", "?", "h", "q"}
AUTOSAVE_NOTE = ("nycrules: input ended before the game did; saved to nycrules-autosave.json "
                 "(continue with: nycrules play --load nycrules-autosave.json)")

GREEDY = (("Ann", "bot:greedy"), 4)
TOM = (("Ann", "tom:B4"), 3)
RANDOM = (("Ann", "bot:random"), 5)
HOTSEAT = (("Ann", "Bob", "bot:random"), 11)


# ------------------------------------------------------------------ the real program
def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "PYTHONIOENCODING")}
    env.update(extra)
    return env


def nycrules(*args: str, input: str = "", cwd: Path, env: dict[str, str] | None = None):
    """`cli.py ARGS` in a subprocess, stdin a pipe holding `input`."""
    return subprocess.run([sys.executable, str(CLI), *args], input=input, capture_output=True, text=True,
                          encoding="utf-8", errors="surrogateescape", cwd=cwd, env=env or _env(), timeout=120)


def play_args(seats: tuple[str, ...], seed: int) -> list[str]:
    args = ["play", "--seed", str(seed)]
    for seat in seats:
        args += ["--seat", seat]
    return args


def lines(answers: list[str]) -> str:
    return "".join(a + "\n" for a in answers)


def final_block(stdout: str) -> str:
    """The final scoring table and the winner line."""
    assert "\nFinal scoring" in stdout, stdout[-2000:]
    return stdout[stdout.rindex("\nFinal scoring"):]


def one_line_error(result) -> str:
    """The whole of stderr, checked to be one `nycrules: ...` line and no traceback."""
    assert "Traceback" not in result.stdout + result.stderr
    err = result.stderr
    assert err.endswith("\n") and err.count("\n") == 1, repr(err)
    assert err.startswith("nycrules: "), repr(err)
    return err.strip()


def is_subsequence(short: list[str], long: list[str]) -> bool:
    it = iter(long)
    return all(any(line == other for other in it) for line in short)


# ------------------------------------------------------------------ answering like a person
def _bare(label: str) -> str:
    return re.sub(r"\s*\(\d+\)$", "", label.lower())


def taken_as(labels: list[str], kind: str, line: str, shown: list[int] | None = None) -> int | None | str:
    """What the help text promises a typed line means: an option index, None (refused), or 'ambiguous'.

    A number picks that option; an option's text picks it; a bid may be typed as its cards in any
    order; a unique start of the text of an option the menu shows (`shown`, default all) picks it;
    several options starting so is ambiguous; a start of one or two letters picks nothing (but `y`
    and `n` answer a yes-or-no question).
    """
    text = " ".join(line.lower().split())
    if not text:
        return None
    if text.startswith("#") and text[1:].isdigit():
        number = int(text[1:])
        return number - 1 if 1 <= number <= len(labels) else None
    if text.isdigit():
        number = int(text)
        chars = [i for i, label in enumerate(labels) if character_number(label) == number]
        if chars:
            return chars[0]  # a number offered as a character's means that character
        return number - 1 if 1 <= number <= len(labels) else None
    bare = [_bare(label) for label in labels]
    if kind == "bid":
        for i, b in enumerate(bare):
            if sorted(b.split()) == sorted(text.split()):
                return i
    for i, label in enumerate(labels):
        if bare[i] == text or label.lower() == text:
            return i
    shown = range(len(labels)) if shown is None else shown
    starts = [i for i in shown if labels[i].lower().startswith(text)]
    if len(text) < 3 and kind != "ask":
        return None
    if len(starts) == 1:
        return starts[0]
    return _as_notation(labels, kind, text) if not starts else "ambiguous"


CARD_TYPES = ("press", "dollar", "elevator", "plans", "prestige", "skyscraper", "wild")


def _as_notation(labels: list[str], kind: str, text: str) -> int | None:
    """The program's own notation: a character's title (or its unique start), or cards as `2x press`."""
    name = text.removeprefix("use ")
    titles = {i: re.sub(r"^(?:use )?\d+ ", "", label).split(" (")[0].lower() for i, label in enumerate(labels)
              if character_number(label) is not None}
    found = [i for i, title in titles.items() if title == name] or \
            [i for i, title in titles.items() if len(name) >= 3 and title.startswith(name)]
    if len({titles[i] for i in found}) == 1:
        return found[0]
    wanted = _cards(text.removeprefix("take "))
    if wanted is None or (kind == "bid" and "+" in text):  # a pair's notation is never a bid
        return None
    matches = [i for i, label in enumerate(labels)
               if _cards(_bare(label).removeprefix("take ")) == wanted and (kind != "bid" or label.endswith(")"))]
    return matches[0] if len(matches) == 1 else None


def _cards(text: str) -> Counter | None:
    out: Counter = Counter()
    count = 1
    for word in [w for w in re.split(r"[\s+,]+", text) if w]:
        if re.fullmatch(r"\d{1,2}x?", word):
            count = int(word.rstrip("x"))
        elif re.fullmatch(r"x\d{1,2}", word) and out:
            out[list(out)[-1]] += int(word[1:]) - 1
        elif word in CARD_TYPES or (word.endswith("s") and word[:-1] in CARD_TYPES):
            out[word if word in CARD_TYPES else word[:-1]] += count
            count = 1
        elif len(word) >= 3 and len([t for t in CARD_TYPES if t.startswith(word)]) == 1:  # `sky`
            out[next(t for t in CARD_TYPES if t.startswith(word))] += count
            count = 1
        else:
            return None
    return out if out and count == 1 else None


def character_number(label: str) -> int | None:
    """The character an option label names (`5 Scout (1)`, `use 5 Scout`), if any."""
    match = re.match(r"(?:use )?(\d+) [A-Z]", label)
    return int(match.group(1)) if match and " + " not in label else None  # a stack of several is not one


def safe_text(line: str) -> bool:
    """A line that the game can only read as an answer (not a command, not a number)."""
    first = line.strip().partition(" ")[0].lower()
    return bool(line.strip()) and first not in COMMANDS


@dataclass
class Turn:
    """One decision of a person: who, what was offered, what was answered."""

    seat: str
    prompt: str
    kind: str
    labels: list[str]
    index: int  # the option chosen
    answer: str  # the line typed for it
    position: int  # decisions (of all seats) taken before this one
    shown: list[int] = field(default_factory=list)  # the options the menu showed


class Driver:
    """A small strategy answering for every person: mostly act rather than pass; answer by number,
    by the option's text, by a unique start of it, or (for bids) by the cards in any order."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.turns: list[Turn] = []
        self.current = None  # (decision, position) being asked
        self.answered = False

    def begin(self, decision, position: int, shown: list[int]) -> None:
        self.current = (decision, position)
        self.shown = shown
        self.answered = False

    def end(self, index: int) -> None:
        turn = self.turns[-1]
        assert index == turn.index, f"the game took {turn.answer!r} as option {index + 1}, not {turn.index + 1}"
        self.current = None

    def readline(self, size: int = -1) -> str:
        if self.current is None:
            return ""  # after the game (the table stays open for a person): the input ends
        decision, position = self.current
        if self.answered:
            turn = self.turns[-1]
            raise AssertionError(f"the game refused the answer {turn.answer!r} to {decision.prompt!r}")
        labels = decision.labels()
        active = [i for i, label in enumerate(labels) if not label.lower().startswith(("pass", "end turn", "no"))]
        index = self.rng.choice(active) if active and self.rng.random() < 0.8 else self.rng.randrange(len(labels))
        answer = self._words_for(labels, decision.kind, index)
        self.turns.append(Turn(decision.seat.name, decision.prompt, decision.kind, labels, index, answer, position,
                               self.shown))
        self.answered = True
        return answer + "\n"

    def _words_for(self, labels: list[str], kind: str, index: int) -> str:
        label = labels[index]
        candidates = []
        style = self.rng.random()
        if style < 0.2:
            candidates.append(self.rng.choice([label, label.upper(), _bare(label)]))
        elif style < 0.35:
            candidates += [label[:k] for k in range(1, len(label) + 1)]  # the shortest unique start
        elif style < 0.5 and kind == "bid":
            cards = _bare(label).split()
            self.rng.shuffle(cards)
            candidates.append(" ".join(cards))
        for text in candidates:
            if safe_text(text) and not text.strip().isdigit() and taken_as(labels, kind, text, self.shown) == index:
                return text
        number = str(index + 1)
        return number if taken_as(labels, kind, number, self.shown) == index else "#" + number


class _Driven(PlayGame):
    driver: Driver

    def _ask_person(self, game, decision):
        assert self.session is not None
        self.driver.begin(decision, len(self.session.record), answers.shown_options(game, decision))
        index = super()._ask_person(game, decision)
        self.driver.end(index)
        return index


@dataclass
class Played:
    """A whole game played in-process by the Driver."""

    seats: tuple[str, ...]
    seed: int
    turns: list[Turn]
    transcript: str
    decisions: list[int] = field(default_factory=list)  # the record of every seat's decisions

    @property
    def answers(self) -> list[str]:
        return [t.answer for t in self.turns]

    def before(self, k: int) -> list[int]:
        """The record when person decision k (0-based) is asked."""
        return self.decisions[:self.turns[k].position]


@lru_cache(maxsize=1)
def ruleset():
    return load_ruleset(shipped_ruleset())


@lru_cache(maxsize=None)
def played(seats: tuple[str, ...], seed: int, strategy: int = 1) -> Played:
    rules = ruleset()
    out = io.StringIO()
    driver = Driver(strategy)
    game = _Driven(rules, parse_seats(list(seats), rules), seed, Terminal(driver, out, False),
                   autosave=Path(os.devnull))
    game.driver = driver
    here = os.getcwd()
    os.chdir(tempfile.mkdtemp())  # where the finished game's record is written, as the piped runs do
    try:
        assert game.run() == 0, out.getvalue()[-3000:]
    finally:
        os.chdir(here)
    assert game.session is not None
    return Played(seats, seed, driver.turns, out.getvalue(), list(game.session.record))


# ------------------------------------------------------------------ 1. whole games
@pytest.mark.parametrize("game", [GREEDY, TOM, RANDOM, HOTSEAT], ids=["vs-greedy", "vs-tom-B4", "vs-random", "hotseat"])
def test_a_whole_game_through_a_pipe(game, tmp_path):
    """The Driver's answers, piped to the real program, play the same game to the end."""
    game_played = played(*game)
    assert len(game_played.turns) > 20
    styles = {"number" if t.answer.isdigit() else "text" for t in game_played.turns}
    assert styles == {"number", "text"}
    result = nycrules(*play_args(*game), input=lines(game_played.answers), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "Traceback" not in result.stdout
    out = result.stdout
    assert out == game_played.transcript
    for number in range(1, 6):
        assert f"=== Game round {number} ===" in out
    block = final_block(out)
    assert "total" in block and "Majorities" in block
    assert re.search(r"\n\S.* wins with \d+ points\.\nThe game's record is in nycrules-last-game.json;", block)
    assert block.endswith("\ngame over> \n")  # the table stays open for the person until the input ends
    assert [p.name for p in tmp_path.iterdir()] == ["nycrules-last-game.json"], "no autosave, only the record"


@pytest.mark.parametrize("game, name", [(GREEDY, "ann-vs-greedy-seed-4"), (TOM, "ann-vs-tom-B4-seed-3")])
def test_golden_transcript(game, name, tmp_path):
    """A fixed seed and answers give a byte-identical transcript, run after run."""
    answers_file, stored = TRANSCRIPTS / f"{name}.in", TRANSCRIPTS / f"{name}.txt"
    if golden.regenerating() and not answers_file.exists():
        golden.rewrite(answers_file, lines(played(*game).answers))  # a new transcript: its answers recorded once
    answers = answers_file.read_bytes()
    runs = [subprocess.run([sys.executable, str(CLI), *play_args(*game)], input=answers, capture_output=True,
                           cwd=tmp_path, env=_env(), timeout=120) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr.decode(errors="replace")
        assert b"Traceback" not in run.stdout + run.stderr
    assert runs[0].stdout == runs[1].stdout
    if golden.regenerating():
        golden.rewrite(stored, runs[0].stdout)
    assert runs[0].stdout == stored.read_bytes(), f"transcript differs from {stored}; regenerate with " \
                                                  "NYCRULES_REGEN_GOLDEN=1 if the change is intended"


class _PagedInput:
    """A person at a 24-row terminal: Enter at each `-- more --`, else the next answer of a transcript."""

    def __init__(self, out: io.StringIO, answers: list[str]):
        self.out, self.answers = out, answers

    def readline(self, size: int = -1) -> str:
        if self.out.getvalue().endswith(MORE):
            return "\n"
        return self.answers.pop(0) + "\n" if self.answers else ""


@pytest.mark.parametrize("name", ["ann-vs-tom-B4-seed-3", "ann-vs-greedy-seed-4"])
def test_on_a_24_row_terminal_nothing_scrolls_away_unread(name, tmp_path, monkeypatch):
    """A person watching a terminal is asked for Enter before a line would push an unread one off the
    screen, and a decision with its options starts a new screen if it would not fit below the events."""
    monkeypatch.chdir(tmp_path)
    stored = (TRANSCRIPTS / f"{name}.txt").read_text(encoding="utf-8")
    answers = (TRANSCRIPTS / f"{name}.in").read_text(encoding="utf-8").splitlines()
    seats, seed = {"ann-vs-tom-B4-seed-3": TOM, "ann-vs-greedy-seed-4": GREEDY}[name]
    out = io.StringIO()
    rules = ruleset()
    game = PlayGame(rules, parse_seats(list(seats), rules), seed, Terminal(_PagedInput(out, answers), out, False, 24),
                    autosave=Path(os.devnull))
    game.run()
    lines = out.getvalue().split("\n")
    prompts = [i for i, line in enumerate(lines) if line.startswith((MORE, "Ann> ", "game over> "))]
    assert len(prompts) > 50 and any(lines[i].startswith(MORE) for i in prompts)
    for before, at in zip(prompts, prompts[1:]):
        assert at - before <= 23, f"{at - before - 1} lines between prompts at line {at + 1}"  # 24 rows in all
    for i, line in enumerate(lines):  # a decision, from its hand line to its options, is on one screen
        if line.startswith("Ann: hand "):
            assert lines[next(k for k in prompts if k > i)].startswith("Ann> "), f"line {i + 1} is paged"
    table = lines.index("Final scoring")  # the final table and who won are on one screen
    won = next(i for i in range(table, len(lines)) if " wins with " in lines[i])
    assert not any(line.startswith(MORE) for line in lines[table:won + 1])
    assert "\n".join(line for line in lines if not line.startswith(MORE)) == stored  # nothing else changes


# ------------------------------------------------------------------ 2. garbage never changes the game
VOCABULARY = ["banana", "mayor", "xyzzy", "skyscrapr", "presss", "brooklyn", "manhattan", "tom", "yes", "no",
              "maybe", "take it", "use all", "wilds", "liberty", "statue", "ok", "please", "next", "done",
              "dollar dollar dollar dollar dollar dollar", "press press press press press press press",
              "elevator elevator elevator elevator", "wild", "wild wild wild wild wild", "plans prestige",
              "skyscraper", "prestige", "plans", "elevator", "dollar", "press", "pass please", "end", "use",
              "take", "#", "#99", "()", "(1)", "-", "+", "*", "?", "!", "...", "'", '"', "\\", "%s", "{}", "null",
              "None", "true", "DROP TABLE seats;", "../../etc/passwd", "help!", "boards", "hands", "logs",
              "whyy", "seat", "char", "undoo", "saves", "quitter", "exiting"]
NUMBERS = ["0", "00", "000", "-1", "-0", "+1", "+2", "1.5", "1e3", "1 2", "2 1", "1,2", "0x1", "1/2", "999",
           "12345678901234567890", "9" * 300, "½"]
BAD_COMMANDS = ["log x", "log -5", "log 1 2", "log 3x", "LOG foo", "log 1.5", "save", "save   ", "SAVE", "log ten"]
VIEWS = ["help", "HELP", "board", "  board  ", "hand", "seats", "chars", "characters", "log", "log 3", "log 0",
         "log 100000", "why", "help me", "Hand please", "log  2"]
BLANKS = ["", " ", "   ", "\t", " \t "]
UNICODE = ["ñandú", "東京タワー", "🗽🗽🗽", "Ωmega", "café au lait", "\u200b", "ｔａｋｅ", "Ⅻ", "ℕ", "İstanbul",
           "straße", "ﬁ", "\u202eevil", "a\u0301", "日本語の入力", "\u2028", "x\x0cy", "nul\x00byte", "tab\there",
           "\U0001F600 \U0001F4A9", "Ʃ", "ǅ"]


def garbage_for(turn: Turn, rng: random.Random) -> str:
    """A line that the game must refuse, or answer with a view, at this turn's decision."""
    labels, n = turn.labels, len(turn.labels)
    while True:
        kind = rng.random()
        if kind < 0.2:
            line = rng.choice(VOCABULARY)
        elif kind < 0.3:
            line = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(rng.randint(1, 12)))
        elif kind < 0.45:
            line = rng.choice(NUMBERS + [str(n + 1), str(n + rng.randint(2, 50)), f"  {n + 1}  "])
        elif kind < 0.6:  # a start of an option's text that several options share
            shared = [label[:k] for label in labels for k in range(1, len(label) + 1)
                      if taken_as(labels, turn.kind, label[:k], turn.shown) == "ambiguous"]
            if not shared:
                continue
            line = rng.choice(shared)
            line = rng.choice([line, line.upper(), "  " + line + " "])
        elif kind < 0.68:
            line = rng.choice(BAD_COMMANDS)
        elif kind < 0.76:
            line = rng.choice(VIEWS)
        elif kind < 0.84:
            line = rng.choice(BLANKS)
        elif kind < 0.94:
            line = rng.choice(UNICODE)
        else:  # a very long line
            line = rng.choice(["x", "take ", "wild ", "é", "🗽", "9 "]) * rng.choice([500, 4000, 20000])
        word = line.strip().partition(" ")[0].lower()
        if word in ("undo", "quit", "exit") or (word == "save" and line.strip().lower() != "save"):
            continue
        if any(ch.isdigit() and not ch.isascii() for ch in line):
            continue  # see test_unicode_and_huge_numbers_are_refused
        if line.strip().isdigit() and len(line.strip()) > 4000:
            continue
        if word in COMMANDS or taken_as(labels, turn.kind, line, turn.shown) in (None, "ambiguous"):
            return line


def echoed(line: str) -> str:
    """A line as a piped game shows it after its prompt: control characters escaped, a long one not read."""
    if len(line) > MAX_INPUT_CHARS:
        return f"(a line of {len(line)} characters, not read: the limit is {MAX_INPUT_CHARS})"
    return shown(line)


def test_garbage_never_changes_the_game(tmp_path):
    """1,000+ garbage lines between the answers end in exactly the game the answers alone play."""
    game = played(*GREEDY)
    rng = random.Random(20240611)
    turns = game.turns
    extra = [[] for _ in turns]
    for _ in range(1200):
        position = rng.randrange(len(turns))
        extra[position].append(garbage_for(turns[position], rng))
    legal, noisy = [], []
    for i, turn in enumerate(turns):
        if i == len(turns) - 1:
            legal.append("save final.json")
            noisy.append("save final.json")
        legal.append(turn.answer)
        noisy += extra[i]
        noisy.append(turn.answer)
    assert sum(len(e) for e in extra) >= 1000

    (tmp_path / "legal").mkdir()
    (tmp_path / "noisy").mkdir()
    clean = nycrules(*play_args(*GREEDY), input=lines(legal), cwd=tmp_path / "legal")
    dirty = nycrules(*play_args(*GREEDY), input=lines(noisy), cwd=tmp_path / "noisy")
    for result in (clean, dirty):
        assert result.returncode == 0, result.stderr[-3000:]
        assert result.stderr == ""
        assert "Traceback" not in result.stdout
    assert final_block(dirty.stdout) == final_block(clean.stdout) == final_block(game.transcript)
    saved = [json.loads((tmp_path / d / "final.json").read_text(encoding="utf-8")) for d in ("legal", "noisy")]
    assert saved[0] == saved[1]
    assert saved[0]["decisions"] == game.before(len(turns) - 1)
    # Every line was read once, at a prompt, and the clean game is all there between the noise.
    prompts = [line for line in dirty.stdout.split("\n") if line.startswith("Ann> ")]
    assert len(prompts) == len(noisy)
    assert prompts == ["Ann> " + echoed(line) for line in noisy]
    assert is_subsequence(clean.stdout.split("\n"), dirty.stdout.split("\n"))
    assert "could be several options" in dirty.stdout
    assert "is not one of the options" in dirty.stdout
    assert "log takes a number of events" in dirty.stdout
    assert "save needs a file name" in dirty.stdout
    assert "there is no option" in dirty.stdout


def test_windows_line_endings_play_the_same_game(tmp_path):
    """Answers ending in CR LF play the same game as with LF."""
    game = played(*GREEDY)
    result = nycrules(*play_args(*GREEDY), input="".join(a + "\r\n" for a in game.answers), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == game.transcript


@pytest.mark.parametrize("line", ["²", "log ²", "1" * 5000, "log " + "9" * 5000],
                         ids=["superscript", "log-superscript", "5000-digits", "log-5000-digits"])
def test_unicode_and_huge_numbers_are_refused(line, tmp_path):
    """Odd digits and enormous numbers are refused like any bad answer; the game goes on."""
    game = played(*GREEDY)
    result = nycrules(*play_args(*GREEDY), input=lines([line] + game.answers), cwd=tmp_path)
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 0
    assert final_block(result.stdout) == final_block(game.transcript)


def test_invalid_utf8_input_is_refused(tmp_path):
    """A line that is not UTF-8 is refused like any bad answer, never a traceback."""
    game = played(*GREEDY)
    data = b"\xff\xfe garbage\n" + lines(game.answers).encode()
    result = subprocess.run([sys.executable, str(CLI), *play_args(*GREEDY)], input=data, capture_output=True,
                            cwd=tmp_path, env=_env(PYTHONIOENCODING="utf-8"), timeout=120)
    assert b"Traceback" not in result.stdout + result.stderr
    assert result.returncode == 0


# ------------------------------------------------------------------ 3. undo
def _second_choice(game: Played) -> int:
    """A person decision (not the first) with another option than the one the Driver chose."""
    return next(k for k, t in enumerate(game.turns) if k >= 3 and len(t.labels) >= 2)


def test_undo_at_the_first_decision(tmp_path):
    """Undo before any decision of yours says there is nothing to undo and changes nothing."""
    game = played(*GREEDY)
    result = nycrules(*play_args(*GREEDY), input=lines(["undo"] + game.answers), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Ann> undo\nnothing to undo yet\nAnn> " in result.stdout
    assert "(undone)" not in result.stdout
    assert result.stdout.replace("Ann> undo\nnothing to undo yet\n", "", 1) == game.transcript


@pytest.mark.parametrize("which", [GREEDY, RANDOM], ids=["vs-greedy", "vs-random"])
def test_undo_takes_back_an_answer(which, tmp_path):
    """Answer otherwise, undo, answer as before: the game is the one played without the undone answer."""
    game = played(*which)
    k = _second_choice(game)
    other = str((game.turns[k].index + 1) % len(game.turns[k].labels) + 1)
    answers = game.answers[:k] + [other, "undo"] + game.answers[k:]
    result = nycrules(*play_args(*which), input=lines(answers), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "(undone)" in result.stdout
    assert final_block(result.stdout) == final_block(game.transcript)
    # The output after the undo is the uninterrupted game's, from the re-asked decision on.
    tail = result.stdout[result.stdout.index("(undone)\n") + len("(undone)\n"):]
    assert game.transcript.endswith(tail)


def test_after_undo_the_next_decision_can_differ(tmp_path):
    """After undo another answer is taken, and the game is the one where it was answered first."""
    game = played(*RANDOM)
    k = _second_choice(game)
    other = str((game.turns[k].index + 1) % len(game.turns[k].labels) + 1)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    undone = nycrules(*play_args(*RANDOM), cwd=tmp_path / "a",
                      input=lines(game.answers[:k] + [game.answers[k], "undo", other] + ["hand", "save s.json"]))
    direct = nycrules(*play_args(*RANDOM), cwd=tmp_path / "b",
                      input=lines(game.answers[:k] + [other] + ["hand", "save s.json"]))
    for result in (undone, direct):
        assert result.returncode == 3, result.stderr
        assert one_line_error(result) == AUTOSAVE_NOTE
    a, b = (json.loads((tmp_path / d / "s.json").read_text(encoding="utf-8")) for d in "ab")
    assert a == b
    position = game.turns[k].position
    assert a["decisions"][:position] == game.decisions[:position]
    assert a["decisions"][position] == int(other) - 1 != game.decisions[position]


def test_undo_twice_goes_back_two_answers(tmp_path):
    """Two undos take back your last two answers."""
    game = played(*RANDOM)
    k = _second_choice(game)
    answers = game.answers[:k] + ["undo", "undo"] + game.answers[k - 2:]
    result = nycrules(*play_args(*RANDOM), input=lines(answers), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("(undone)") == 2
    assert final_block(result.stdout) == final_block(game.transcript)


# ------------------------------------------------------------------ 4. save, load, autosave, replay
@pytest.fixture(scope="module")
def saved_game(tmp_path_factory):
    """The vs-random game saved with `save` halfway (and autosaved there), and its remaining answers."""
    game = played(*RANDOM)
    k = len(game.turns) // 2
    where = tmp_path_factory.mktemp("saved")
    result = nycrules(*play_args(*RANDOM), input=lines(game.answers[:k] + ["save mid.json"]), cwd=where)
    assert result.returncode == 3, result.stderr
    assert one_line_error(result) == AUTOSAVE_NOTE
    assert "saved to mid.json (continue with: nycrules play --load mid.json)" in result.stdout
    return game, k, where


def test_save_and_load_finish_like_the_uninterrupted_game(saved_game, tmp_path):
    """`save FILE` mid-game, then `play --load FILE` with the remaining answers, ends like one game."""
    game, k, where = saved_game
    data = json.loads((where / "mid.json").read_text(encoding="utf-8"))
    assert data["decisions"] == game.before(k)
    assert data["seed"] == RANDOM[1] and [s["kind"] for s in data["seats"]] == ["human", "bot:random"]
    result = nycrules("play", "--load", str(where / "mid.json"), input=lines(game.answers[k:]), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and "Traceback" not in result.stdout
    assert final_block(result.stdout) == final_block(game.transcript)
    # From the re-asked decision on, the loaded game prints what the uninterrupted one did.
    asked = result.stdout.index("\nAnn> ")
    resumed = result.stdout[result.stdout.rindex("\n\n", 0, asked):]
    assert game.transcript.endswith(resumed)


def test_end_of_input_autosaves_and_the_autosave_loads(saved_game, tmp_path):
    """Input ending mid-game autosaves to nycrules-autosave.json, exits 3, and the autosave continues."""
    game, k, where = saved_game
    autosave = where / "nycrules-autosave.json"
    assert json.loads(autosave.read_text(encoding="utf-8"))["decisions"] == game.before(k)
    result = nycrules("play", "--load", str(autosave), input=lines(game.answers[k:]), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert final_block(result.stdout) == final_block(game.transcript)
    # Input ending right away also autosaves: a game with no decision of yours yet loads too.
    empty = nycrules(*play_args(*GREEDY), input="", cwd=tmp_path)
    assert empty.returncode == 3
    assert one_line_error(empty) == AUTOSAVE_NOTE
    again = nycrules("play", "--load", "nycrules-autosave.json", input=lines(played(*GREEDY).answers), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert final_block(again.stdout) == final_block(played(*GREEDY).transcript)


def test_replay_a_save(saved_game):
    """`replay FILE` shows every saved decision and the table; `--until 5` stops after the fifth."""
    game, k, where = saved_game
    total = len(game.before(k))
    full = nycrules("replay", "mid.json", cwd=where)
    assert full.returncode == 0, full.stderr
    assert full.stderr == "" and "Traceback" not in full.stdout
    numbered = re.findall(r"^#(\d+) ", full.stdout, re.M)
    assert [int(n) for n in numbered] == list(range(1, total + 1))
    assert f"(after decision {total} of {total})" in full.stdout
    part = nycrules("replay", "mid.json", "--until", "5", cwd=where)
    assert part.returncode == 0, part.stderr
    assert re.findall(r"^#(\d+) ", part.stdout, re.M) == ["1", "2", "3", "4", "5"]
    assert f"(after decision 5 of {total})" in part.stdout
    assert full.stdout.startswith(part.stdout[:part.stdout.index("\n#5 ")])


def test_replay_until_shows_the_state_after_that_decision(saved_game, tmp_path):
    """`replay FILE --until N` shows the table of a save that ends with decision N."""
    game, k, where = saved_game
    full = nycrules("replay", "mid.json", cwd=where)
    n = int(re.search(r"^#(\d+) [^:]*: Take a pair of cards -> take ", full.stdout, re.M).group(1))
    shorter = _tamper(where / "mid.json", tmp_path / "short.json",
                      lambda d: d.__setitem__("decisions", d["decisions"][:n]))
    until = nycrules("replay", "mid.json", "--until", str(n), cwd=where)
    ended = nycrules("replay", str(shorter), cwd=tmp_path)
    assert until.returncode == ended.returncode == 0
    assert f"(after decision {n} of {n})" in ended.stdout
    table = ended.stdout[ended.stdout.index("\n(after decision"):].replace(f"of {n})", "", 1)
    assert until.stdout[until.stdout.index("\n(after decision"):].replace(f"of {len(game.before(k))})", "", 1) \
        == table


def _tamper(source: Path, target: Path, change) -> Path:
    data = json.loads(source.read_text(encoding="utf-8"))
    change(data)
    target.write_text(json.dumps(data), encoding="utf-8")
    return target


BAD_SAVES = {
    "truncated": lambda src, dst: dst.write_text(src.read_text(encoding="utf-8")[:150], encoding="utf-8"),
    "empty": lambda src, dst: dst.write_text("", encoding="utf-8"),
    "not-json": lambda src, dst: dst.write_text("this is not a save\n", encoding="utf-8"),
    "not-utf8": lambda src, dst: dst.write_bytes(b"\xff\xfe\x00\x01"),
    "option-out-of-range": lambda src, dst: _tamper(src, dst, lambda d: d["decisions"].__setitem__(4, 999)),
    "negative-option": lambda src, dst: _tamper(src, dst, lambda d: d["decisions"].__setitem__(4, -1)),
    "other-ruleset": lambda src, dst: _tamper(src, dst, lambda d: d["ruleset"].__setitem__("digest", "ab" * 32)),
    "other-named-ruleset": lambda src, dst: _tamper(src, dst, lambda d: d["ruleset"].update(digest="ab" * 32,
                                                                                            name="A mod of it")),
    "no-seats": lambda src, dst: _tamper(src, dst, lambda d: d.pop("seats")),
    "one-seat": lambda src, dst: _tamper(src, dst, lambda d: d.__setitem__("seats", d["seats"][:1])),
    "unknown-bot": lambda src, dst: _tamper(src, dst, lambda d: d["seats"][1].__setitem__("kind", "bot:clever")),
    "tom-without-level": lambda src, dst: _tamper(src, dst, lambda d: d["seats"][1].update(kind="tom")),
    "other-version": lambda src, dst: _tamper(src, dst, lambda d: d.__setitem__("version", 2)),
}
EXPECTED = {"truncated": "broken JSON", "empty": "broken JSON", "not-json": "broken JSON", "not-utf8": "cannot read",
            "option-out-of-range": "has no option 1000", "negative-option": "not a valid save file",
            "other-ruleset": "another ruleset", "other-named-ruleset": "another ruleset", "no-seats": "not a valid save file", "one-seat": "seats",
            "unknown-bot": "not a valid save file", "tom-without-level": "needs a level",
            "other-version": "not a valid save file"}


@pytest.mark.parametrize("bad, command", [(bad, "play") for bad in BAD_SAVES] + [
    (bad, "replay") for bad in ("truncated", "not-json", "option-out-of-range", "other-ruleset", "one-seat")])
def test_a_bad_save_is_one_line(bad, command, saved_game, tmp_path):
    """A truncated, tampered or foreign save: one `nycrules: ...` line on stderr, exit 1, no traceback."""
    game, k, where = saved_game
    path = tmp_path / f"{bad}.json"
    BAD_SAVES[bad](where / "mid.json", path)
    args = ["play", "--load", str(path)] if command == "play" else ["replay", str(path)]
    result = nycrules(*args, input=lines(game.answers[k:]), cwd=tmp_path)
    assert result.returncode == 1, (result.stdout[-500:], result.stderr)
    assert EXPECTED[bad] in one_line_error(result)
    assert "Final scoring" not in result.stdout


def test_load_a_missing_save(tmp_path):
    """`--load` of a file that is not there, or of a folder, is one line and exit 1."""
    for path in ("nothing-here.json", str(tmp_path)):
        result = nycrules("play", "--load", path, cwd=tmp_path)
        assert result.returncode == 1
        one_line_error(result)


def test_a_save_with_an_unknown_tom_mode_is_refused(saved_game, tmp_path):
    """A save whose Tom has a mode the ruleset lacks is refused like `--seat tom:Z4`."""
    game, k, where = saved_game
    path = _tamper(where / "mid.json", tmp_path / "tom.json",
                   lambda d: d.update(decisions=[], seats=[{"name": "Ann", "kind": "human"},
                                                           {"name": "Tom", "kind": "tom", "tom": "Z4"}]))
    result = nycrules("play", "--load", str(path), input="", cwd=tmp_path)
    assert result.returncode == 1
    assert "Z4" in one_line_error(result)


def test_a_save_with_two_seats_of_one_name_is_refused(saved_game, tmp_path):
    """A save with two seats of the same name is refused like `--seat Ann --seat ann`."""
    game, k, where = saved_game
    path = _tamper(where / "mid.json", tmp_path / "twins.json",
                   lambda d: d.update(decisions=[], seats=[{"name": "Ann", "kind": "human"}] * 2))
    result = nycrules("play", "--load", str(path), input="", cwd=tmp_path)
    assert result.returncode == 1
    assert "Ann" in one_line_error(result)


def test_a_save_with_decisions_past_the_end_is_refused(saved_game, tmp_path):
    """A record with more decisions than the game can take is refused as tampered."""
    game, k, where = saved_game
    path = _tamper(where / "mid.json", tmp_path / "long.json",
                   lambda d: d.__setitem__("decisions", game.decisions + [0] * 50))
    for args in (["play", "--load", str(path)], ["replay", str(path)]):
        result = nycrules(*args, cwd=tmp_path)
        assert result.returncode == 1
        one_line_error(result)


@pytest.mark.parametrize("extra", [["--seat", "Ann", "--seat", "bot:greedy"], ["--seed", "3"]],
                         ids=["seat", "seed"])
def test_load_with_seats_or_seed_is_a_usage_error(extra, saved_game, tmp_path):
    """`--load` with `--seat` or `--seed` is a usage error (exit 2), one line."""
    game, k, where = saved_game
    result = nycrules("play", "--load", str(where / "mid.json"), *extra, input="1\n", cwd=tmp_path)
    assert result.returncode == 2
    assert "--load" in one_line_error(result)
    assert result.stdout == ""


# ------------------------------------------------------------------ 5. plain output, seats
def _on_a_terminal(args: list[str], env: dict[str, str], data: bytes, cwd: Path) -> tuple[int, bytes]:
    """Run the program with a pseudo-terminal as stdin and stdout; all input typed ahead, then Ctrl-D."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, str(CLI), *args], stdin=slave, stdout=slave, stderr=subprocess.PIPE,
                            cwd=cwd, env=env)
    os.close(slave)
    os.write(master, data)
    out = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the program has closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    out += proc.stderr.read()
    proc.stderr.close()
    return proc.returncode, out


@pytest.mark.parametrize("how", ["--plain", "NO_COLOR", "TERM=dumb", "pipe", "terminal"])
def test_plain_output_has_no_escapes(how, tmp_path):
    """--plain, NO_COLOR, a terminal that shows no colours (TERM=dumb: before, its prompts were
    bold escapes) and a pipe give no ANSI escapes (a bare terminal does get colours)."""
    answers = played(*GREEDY).answers[:3] + ["board", "hand", "seats", "chars", "log 5", "why", "help", "bogus"]
    args = play_args(*GREEDY) + (["--plain"] if how == "--plain" else [])
    env = _env(NO_COLOR="1") if how == "NO_COLOR" else _env(TERM="dumb" if how == "TERM=dumb" else "xterm")
    if how == "pipe":
        result = nycrules(*args, input=lines(answers), cwd=tmp_path)
        code, out = result.returncode, (result.stdout + result.stderr).encode()
    else:
        code, out = _on_a_terminal(args, env, lines(answers).encode() + b"\x04", tmp_path)
    assert code == 3, out[-2000:]
    assert b"Traceback" not in out
    assert b"Prestige tiles" in out and b"'bogus' is n" in out  # the answer is refused, whatever the prompt
    if how == "terminal":
        assert b"\x1b[" in out  # the control: a terminal without --plain is coloured
    else:
        assert b"\x1b" not in out


BAD_SEATS = {
    "tom-level-99": ["--seat", "Ann", "--seat", "tom:99"],
    "tom-mode-Z4": ["--seat", "Ann", "--seat", "tom:Z4"],
    "unknown-bot": ["--seat", "Ann", "--seat", "bot:x"],
    "same-name": ["--seat", "Ann", "--seat", "ann"],
    "five-seats": ["--seat", "A", "--seat", "B", "--seat", "C", "--seat", "D", "--seat", "E"],
    "one-seat": ["--seat", "Ann"],
    "long-name": ["--seat", "A" * 21, "--seat", "bot:greedy"],
    "bad-name": ["--seat", "Ann!", "--seat", "bot:greedy"],
    "empty-name": ["--seat", "", "--seat", "bot:greedy"],
}


@pytest.mark.parametrize("bad", list(BAD_SEATS))
def test_bad_seats_are_one_line(bad, tmp_path):
    """A bad `--seat` list is one `nycrules: ...` line and a non-zero exit, no traceback."""
    result = nycrules("play", "--seed", "1", *BAD_SEATS[bad], input="1\n1\n", cwd=tmp_path)
    assert result.returncode not in (0, 3)
    one_line_error(result)
    assert not (tmp_path / "nycrules-autosave.json").exists()


@pytest.mark.parametrize("bad", ["five-seats", "one-seat"])
def test_a_wrong_number_of_seats_starts_no_game(bad, tmp_path):
    """A wrong number of seats is refused before the game greets anyone."""
    result = nycrules("play", "--seed", "1", *BAD_SEATS[bad], input="1\n", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""


def test_the_help_texts_fit_an_80_column_terminal():
    from nycrules.games.nyc.table.help_texts import AFTER, HELP, SHORT as COMMANDS
    for text in (AFTER, COMMANDS, HELP):
        for line in text.splitlines():
            assert len(line) <= 79, line


@pytest.mark.parametrize("name", ["ann-vs-greedy-seed-4", "ann-vs-tom-B4-seed-3"])
def test_no_line_of_a_played_game_is_wider_than_an_80_column_terminal(name):
    text = (Path(__file__).parent / "transcripts" / f"{name}.txt").read_text(encoding="utf-8")
    wide = [line for line in text.splitlines() if len(line) > 80]
    assert not wide, wide[:3]


def test_the_board_reaches_the_terminal_unbroken():
    """The board is laid out for 80 columns; the terminal's line breaking leaves it as it is."""
    import io

    from nycrules.table.terminal import Terminal
    game = nycrules_game_for_board()
    from nycrules.games.nyc.table import board as views
    board = views.board(game)
    out = io.StringIO()
    Terminal(io.StringIO(), out, interactive=False).say(board)
    assert out.getvalue() == board + "\n"
    coloured = views.board(game, colour=True)  # on a colour terminal the codes take no room
    out = io.StringIO()
    Terminal(io.StringIO(), out, interactive=True).say(coloured)
    assert out.getvalue() == coloured + "\n"


def nycrules_game_for_board():
    import nycrules as api
    game = api.new_game(["Ann with a long name", "Ben", "Cat", "bot:greedy"], seed=8)
    for _ in range(40):
        game.apply(0)
    return game.state


def test_a_replay_fits_80_columns_as_play_does(tmp_path):
    """`replay` wrote each decision as one line ("#16 Greedy bot 1: Your bid in the Press round (nothing
    played yet) -> press press ... (7)", up to 130 columns); play breaks its lines for an 80-column
    terminal, and so does replay now, each decision still starting its own line."""
    seats = ["bot:greedy", "bot:random", "tom:12", "bot:random"]
    played_out = nycrules("play", *[a for s in seats for a in ("--seat", s)], "--seed", "9", cwd=tmp_path)
    assert played_out.returncode == 0, played_out.stderr
    shown = nycrules("replay", "nycrules-last-game.json", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    assert [line for line in lines if len(line) > 80] == []
    recorded = json.loads((tmp_path / "nycrules-last-game.json").read_text(encoding="utf-8"))["decisions"]
    numbered = [int(n) for n in re.findall(r"^#(\d+) ", shown.stdout, re.M)]
    assert numbered == list(range(1, len(recorded) + 1))  # every decision, each on a line of its own
