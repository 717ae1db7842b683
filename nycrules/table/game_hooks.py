"""What a game's package may give the table (docs/games.md), and answers that go on.

A game's package may offer `TABLE`, a module or object with any of these (each one left out is
the table's own way, which names no game):

- `NAME`: the game's name in the opening line (else the ruleset's name); `seat_kind(spec)`: a seat
  there (else person, or the bot's kind); `opening_lines(ruleset)`: said after that line;
  `first_lines(ruleset, specs)`: said once more when a new game (not a loaded one) starts;
- `parse_answer(game, decision, text)`: the text as an option's index; or (index, text): that
  option, and the text again for the next question of the same seat (a whole move typed at its
  first question); or one line saying why it is no legal option; or None: the reader below reads it;
- `read_answer(game, decision, text)`: the game's reader of an answer in place of the table's (an
  index, or one line saying why the text is no option), numbers and `#N` included;
- `describe_options(game, decision, every)`: the lines that show the options (None: the menu's);
- `explain(game, decision)`: `help` for the decision (None: the table's);
- `board_text(game, colour)`, `seats_text(game, colour)`, `svg(game)`: the board, the seats and the
  picture (`board`, `nycrules board`, `board --svg`; else the seats' points, and no picture);
  `hand_text(game, seat, rule)`: what the seat holds, in words (a web page's hand; else nothing);
- `decision_context(game, decision)`: the few facts shown above a question; `typed_option(game,
  value)`: an option as a person types it (what `hint` shows);
- `shown_options(game, decision)`: the options the menu lists without `more` (a web page's buttons;
  else all); `option_label(game, option)`, `option_detail(game, option)`: an option on a web page,
  and what it names in full (else its label, and nothing); `PAGE_HELP`: a web page's help; `PAGE`:
  what the page shows beside the picture and the options (keys of PAGE_PLAIN below: the answer
  box's example, the picture's label, how clicked cards join in an answer by decision kind, the
  picture's parts whose change is marked, the options that may be picked on it); `page_hand(observed)`:
  the seat's cards to click and lines under them (else its observed `hand`, if any);
- `final_scores(game)`: the final table (else each scoring step's points per seat, and the total);
- `score_position(path, ruleset)`: a position typed in by hand, checked and scored (`nycrules score`;
  a PositionResult: its game or its diagnostics), and `position_json(game)`: its scores as JSON;
- `COMMANDS`: {word: (view(game, decision, rest, colour, peek), help line)}, views of its own;
  `AFTER_THE_GAME`: those of them that serve a finished game too (asked with decision and peek None);
  `peek(i)` is the next (game, decision, peek) once option i is taken, on a copy (None at the end);
- `HELP_TOPICS`: {word: text} for `help WORD`; `COMMANDS_HELP`, `AFTER_HELP`: the commands as `help`
  lists them at a question and once the game is over (else made from COMMANDS);
  `UNSEARCHED_HINT`: what a hint says of an option its search did not weigh (taken by rule of thumb);
- `LISTINGS`: {kind: table(ruleset)} for `rules list KIND`, `LISTING_LINES`: {kind: lines(ruleset)} for
  those listed as text; `detail(ruleset, ident, loose)`: a rule of the game's own for `rules show` by
  its name (loose: by a unique start of it; None: none), `detail_names(ruleset)`: those names,
  `ambiguous(ruleset, ident)`: why ident names several (else None), `close_names(ruleset, ident)`:
  names spelt close to it, suggested first (listing.py).

The table names no game: it finds a game's package by the name its ruleset gives.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine.decisions import Decision
from ..engine.runner import Session
from ..engine.state import Game
from ..limits import small_numeral
from ..text import counted, said_of
from ..loading.other_games import game_module
from . import answers, menus, views
from .commands import VIEWS

MAX_ANSWERS_IN_ONE_LINE = 6  # questions one typed line may answer (a whole build is three)


def hooks_of(ruleset: Any) -> Any | None:
    """The TABLE of the ruleset's game (its part names it), or None: a game that offers none."""
    return getattr(game_module(ruleset.part.game), "TABLE", None)


