"""The round procedure: phases 0 to III for each game round, then final scoring.

Numbers come from the ruleset's `game:` section, per-seat steps from `steps:`,
and every rule that acts is a ruleset effect; this module only orders them.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

from ..model import ScoringStep
from . import ops
from .abilities import offer, run_script, usable, use, use_options
from .bidding import bidding_step
from .decisions import Decision, Option
from .setup import for_seat, game_number, step_for
from .state import Game, Pair, Seat, Tile


Step = Callable[[Game], None]


def play(game: Game, first: int = 0, between: Callable[[Game, int], None] | None = None) -> None:
    """Play the game from step `first` (0: just after setup) to the final scoring.

    `between(game, i)` is called before step i, when nothing is under way: a copy of
    the state taken then can be played on from step i (Session.clone does so).
    """
    for index, step in enumerate(steps(game)[first:], first):
        if between is not None:
            between(game, index)
        step(game)


def steps(game: Game) -> list[Step]:
    """The procedure after setup, in order: per game round phase 0, I, each bidding round, III and
    the end of the round; then the final scoring."""
    out: list[Step] = []
    for number in range(1, game.ruleset.game.rounds + 1):
        out += [partial(start_round, number=number), phase1]
        out += [partial(bidding_step, index=i) for i in range(len(game.ruleset.rounds))]
        out += [phase3, end_round]
    out.append(final_scoring)
    return out


def start_round(game: Game, number: int) -> None:
    game.round = number
    phase0(game)


def phase0(game: Game) -> None:
    game.rule = "phase 0"
    locs = game.ruleset.game.locs
    game.where = locs.get("rounds")
    if game.log_events:
        game.emit(None, f"Game round {game.round}", "header")
    for seat in game.seats:
        seat.used.clear()  # the dollars on characters go back to the supply
    letter = game.ruleset.game.mayor_route[game.round - 1]
    game.mayor = next(b for b in game.boroughs if b.letter == letter)
    game.where = locs.get("mayor_route")
    if game.log_events:
        game.emit(None, f"the Mayor moves to {game.mayor.name} ({letter})")
    game.where = locs.get("prestige_tiles_revealed")
    for _ in range(game.ruleset.game.prestige_tiles_revealed):
        if game.prestige_stack:
            game.prestige_display.append(game.prestige_stack.pop())
    if game.prestige_display and game.log_events:
        shown = ", ".join(f"{t.colour} {t.value}" for t in game.prestige_display)
        game.emit(None, f"prestige tiles revealed: {shown}")
    for seat in game.seats:
        run_script(game, step_for(game, seat, "round_start_seat"), {"me": seat}, "phase 0")
    game.rule = "phase 0"
    pairs = game_number(game, "pairs_dealt")
    for _ in range(pairs):
        pair = Pair(game.pair_counter)
        game.pair_counter += 1
        game.pairs.append(pair)
        if not ops.draw_into(game, pair.cards, 2):
            game.pairs.remove(pair)  # the piles ran out
    if game.log_events:
        game.emit(None, f"{len(game.pairs)} pairs of cards are dealt")
    game.rounds_done = set()


def phase1(game: Game) -> None:
    game.rule = "phase I"
    game.where = game.ruleset.game.locs.get("pairs_per_seat")
    people = [s for s in game.seats if not s.is_tom]
    for seat in people:
        seat.draft_turns_left = game.ruleset.game.pairs_per_seat
    for _ in range(game.ruleset.game.pairs_per_seat):
        for seat in reversed(game.seats_in_press_order()):
            if seat.is_tom or seat.draft_turns_left <= 0 or not game.pairs:
                continue
            draft_turn(game, seat)
            seat.draft_turns_left -= 1
    tom = game.ruleset.tom
    for seat in game.seats:
        if seat.is_tom and tom is not None:
            run_script(game, tom.phase1, {"me": seat}, "Tom: phase I")
    game.rule = "phase I"
    game.where = game.ruleset.game.locs.get("pairs_per_seat")
    for pair in list(game.pairs):  # pairs nobody took are discarded
        ops.discard_cards(game, pair.cards)
    game.pairs.clear()


def draft_turn(game: Game, seat: Seat) -> None:
    game.taken = []
    where = game.ruleset.game.locs.get("pairs_per_seat")
    while not game.taken:
        values, labels = _draft_menu(game, seat)
        decision = Decision(seat, "draft", "Take a pair of cards", None, game.rule, count=len(values),
                            build=partial(_draft_option, values, labels), value=values.__getitem__)
        choice = game.ask(decision)
        game.where = where
        if choice[0] == "pair":
            game.taken.extend(ops.take_pair(game, seat, choice[1]))
        else:
            use(game, seat, choice[1], {})
            game.rule = "phase I"
            if choice[0] == "instead":
                break  # the character took the place of the pair
    if seat.company:
        offer(game, seat, ("draft.after_pair", "draft.turn"), {"taken": list(game.taken)},
              "Use a character before your turn ends?", "end turn")
    game.rule = "phase I"


_MENU_HOOKS = ("draft.turn", "draft.instead_of_pair")  # the characters offered in a draft turn's menu


def _draft_menu(game: Game, seat: Seat) -> tuple[list[tuple[str, Any]], list[str]]:
    """The values of a draft turn's options, with the labels of the characters' options.

    Pairs of the same card types are one option. A pair's label and key are made only
    when someone reads them (see _draft_option): bots pick by index and value.
    """
    kinds: set[tuple[str, ...]] = set()
    values: list[tuple[str, Any]] = []
    for pair in game.pairs:  # the first pair of each kind, in display order
        cards = pair.cards
        if len(cards) == 2:  # the usual pair, its two types sorted by hand (a call per pair costs more)
            first, second = cards[0].type, cards[1].type
            kind = (first, second) if first <= second else (second, first)
        else:
            kind = tuple(sorted([card.type for card in cards]))
        if kind not in kinds:
            kinds.add(kind)
            values.append(("pair", pair))
    labels = [""] * len(values)  # "" for a pair
    tiles = usable(game, seat, _MENU_HOOKS, {}) if seat.company else None
    if tiles:  # one look at the characters for both hooks, then split by hook
        turn: list[Tile] = []
        instead: list[Tile] = []
        for tile in tiles:
            (turn if tile.char.when == _MENU_HOOKS[0] else instead).append(tile)
        for label, tile in use_options(turn):
            values.append(("use", tile))
            labels.append(label)
        for label, tile in use_options(instead, " instead of a pair"):
            values.append(("instead", tile))
            labels.append(label)
    return values, labels


def _draft_option(values: list[tuple[str, Any]], labels: list[str], index: int) -> Option:
    kind, what = values[index]
    if kind == "pair":
        name = what.name()
        return Option(f"take {name}", values[index], f"pair:{name.replace(' ', '')}")
    return Option(labels[index], values[index], f"{kind}:{what.char.id}")


def phase3(game: Game) -> None:
    game.rule = "phase III"
    for seat in game.seats_in_press_order():
        offer(game, seat, ("phase3.turn",), {}, "Use your phase III characters?")


def end_round(game: Game) -> None:
    game.rule = "end of round"
    for seat in game.seats:
        run_script(game, step_for(game, seat, "round_end_seat"), {"me": seat}, "end of round")
    game.prestige_display.clear()  # unused prestige tiles go back to the box
    if game.log_events:
        standing = ", ".join(f"{s.name} {s.points}" for s in game.seats)
        game.emit(None, f"points after game round {game.round}: {standing}", "summary")


def final_scoring(game: Game) -> None:
    game.rule = "final scoring"
    game.where = None
    game.emit(None, "Final scoring", "header")
    for step in game.ruleset.final_scoring:
        game.where = step.effect.loc
        game.emit(None, step.title, "section")
        for seat in game.seats_in_press_order():
            score_step(game, step, seat)
    game.scoring_step = ""
    game.finished = True
    game.rule = "end"
    game.where = None
    winner = winner_of(game)
    game.emit(winner, f"wins with {winner.points} points", "end")


def score_step(game: Game, step: ScoringStep, seat: Seat) -> None:
    """One final scoring step for one seat (Tom's version for Tom)."""
    game.scoring_step = step.id
    seat.scores.setdefault(step.id, 0)
    script = for_seat(game, seat, step.effect, "final_scoring", step.id)
    run_script(game, script, {"me": seat}, f"final scoring: {step.id}")


def winner_of(game: Game) -> Seat:
    """Most points; a tie goes to the seat ahead on the press track."""
    return min(game.seats, key=lambda s: (-s.points, game.press_rank_of(s)))
