"""New York City's help at the table: the commands, in full (`help commands`) and in short (under
`help`), and those that serve once the game is over; `picture FILE` for its table."""

from __future__ import annotations

from pathlib import Path

from .picture import picture
from ....diagnostics import NycRulesError
from ....engine.state import Game
from ....table.drawing import svg_name_like
from ....table.saves import write_text
from ....text import shown_path

# Every line below fits an 80-column terminal (a test checks it).
AFTER = """Commands: board, seats, chars, log [N], why [N|#E], info CHARACTER,
  picture FILE, save FILE, quit"""
HELP = """Commands (at any prompt):
  NUMBER or TEXT  choose an option: its number, or its text (3 letters or more
                  of an option shown are enough); a bid as its cards (`2x press
                  wild`, `sky wild`), a pair with + (`dollar + plans`), a
                  character by its number or title (`16`, `joker`); #N is
                  always option N
  more            every option of this decision (every legal bid)
  hint            what the search bot would choose here, with the expected
                  points of its two best options (it sees only what you see)
  swap A for B    exchange hand card A for reserve card B while bidding
  help, ?, h      what the current decision is about, and the commands
  help tom        how a game round goes, and how Tom plays and scores
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
  quit, q         stop (you are asked whether to save first; through a pipe it
                  saves to nycrules-autosave.json)"""

SHORT = """Commands: a number or text chooses; more, hint, swap A for B, board, hand,
  seats, chars, info CHARACTER, log [N], why [N|#E], picture FILE, undo,
  save FILE, quit (`help commands` explains each one)"""

# A web page's help (nycrules serve).
PAGE = " ".join("""On this page: click an option to choose it, or type it in the answer box as at the
terminal (`2x press wild`, `dollar + plans`, `#3`, `swap press for wild`). During a bid, clicking
cards of your hand writes them in the box. `More options` lists every option; `Hint` asks the
search bot (it knows only what you know); `Undo` takes back your own last answer; `why` beside a
line of the log shows the rule behind it; `info joker` (or a number) typed in the box shows a
character in full. The board marks what changed since your page last
looked.""".split())


def write_picture(game: Game, path: str) -> str:
    """`picture FILE.svg`: the table as an SVG file."""
    if not path:
        return "picture needs a file name, e.g. `picture table.svg`"
    if not path.lower().endswith(".svg"):
        return (f"picture draws an SVG picture: give a file name ending in .svg (`picture "
                f"{shown_path(svg_name_like(path))}`), not {shown_path(path)}")
    try:
        write_text(Path(path), picture(game), "picture")
    except NycRulesError as err:
        return str(err)
    return f"drew the table into {path} (open it in a web browser)"

# Its words in the commands' `--help` (cli/game_words.py fills them in; New York City is the default game).
COMMANDS_WORDS = {
    "covered": "the characters, bidding rounds and ",  # validate --coverage: what never ran
    "listed": " (the default rules': characters, bidding rounds, Tom's levels)",  # rules list
    "shown": "A character (number or title), round, scoring step, hook, primitive, or `tom`",  # rules show ID
}