def hook(hooks: Any | None, name: str) -> Callable | Any | None:
    return getattr(hooks, name, None) if hooks is not None else None


def _numbered(line: str) -> bool:
    text = line.strip()
    return small_numeral(text.removeprefix("#")) is not None


def read_one(hooks: Any | None, game: Game, decision: Decision, line: str) -> int | tuple[int, str] | str:
    """The game's reading of the line, else the table's: an index, (index, text for the next
    question), or why the line is no option."""
    parse = hook(hooks, "parse_answer")
    if parse is not None and not _numbered(line):
        found = parse(game, decision, line)
        if found is not None:
            return found
    own = hook(hooks, "read_answer")
    if own is not None:
        return own(game, decision, line)
    return answers.read_answer(game, decision, line)


def read_typed(session: Session, decision: Decision, line: str, hooks: Any | None) -> list[int] | str:
    """The options a typed line answers, this decision's first: one, or several when the line goes
    on to the seat's next questions (each checked on a copy of the game before any is taken); else
    the one line saying why not, with nothing taken."""
    game = session.state
    assert game is not None
    found = read_one(hooks, game, decision, line)
    if isinstance(found, str):
        return found
    if isinstance(found, int):
        return [found]
    index, rest = found
    chosen = [index]
    copy = session.clone(agents={}, log_events=True)
    while len(chosen) < MAX_ANSWERS_IN_ONE_LINE:
        asked_next = _asked_again_without_forcing(copy, chosen[-1])
        following = copy.decision()
        if following is None or following.seat.index != decision.seat.index:
            break
        found = read_one(hooks, copy.state, following, rest)
        if not asked_next:  # a question between was taken without asking: the rest only ends a move there
            chosen += [found] if isinstance(found, int) else []
            break
        if isinstance(found, str):
            return found
        if isinstance(found, int):
            chosen.append(found)
            break
        chosen.append(found[0])
        rest = found[1]
    return chosen


def _asked_again_without_forcing(copy: Session, index: int) -> bool:
    """Answer the copy's decision; whether the game then asked again with nothing taken for the seat in
    between. A question of one option taken without asking may have been the one the line was for: the
    rest of the line then answers the next question only if it is that question's whole answer (the
    last part of the move typed), never the start of another move (a later question that would read
    the same line again as a move of its own)."""
    game = copy.state
    assert game is not None
    before = len(game.events)
    copy.apply(index)
    return not any(event.kind == "forced" for event in copy.state.events[before:])


Peek = Callable[[int], "tuple[Game, Decision, Peek] | None"]


def peek_from(session: Session) -> Peek:
    """`peek(i)`: on a copy, the game and its next decision once option i of the waiting one is taken,
    and the `peek` of that decision (None when the game is over)."""
    def peek(index: int) -> tuple[Game, Decision, Peek] | None:
        copy = session.clone(agents={}, log_events=False)
        copy.apply(index)
        following = copy.decision()
        return None if following is None else (copy.state, following, peek_from(copy))
    return peek


# ------------------------------------------------------------------ the shell's views, the game's or the table's
def seat_kind(hooks: Any | None, spec: Any) -> str:
    own = hook(hooks, "seat_kind")
    if own is not None:
        return own(spec)
    return "person" if spec.kind == "human" else spec.kind


def opening_line(hooks: Any | None, ruleset: Any, specs: list, seed: int) -> str:
    """The game's first line: its name, who sits where and the seed."""
    title = hook(hooks, "NAME") or ruleset.name
    names = ", ".join(f"{spec.name} ({seat_kind(hooks, spec)})" for spec in specs)
    return f"{title}: {names}; seed {seed}. Type `help` at any prompt."


def opening_lines(hooks: Any | None, ruleset: Any) -> list[str]:
    """What the ruleset's game says when a game starts (after the line naming the game, seats and seed)."""
    said = hook(hooks, "opening_lines")
    return said(ruleset) if said else []


def first_lines(hooks: Any | None, ruleset: Any, specs: list) -> list[str]:
    """What the game says once more when a new game starts (not a loaded one)."""
    said = hook(hooks, "first_lines")
    return said(ruleset, specs) if said else []


