"""The README and docs/ show real output and real commands: the games shown are what `nycrules play`
prints for the answers in tests/readme/how-to-play.in, line for line (`...` stands for lines left
out); every `nycrules` command and benchmark shown takes the options it is shown with; the README's
Python example runs; every link between them leads somewhere."""

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import typer

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["README.md"] + sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))
# The pages that show a game, and the section that holds it: its first block starts with the command.
GAMES = [("README.md", "## Playing\n"), ("docs/play.md", "## How to play\n")]


def text_of(page: str) -> str:
    return (ROOT / page).read_text(encoding="utf-8")


def game_blocks(page: str, heading: str) -> list[list[str]]:
    text = text_of(page)
    section = text[text.index(heading):]
    section = section[:section.index("\n## ", 1)] if "\n## " in section[1:] else section
    return [block.split("\n") for block in re.findall(r"```\n(.*?)\n```", section, re.S)]


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> list[str]:
    command = game_blocks(*GAMES[0])[0][0]
    assert all(game_blocks(*game)[0][0] == command for game in GAMES), "the pages show one game"
    answers = (ROOT / "tests" / "readme" / "how-to-play.in").read_text(encoding="utf-8")
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), *command.split()[2:]], input=answers,
                            capture_output=True, text=True, timeout=300, cwd=tmp_path_factory.mktemp("game"))
    assert result.returncode == 0, result.stderr
    return result.stdout.split("\n")


@pytest.mark.parametrize("page, heading", GAMES)
def test_a_game_shown_is_what_the_program_prints(page, heading, printed):
    blocks = game_blocks(page, heading)
    assert blocks[0][0].startswith("$ nycrules play ")
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
            assert found is not None, f"{page} shows lines the program no longer prints:\n" + "\n".join(piece)
            at = found + len(piece)
        assert all(len(line) <= 80 for line in lines)


def shown_commands(prefix: str, inline: bool = False) -> list[tuple[str, str]]:
    """(page, command) for each line of code (in a fenced or an indented block; with inline, each
    `inline` piece of code instead, often a part of a command) that starts with prefix; synopses
    with [optional parts] are left out."""
    found = []
    for page in PAGES:
        in_fence = False
        for line in text_of(page).split("\n"):
            if line.startswith("```"):
                in_fence = not in_fence
                continue
            if inline:
                candidates = re.findall(r"`([^`]*)`", line)
            else:
                candidates = [line.strip().removeprefix("$ ")] if in_fence or line.startswith("    ") else []
            found += [(page, code) for code in candidates if code.startswith(prefix) and "[" not in code]
    return found


def parse_command(words: list[str], options: bool = True) -> None:
    """Parse a command line as `nycrules` would, without running it: a missing or misspelt
    command raises, and with options a missing or misspelt option or a value of the wrong kind."""
    from nycrules.cli import app

    command, name = typer.main.get_command(app), "nycrules"
    while getattr(command, "commands", None) is not None and (words or options):  # a group: a command next
        assert words, f"{name} needs a command"
        name, words = words[0], words[1:]
        assert name in command.commands, f"no command {name!r}"
        command = command.commands[name]
    if options and "--help" not in words:
        command.make_context(name, words)


@pytest.mark.parametrize("page, command", [c for c in shown_commands("nycrules ") if " " in c[1].strip()])
def test_a_command_shown_takes_the_options_it_is_shown_with(page, command):
    parse_command(shlex.split(command, comments=True)[1:])


@pytest.mark.parametrize("page, command", shown_commands("nycrules ", inline=True))
def test_a_command_named_in_the_text_exists(page, command):
    words = shlex.split(command)[1:]
    parse_command(words[:next((i for i, w in enumerate(words) if w.startswith("-")), len(words))], options=False)


def test_a_command_with_an_unknown_option_is_refused():
    with pytest.raises(Exception):
        parse_command(["play", "--seats", "Ann"])
    with pytest.raises(AssertionError):
        parse_command(["rules", "lists"])


def test_a_benchmark_shown_takes_the_options_it_is_shown_with():
    shown: dict[str, set[str]] = {}
    for page, command in shown_commands("python benchmarks/") + shown_commands("python benchmarks/", inline=True):
        words = shlex.split(command, comments=True)
        shown.setdefault(words[1], set()).update(w.split("=")[0] for w in words[2:] if w.startswith("--"))
    assert "benchmarks/strength.py" in shown and "benchmarks/measure.py" in shown
    for script, options in shown.items():
        assert (ROOT / script).is_file(), script
        if not options:
            continue
        result = subprocess.run([sys.executable, str(ROOT / script), "--help"], capture_output=True, text=True,
                                timeout=120, cwd=ROOT)
        assert result.returncode == 0, result.stderr
        assert not [o for o in options if not re.search(rf"{re.escape(o)}\b", result.stdout)], script


def test_the_readme_python_example_runs():
    (code,) = re.findall(r"```python\n(.*?)\n```", text_of("README.md"), re.S)
    scope: dict = {"__name__": "readme_example"}
    exec(compile(code, "README.md example", "exec"), scope)
    assert scope["game"].is_over() and scope["twin"].is_over()


def anchors(page: str) -> set[str]:
    """GitHub's anchors of a page's headings."""
    return {re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
            for line in text_of(page).split("\n") if line.startswith("#")}


def test_every_link_between_the_pages_leads_somewhere():
    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", text_of(page)):
            if target.startswith(("http://", "https://")):
                continue
            path, _, anchor = target.partition("#")
            file = (ROOT / page).parent / path if path else ROOT / page
            assert file.exists(), f"{page} links to {target}: no such file"
            if anchor:
                assert anchor in anchors(str(file.relative_to(ROOT))), f"{page} links to {target}: no such heading"
