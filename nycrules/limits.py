"""Every bound the program keeps on what it reads and runs, in one place.

A ruleset, a save or a position may come from a stranger; none of them can make
the program run without end, take all the memory, or read outside its folder.
Each limit below is generous for real use (the shipped ruleset and real games
stay far below every one of them: tests/test_hostile.py checks that) and each
overrun is a located error (docs/ruleset.md, "Limits", lists them for modders).

Reading files
- MAX_RULESET_FILE_BYTES: one YAML file of a ruleset (the shipped ones are 16 KB at most).
- MAX_RULESET_FILES: files read for one ruleset, includes and `extends` chains together.
- MAX_RULESET_BYTES: bytes of all the files of one ruleset together.
- MAX_SAVE_BYTES / MAX_POSITION_BYTES: a save file; a position typed in for `score`.
- MAX_GAME_POSITION_BYTES: a game's position written as JSON (`Session.position`, `play --from`).
- MAX_POSITION_VALUES: values in a position file, counted before it is read as its commas and opening
  brackets (a game's position holds some 15,000; each event of its log adds about 15).

Loading YAML (per file, after anchors and aliases are expanded)
- MAX_YAML_VALUES: values (mappings, lists, scalars, keys included) in one file.
- MAX_YAML_DEPTH: mappings and lists nested in one another.
- MAX_SCALAR_CHARS: characters of one text value.
- MAX_YAML_CHARS: characters of all the text values of one file, an alias counting its text at each use.
- MAX_EFFECT_CHARS: characters of one effect or expression.
- MAX_EFFECT_TEXT: characters of all the effects and expressions of a ruleset together
  (the shipped ruleset has about 15,000).
- MAX_LIST_LITERAL: items of one `[a, b, ...]` written in an effect.
- MAX_EFFECT_DEPTH: syntax nested in one another in an effect (lists, calls, operators, blocks):
  checking, compiling and running a rule recurse once per level (the shipped rules nest 11 deep).

Numbers
- MAX_INT: the largest whole number (in absolute value) anywhere: in YAML, effects,
  saves, positions, and every result of arithmetic in a rule.
- MAX_GAME_NUMBER: a number of the game's setup that `validate` can see (rounds,
  copies of a card or character, pairs per seat, tiles revealed, costs).

Running rules
- MAX_EFFECT_STEPS: loop turns (for, repeat, filters), items a rule's function is called on (count,
  sum, any, all, sort_by, most, fewest) and hooks fired by one run of an effect; the effects a `hook`
  statement runs spend from the same budget.
- MAX_GAME_STEPS: steps (as MAX_EFFECT_STEPS counts them) of all the effects of one game together
  (a shipped game takes under 3,000).
- MAX_HOOK_DEPTH: `hook` statements running inside one another (a character's effect firing a hook
  whose character fires another...); the shipped game nests at most two.
- MAX_EVENTS: events kept in one game's log (later ones are dropped, saying so; the game goes on).
- MAX_EVENT_CHARS: characters of one event of the log (a longer text is cut).
- MAX_LOG_BYTES: bytes (UTF-8) of the texts of one game's log (later events are dropped, saying so; the
  game goes on). A shipped game's log holds about 25,000.
- MAX_RULE_TEXT_BYTES: bytes (UTF-8) of text the rules of one game write: notes with the values they name,
  reasons for points with theirs. Counted whether a log is kept or not, so that a game ends the same in
  `play` and in `simulate`; past it the rule writing is a located error (a shipped game writes under 5,000).
- MAX_ORDER_SEARCH_STEPS: steps (as MAX_EFFECT_STEPS counts them) of all the trials that rank the
  orders of characters at an `ordered` hook (lookahead.py); past it, the orders tried so far are
  ranked. The shipped game spends at most about 740,000 on one search (720 orders).
- MAX_COUNT: a count a rule asks for at once: cards drawn, reserve size, pairs dealt, `repeat` turns,
  `at_most` passes of turns (a number written there is checked by validate).
- MAX_DECISIONS: decisions of one game (a save holding more is refused; a game never needs them).
- MAX_PROCEDURE_STEPS: nodes entered, turns weighed and leaves run by the procedure in one game
  (or one run of a part of it); a shipped game takes about 1,000.

People and names
- MAX_NAME_CHARS: a seat's name.
- MAX_INPUT_CHARS: one line typed (or piped) at a prompt of `nycrules play`; a longer one is
  not read, and one of more than 100 times that (`play < /dev/zero`) ends the game, saved as at
  the end of input.

Runs of games (`nycrules simulate`, `validate --simulate`)
- MAX_GAMES: games of one run (each keeps about 5 KB of results for the report, 4 seats), and of
  one `validate --simulate` check.
- Processes: `--workers` above the machine's cores plays on the cores (distribute.py).

The cache of checked rulesets (ruleset_cache.py; it may hold a planted file)
- MAX_CACHE_FILE_BYTES: one cache file (the trees of the shipped ruleset take about 60 KB);
  a bigger one is neither written nor read.
- MAX_CACHED_RULESETS: cache files kept; the least recently used go first.
"""

