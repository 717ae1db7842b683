"""The README's "How to play" shows real output: its examples are what `nycrules play` prints for
the answers in tests/readme/how-to-play.in, line for line (`...` stands for lines left out)."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def how_to_play_blocks() -> list[list[str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## How to play\n"):]
    section = section[:section.index("\n## ", 1)]
    return [block.split("\n") for block in re.findall(r"```\n(.*?)\n```", section, re.S)]


def test_how_to_play_shows_what_the_program_prints(tmp_path):
    blocks = how_to_play_blocks()
    command = blocks[0][0]
    assert command.startswith("$ nycrules play ")
    answers = (ROOT / "tests" / "readme" / "how-to-play.in").read_text(encoding="utf-8")
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), *command.split()[2:]], input=answers,
                            capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    printed = result.stdout.split("\n")
    at = 0
    for block in blocks:
        lines = [line for line in block if not line.startswith("$ ")]
        pieces, piece = [], []
        for line in lines + ["..."]:
            if line == "...":
                pieces += [piece] if piece else []
                piece = []
            else:
                piece.append(line)
        for piece in pieces:  # each run of lines is printed as shown, in the order shown
            found = next((i for i in range(at, len(printed)) if printed[i:i + len(piece)] == piece), None)
            assert found is not None, f"the README shows lines the program no longer prints:\n" + "\n".join(piece)
            at = found + len(piece)
        assert all(len(line) <= 80 for line in lines)
