"""What New York City gives the table (nycrules/table/game_hooks.py asks a game for these by name).

- `NAME`: the game's name in the opening line (a mod of it is still New York City);
- `seat_kind(spec)`: a seat as the opening line shows it (Tom with his level);
- `first_lines(ruleset, specs)`: who Tom is, once, when a new game with Tom and a person starts;
- `read_answer(game, decision, line)`: what a person types (a bid as its cards, a pair with +, a
  character by its number or title, `swap A for B`) read as an option, or why it is none;
- `describe_options(game, decision, every)`: the menu (bids by value, characters with their text);
- `explain(game, decision)`: `help` for the decision in the rules' terms;
- `board_text`, `seats_text`, `svg`: the boroughs, vessels and press track; the seats; the picture;
- `hand_text(game, seat, rule)`: the seat's cards, dollars, skyscrapers and bid (the web page's hand);
- `decision_context(game, decision)`: the bids so far, the pairs on display, the seat's hand;
- `typed_option(game, value)`: a bid as its cards, as a hint shows it;
- `shown_options`, `option_label`, `option_detail`, `PAGE_HELP`: a web page's buttons, their texts,
  the characters an option takes, and the page's help; `PAGE`, `page_hand`: what the page shows
  beside them (page.py);
- `final_scores(game)`: the final table, with the ties the press track broke;
- `score_position(path, ruleset)`, `position_json(game)`: a position typed in by hand (`nycrules
  score`), checked and scored, and its scores as JSON;
- `COMMANDS`, `AFTER_THE_GAME`: `hand`, `seats`, `chars`, `info`, `picture`;
- `LISTINGS`, `LISTING_LINES`, `detail`, `detail_names`, `ambiguous`, `close_names`: `rules list
  characters|rounds|tom`, `rules show ID|ROUND|tom` (listing.py);
- `HELP_TOPICS`, `COMMANDS_HELP`, `AFTER_HELP`, `UNSEARCHED_HINT`: the texts of `help commands`
  and `help tom`, of the commands under `help` and once the game is over, of a hint made without
  a search (an exchange before a bid); `HELP_WORDS`: its words in the commands' `--help`
  (cli/game_words.py).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from . import answers, board, help_texts, menus, picture as drawing, tom, views
from .characters import info as character_info, one_line
from .listing import LISTING_LINES, LISTINGS, ambiguous, close_names, detail, detail_names
from .page import PAGE, page_hand
from .position import as_json as position_json, score_position

NAME = "New York City"
seat_kind = tom.seat_kind
first_lines = tom.at_start
explain = menus.explain
board_text = board.board
seats_text = views.seats
hand_text = views.hand
decision_context = views.decision_context
final_scores = views.final_scores
svg = drawing.picture


def read_answer(game: Any, decision: Any, line: str) -> int | str:
    return answers.read_answer(game, decision, line, answers.choose_option)


def shown_options(game: Any, decision: Any) -> list[int]:
    return answers.shown_options(game, decision)


def option_label(game: Any, option: Any) -> str:
    return menus.label(game, option)


def option_detail(game: Any, option: Any) -> str:
    """The characters an option takes (not one it uses), each with what it does."""
    tiles = menus.tiles_in(option)
    if not tiles or option.label.startswith("use "):
        return ""
    return "\n".join(f"{t.char.id} {t.char.title}: {one_line(t.char, 160)}" for t in tiles)


def describe_options(game: Any, decision: Any, every: bool = False) -> list[str]:
    return menus.option_lines(game, decision, every)


def typed_option(game: Any, value: Any) -> str | None:
    """A bid as its cards (`4x skyscraper`), as the menu shows it and a person types it; else None."""
    if isinstance(value, tuple) and len(value) == 3 and value[0] == "bid" and value[1]:
        return menus.compact(game, Counter(card.type for card in value[1]))
    return None


def _seat(game: Any, decision: Any) -> Any:
    """The seat a view is for: the one deciding; once the game is over, the first."""
    return decision.seat if decision is not None else game.seats[0]


def hand(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    return views.hand(game, _seat(game, decision))


def seats(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    return views.seats(game, colour)


def chars(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    return views.characters(game, _seat(game, decision))


def info(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    if not rest.strip():
        return "info needs a character's number or title, e.g. `info 16` or `info joker`"
    return character_info(game.ruleset, rest)


def draw(game: Any, decision: Any, rest: str, colour: bool, peek: Callable) -> str:
    return help_texts.write_picture(game, rest.strip())


COMMANDS = {
    "hand": (hand, "hand            your cards, dollars and skyscrapers"),
    "seats": (seats, "seats           every seat's points, dollars, press place, skyscrapers"),
    "chars": (chars, "chars           your characters, and the elevator's with what each does"),
    "characters": (chars, "characters      the same as chars"),
    "info": (info, "info CHARACTER  a character in full: `info 16`, `info joker`"),
    "picture": (draw, "picture FILE    draw the table as an SVG picture"),
}
AFTER_THE_GAME = ("seats", "chars", "characters", "info", "picture")
HELP_TOPICS = {"commands": help_texts.HELP, "tom": tom.HELP}
COMMANDS_HELP = help_texts.SHORT
AFTER_HELP = help_texts.AFTER
PAGE_HELP = help_texts.PAGE
HELP_WORDS = help_texts.COMMANDS_WORDS
UNSEARCHED_HINT = "a card for this bidding round into your hand; ask again for the bid itself"