from __future__ import annotations

MAX_RULESET_FILE_BYTES = 1_000_000
MAX_RULESET_FILES = 100
MAX_RULESET_BYTES = 4_000_000
MAX_SAVE_BYTES = 4_000_000
MAX_POSITION_BYTES = 1_000_000
MAX_GAME_POSITION_BYTES = 50_000_000  # a game's position as JSON (Session.position), its log included
MAX_POSITION_VALUES = 3_000_000

MAX_YAML_VALUES = 200_000
MAX_YAML_DEPTH = 64
MAX_SCALAR_CHARS = 100_000
MAX_YAML_CHARS = 2_000_000
MAX_EFFECT_CHARS = 20_000
MAX_EFFECT_TEXT = 200_000
MAX_LIST_LITERAL = 1_000
MAX_EFFECT_DEPTH = 100

MAX_INT = 10**18
MAX_INT_DIGITS = 19  # digits of MAX_INT: a longer numeral is refused before it is converted
MAX_GAME_NUMBER = 1_000

MAX_EFFECT_STEPS = 1_000_000
MAX_COUNT = 1_000
MAX_ORDER_SEARCH_STEPS = 1_000_000
MAX_EVENTS = 100_000
MAX_EVENT_CHARS = 10_000
MAX_LOG_BYTES = 10_000_000
MAX_RULE_TEXT_BYTES = 50_000_000
MAX_GAME_STEPS = 5_000_000
MAX_HOOK_DEPTH = 30
MAX_DECISIONS = 100_000
MAX_PROCEDURE_STEPS = 1_000_000

MAX_NAME_CHARS = 20
MAX_INPUT_CHARS = 10_000

MAX_GAMES = 100_000

MAX_CACHE_FILE_BYTES = 10_000_000
MAX_CACHED_RULESETS = 32


def int_in_range(value: int) -> bool:
    return -MAX_INT <= value <= MAX_INT


def text_bytes(text: str) -> int:
    """Bytes of a text in UTF-8, counted without encoding it when it is ASCII (as a log's texts mostly are)."""
    return len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))


def small_numeral(text: str, digits: int = 6) -> int | None:
    """The number a plain numeral (ASCII digits only) of at most `digits` digits writes, else None:
    what a person types for an option, a count or a level, read without converting a numeral of
    thousands of digits (which Python refuses with an error of its own)."""
    return int(text) if len(text) <= digits and text.isascii() and text.isdigit() else None


def numeral_too_long(text: str) -> bool:
    """A numeral with more digits than MAX_INT can have (checked before Python converts it)."""
    return sum(ch.isdigit() for ch in text) > MAX_INT_DIGITS
