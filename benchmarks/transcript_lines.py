"""How many screen lines a person's turn takes, measured on the golden transcripts.

    python benchmarks/transcript_lines.py [TRANSCRIPT.txt ...]   (default: tests/transcripts/*.txt)

The transcripts are what `nycrules play` prints through a pipe, with each answer echoed after
its prompt and every line already broken to 80 columns, so one line of a transcript is one row
of an 80x24 terminal. Definitions:

- an *input line* is a prompt with what the person typed: `NAME> TEXT` (or `game over> TEXT`);
- a *decision view* is what is printed for a person's new decision: the context (bids so far,
  pairs on display, the hand), the question and its options. It is recognised by the hand line
  `NAME: hand ...` it contains, and it ends with its last option line, the line just before the
  next prompt;
- the *turn span* of an input line followed by a decision view is the number of lines printed
  after the input line up to and including that view's last option line: the events that the
  answer (and the bots after it) caused, then the whole new decision. Input lines followed by a
  command's output (`help`, `board`, ...), a repeated question or the end of the game have none;
- a *command output* is what a view command (`help`, `more`, `board`, `seats`, `log`, ...)
  prints, up to the next prompt.

The figure reported is the largest turn span, with its transcript and the line number of the
input line. (Through a pipe nothing waits; on a terminal `nycrules play` waits for Enter,
`-- more --`, before a line would push an unread one off the screen, and starts a decision on a
new screen when it would not fit below the events: tests/test_play.py checks that on 24 rows.) A span of at most 23 lines fits an 80x24 screen together with the next prompt's
row: the person sees, without scrolling, their own last answer, everything that followed it and
every option of the new decision. The largest decision view on its own, and the largest output of
a command, are reported as well. Exit status 1 when the largest decision view needs scrolling.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROWS = 24  # an 80x24 terminal
COMMANDS = {"help", "more", "board", "hand", "seats", "chars", "characters", "log", "why", "info"}  # views
PROMPT = re.compile(r"^(?P<name>[^\s>][^>]{0,40})> ")


@dataclass
class Span:
    lines: int
    where: str  # transcript:line of the input line (or of the view's first line)


def measure(path: Path) -> tuple[Span | None, Span | None, Span | None, list[int]]:
    """(largest turn span, largest decision view, largest command output, every turn span) of a transcript."""
    text = path.read_text(encoding="utf-8").split("\n")
    prompts = [i for i, line in enumerate(text) if PROMPT.match(line)]
    turn = view = command = None
    spans = []
    for here, after in zip(prompts, prompts[1:]):
        name = PROMPT.match(text[after]).group("name")
        between = text[here + 1:after]
        hand = [i for i, line in enumerate(between) if line.startswith(f"{name}: hand ")]
        if not hand:
            typed = text[here][PROMPT.match(text[here]).end():].split()
            if typed and typed[0].lower() in COMMANDS and (command is None or len(between) > command.lines):
                command = Span(len(between), f"{path.name}:{here + 1} ({typed[0]})")
            continue
        # The view starts after the blank line that opens it (events come before that line).
        start = max((i for i in range(hand[-1]) if not between[i].strip()), default=-1) + 1
        spans.append(len(between))
        if turn is None or len(between) > turn.lines:
            turn = Span(len(between), f"{path.name}:{here + 1}")
        if view is None or len(between) - start > view.lines:
            view = Span(len(between) - start, f"{path.name}:{here + 2 + start}")
    return turn, view, command, spans


def largest(spans: list[Span | None]) -> Span | None:
    found = [s for s in spans if s is not None]
    return max(found, key=lambda s: s.lines) if found else None


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "tests" / "transcripts").glob("*.txt"))
    results = [measure(p) for p in paths]
    turn, view, command = (largest([r[k] for r in results]) for k in range(3))
    if turn is None or view is None:
        print("no decision views found in", ", ".join(str(p) for p in paths))
        return 2
    spans = [n for r in results for n in r[3]]
    over = sum(1 for n in spans if n + 1 > ROWS)
    fits = "fits" if turn.lines + 1 <= ROWS else "does NOT fit"
    print(f"largest turn span (after an answer, up to the next decision's last option): "
          f"{turn.lines} lines at {turn.where}; with the prompt's row it {fits} an 80x{ROWS} screen")
    print(f"turn spans longer than the screen: {over} of {len(spans)} "
          f"(median {sorted(spans)[len(spans) // 2]} lines)")
    print(f"largest decision view (context, question, options): {view.lines} lines at {view.where}")
    if command is not None:
        print(f"largest command output (help, board, ...): {command.lines} lines at {command.where}")
    return 0 if view.lines + 1 <= ROWS else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