def final_scores(hooks: Any | None, game: Game) -> str:
    own = hook(hooks, "final_scores")
    return own(game) if own is not None else views.final_scores(game)


def unsearched_hint(hooks: Any | None) -> str:
    return hook(hooks, "UNSEARCHED_HINT") or "taken by rule of thumb, without a search"


def board(hooks: Any | None, game: Game, colour: bool) -> str:
    own = hook(hooks, "board_text")
    return own(game, colour) if own is not None else views.points(game, colour)


def seats(hooks: Any | None, game: Game, colour: bool) -> str:
    own = hook(hooks, "seats_text")
    return own(game, colour) if own is not None else views.points(game, colour)


def picture(hooks: Any | None, game: Game) -> str | None:
    """The table as an SVG document (None: the game draws none)."""
    own = hook(hooks, "svg")
    return own(game) if own is not None else None


def hand(hooks: Any | None, game: Game, seat: Any, rule: str) -> str:
    own = hook(hooks, "hand_text")
    return own(game, seat, rule) if own is not None else ""


def typed(hooks: Any | None, game: Game, decision: Decision, index: int) -> str | None:
    """Option `index` as a person types it in the game's words, when the game says (None: its label)."""
    own = hook(hooks, "typed_option")
    return own(game, decision.value(index)) if own is not None else None


def context(hooks: Any | None, game: Game, decision: Decision) -> str:
    own = hook(hooks, "decision_context")
    if own is not None:
        return own(game, decision)
    return f"{decision.seat.name}: {counted(decision.seat.points, 'point')}"


def explanation(hooks: Any | None, game: Game, decision: Decision) -> str:
    """`help` for the decision: the game's, else what is asked of whom."""
    explain = hook(hooks, "explain")
    said = explain(game, decision) if explain is not None else None
    return said or f"Now: {said_of(decision.seat.name, 'decides')}: {decision.prompt}"


def shown_options(hooks: Any | None, game: Game, decision: Decision) -> list[int]:
    """The options the menu lists without `more` (a page's buttons): the game's choice, else all."""
    own = hook(hooks, "shown_options")
    return own(game, decision) if own is not None else list(range(decision.count))


def option_label(hooks: Any | None, game: Game, option: Any) -> str:
    own = hook(hooks, "option_label")
    return own(game, option) if own is not None else option.label


def option_detail(hooks: Any | None, game: Game, option: Any) -> str:
    own = hook(hooks, "option_detail")
    return own(game, option) if own is not None else ""


def page_help(hooks: Any | None, shows: dict[str, str]) -> str:
    """A web page's help: the game's, else the table's with the game's own views the page does not show
    itself (`shows`), which may be typed in its answer box."""
    own = hook(hooks, "PAGE_HELP")
    if own:
        return own
    typed = [line for word, (_, line) in (hook(hooks, "COMMANDS") or {}).items() if word not in shows]
    return "\n".join([PAGE_HELP, *(["Typed in the answer box, as at the terminal:"] if typed else []),
                      *(f"  {line}" for line in typed)])


PAGE_HELP = " ".join("""On this page: click an option to choose it, or type it in the answer box as at the
terminal. `More options` lists every option; `Hint` asks the search bot (it knows only what you
know); `Undo` takes back your own last answer; `why` beside a line of the log shows the rule behind
it. The board marks what changed since your page last looked.""".split())


PAGE_PLAIN = {
    "example": "e.g. 2, or help",  # the answer box's placeholder
    "board_label": "The board",  # the picture, for a screen reader
    "hand_note": "",  # over the seat's cards
    "joiners": {},  # decision kind: what joins a clicked card to the typed answer (no kind: no note)
    "watched": [],  # selectors of the picture's parts whose change since the page last looked is marked
    "keys": [],  # the attributes that name such a part (the first it has, "a b": both; else its place)
    "mark_new": False,  # whether a watched part not there before is marked too
    "on_board": {},  # an option key's kind: the selector of what it names in the picture (`{id}`)
    "shows": {},  # the game's views the page shows itself (word: where), beside the board and the log
}


