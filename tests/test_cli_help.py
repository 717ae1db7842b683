"""The commands' help names no game in its code: the default game's words (New York City's Tom, what
it lists and covers) are filled in when help is shown (cli/game_words.py), and only then."""

import subprocess
import sys
from pathlib import Path

import typer.main
from typer.testing import CliRunner

from nycrules.cli import app
from nycrules.cli.game_words import words

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def shown(*args: str) -> str:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "300", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    return " ".join(result.output.replace("│", " ").split())


def test_the_help_speaks_of_the_default_games_seats_and_listings():
    assert ("bot:mcts[:easy|normal|hard|N], tom (the recommended level), tom:1..tom:12 or tom:B4. A person "
            "called Tom: name:Tom (any name may be written name:NAME). Repeat for each seat. Default: you against "
            "Tom (in a game without Tom: a greedy bot).") in shown("play")  # as seated at New York 1901
    assert "each move of a bot or Tom instead of waiting" in shown("play")
    assert "play Play a game in the terminal (or through a pipe); bots and Toms play themselves." in shown()
    assert "a person's name, bot:greedy, tom, ... Repeat for each seat. Default: you against Tom (in a game without " \
        "Tom: a greedy bot)." in shown("serve")
    from nycrules.agents.seating import parse_seats
    from nycrules.api import load

    assert [seat.kind for seat in parse_seats([], load("ny1901"))] == ["human", "bot:greedy"]  # as the help says
    assert "A bot or Tom seat; repeat for each seat" in shown("simulate")
    assert "with random bots (and Toms) and report" in shown("validate")
    assert "list the characters, bidding rounds and effect lines that never ran" in shown("validate")
    listed = shown("rules", "list")
    assert ("List a ruleset's scoring steps, primitives, hooks or procedure, or its game's own listings (the "
            "default rules': characters, bidding rounds, Tom's levels).") in listed
    assert ("What to list: scoring, primitives, hooks, procedure, or a listing of the ruleset's game (the default "
            "rules': characters, rounds, tom); by default its first listing, else the final scoring.") in listed
    assert "A character (number or title), round, scoring step, hook, primitive, or `tom`." in shown("rules", "show")
    assert "Tom" in shown("rules")  # the group lists its commands with their words filled in


def test_no_word_is_left_unfilled_in_any_help():
    command = typer.main.get_command(app)
    groups = [((), command)]
    while groups:
        path, group = groups.pop()
        for name, sub in getattr(group, "commands", {}).items():
            text = shown(*path, name)
            assert not any("{" + word + "}" in text for word in words()), (path, name)
            groups.append(((*path, name), sub))


def test_a_command_that_runs_does_not_load_the_game_for_its_help():
    code = ("import sys, typer.main; from nycrules.cli import app; typer.main.get_command(app); "
            "print(sorted(m for m in sys.modules if m.startswith('nycrules.games.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout.strip() == "[]", done.stderr


def nycrules(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_rules_list_takes_the_named_rulesets_listings_and_refuses_others_with_them():
    """The kinds are the named ruleset's, not the default game's: the refusal lists that ruleset's."""
    result = nycrules("rules", "list", "tiles")
    assert result.returncode == 1 and result.stderr == ("nycrules: New York City has no 'tiles' to list; it lists "
                                                        "characters, rounds, tom, scoring, primitives, procedure, "
                                                        "hooks\n")
    result = nycrules("rules", "list", "-r", "ny1901", "tom")
    assert result.returncode == 1 and result.stderr == ("nycrules: New York 1901 has no 'tom' to list; it lists "
                                                        "scoring, primitives, procedure, hooks\n")
    assert "<characters" not in shown("rules", "list")  # no choice of the default game's kinds in the usage
    assert runner.invoke(app, ["rules", "list", "tom"]).output.startswith("Tom levels (default B4)")
