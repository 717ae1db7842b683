"""The default game's own words in the commands' help, filled in only when help is shown.

The commands' help texts name no game: where one speaks of the seat kinds the default ruleset's game
adds (New York City's automa), or of what it lists and covers, it holds a `{word}` that is filled in from
the game's package (its `SEATS`, its TABLE's `LISTINGS` and `HELP_WORDS`) when `--help` is shown. The
game is imported then and only then: a command that runs pays nothing for it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable

from typer.core import TyperCommand, TyperGroup

@lru_cache(maxsize=1)
def words() -> dict[str, str]:
    """Each `{word}` of the help texts, in the default game's words."""
    from ..loading.other_games import DEFAULT_GAME, game_module

    game = game_module(DEFAULT_GAME)
    kinds = getattr(game, "SEATS", ())
    table = getattr(game, "TABLE", None)
    rival = f"{kinds[0].title} (in a game without {kinds[0].title}: a greedy bot)" if kinds else "a greedy bot"
    own = list(getattr(table, "LISTINGS", None) or {})
    return {
        "covered": "the ", "listed": "", "shown": "A scoring step, hook or primitive",  # a game's words else
        "seat_kinds": "".join(f", {kind.help}. A person called {kind.title}: name:{kind.title}" for kind in kinds),
        "examples": "".join(f"{kind.example}, " for kind in kinds),
        "own_listings": f" (the default rules': {', '.join(own)})" if own else "",
        "rival": rival,
        "players": " and ".join(["bots", *(kind.players for kind in kinds)]),
        "with_players": "".join(f" (and {kind.players})" for kind in kinds),
        "a_bot_or": " or ".join(["a bot", *(kind.title for kind in kinds)]),
        "A_bot_or": " or ".join(["A bot", *(kind.title for kind in kinds)]),
        **{key: text for key, text in (getattr(table, "HELP_WORDS", None) or {}).items()},
    }


def _filled(text: str | None) -> str | None:
    if not text or "{" not in text:
        return text
    for key, value in words().items():
        text = text.replace("{" + key + "}", value)
    return text


def _fill(commands: Iterable[Any]) -> None:
    for command in commands:
        command.help = _filled(command.help)
        for param in command.params:
            param.help = _filled(getattr(param, "help", None))
        _fill(getattr(command, "commands", {}).values())  # a group's commands


class GameCommand(TyperCommand):
    """A command whose help holds the default game's words."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _fill([self])
        super().format_help(ctx, formatter)


class GameGroup(TyperGroup):
    """A group whose list of commands shows their help with the default game's words."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _fill(self.commands.values())
        super().format_help(ctx, formatter)