def page(hooks: Any | None, ruleset: Any) -> dict[str, Any]:
    """What a web page shows of the game beside its picture and options, with the game's name."""
    own = hook(hooks, "PAGE") or {}
    shows = {"board": "the board", "picture": "the board", **own.get("shows", {}), "log": "the log", "why": "the log"}
    return {**PAGE_PLAIN, **own, "shows": shows,
            "title": hook(hooks, "NAME") or ruleset.name}


def page_hand(hooks: Any | None, observed: dict[str, Any]) -> dict[str, Any] | None:
    """The seat's cards a page shows as buttons and lines under them (None: the seat holds no cards)."""
    own = hook(hooks, "page_hand")
    if own is not None:
        return own(observed)
    return {"cards": observed["hand"], "notes": []} if "hand" in observed else None


def option_lines(hooks: Any | None, game: Game, decision: Decision, every: bool = False) -> list[str]:
    own = hook(hooks, "describe_options")
    lines = own(game, decision, every) if own is not None else None
    return lines if lines is not None else menus.option_lines(game, decision, every)


SHARED_COMMANDS = ("more", "hint", "board", "log", "why", "undo", "save", "quit", "exit", "q")


def own_command(hooks: Any | None, session: Session, decision: Decision, word: str, rest: str,
                colour: bool) -> str | None:
    """`help`, the game's own views, and a line for a command of the table that is not part of this
    game (None: the table goes on as usual)."""
    game = session.state
    assert game is not None
    commands = hook(hooks, "COMMANDS") or {}
    if word in commands:
        return commands[word][0](game, decision, rest, colour, peek_from(session))
    if word in ("help", "?", "h"):
        topic = (hook(hooks, "HELP_TOPICS") or {}).get(rest.strip().lower())
        if topic is not None:
            return topic
        return "\n".join([explanation(hooks, game, decision), *command_lines(hooks)])
    if word in VIEWS and word not in SHARED_COMMANDS:
        return f"`{word}` is not part of {game.ruleset.name}; `help` lists the commands"
    return None


def view(hooks: Any | None, game: Game, word: str, rest: str) -> str | None:
    """The game's own view `word` of the table as it stands, with no question waiting (None: it has none)."""
    commands = hook(hooks, "COMMANDS") or {}
    return commands[word][0](game, None, rest, False, None) if word in commands else None


def command_lines(hooks: Any | None) -> list[str]:
    """The commands at a prompt, within 80 columns: the game's list, or the table's and the game's views."""
    said = hook(hooks, "COMMANDS_HELP")
    if said is not None:
        return said.split("\n")
    own = [line for _, line in (hook(hooks, "COMMANDS") or {}).values()]
    return ["Commands: a number or text chooses; more (every option), hint, board, log [N],",
            "  why [N|#E], undo, save FILE, quit", *(f"  {line}" for line in own)]


SHARED_AFTER_THE_GAME = ("board", "log", "why", "save")  # the table's commands that serve any game once it is over


def after_help(hooks: Any | None) -> str:
    """The commands once the game is over."""
    said = hook(hooks, "AFTER_HELP")
    if said is not None:
        return said
    after = hook(hooks, "AFTER_THE_GAME") or ()  # the game's own views that serve a finished game
    own = [word for word in (hook(hooks, "COMMANDS") or {}) if word in after]
    words = ["board", *own, "log [N]", "why [N|#E]", "save FILE", "quit"]
    return "Commands: " + ", ".join(words)


def after_command(hooks: Any | None, game: Game, word: str, rest: str, colour: bool) -> str | None:
    """A command of the game's own once the game is over, or a line for one that is not part of the
    game (None: the table's, or none)."""
    commands = hook(hooks, "COMMANDS") or {}
    if word in commands:
        return commands[word][0](game, None, rest, colour, None) if word in (hook(hooks, "AFTER_THE_GAME") or ()) \
            else None
    if word in VIEWS and word not in SHARED_AFTER_THE_GAME:
        return f"`{word}` is not part of {game.ruleset.name}; `help` lists the commands"
    return None
