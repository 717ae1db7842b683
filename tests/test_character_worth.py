"""Bots judge a character by what it does in the game at hand, not by its printed value."""

import json
from pathlib import Path

import pytest

import nycrules
from nycrules.agents import GreedyAgent
from nycrules.engine.decisions import Decision
from nycrules.games.nyc.state import Tile
from nycrules.loading.loader import load_ruleset
from nycrules.agents.search import MCTSAgent
from nycrules.engine.snapshot import _Writer
from nycrules.games.nyc import worth
from nycrules.primitives import seats as seats_primitives
from nycrules.games.nyc.worth import Judge

# Planted in a mod: a cheap character with a large effect, and a costly one with none.
PLANTED = """\
extends: nyc
characters:
  - id: 23
    value: 1
    text: Gain 10 points.
    effect: gain_points(me, 10)
  - id: 25
    value: 5
    text: Does nothing.
    effect: gain_points(me, 0)
"""
STRONG, USELESS = 23, 25


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    path = Path(tmp_path_factory.mktemp("mod")) / "planted.yaml"
    path.write_text(PLANTED)
    return load_ruleset(str(path))


def hire_decision(game):
    """The first hire of seed 55 where both planted characters are on offer (character 7's hire, round 1)."""
    ann = GreedyAgent(55)
    while not game.is_over():
        decision = game.decision()
        offered = {decision.value(i).char.id for i in range(decision.count) if isinstance(decision.value(i), Tile)}
        if {STRONG, USELESS} <= offered and decision.prompt == "character to hire":
            return decision
        game.apply(ann.choose(game, decision))
    raise AssertionError("no hire offered both planted characters")


def test_the_planted_characters_are_worth_what_they_do(planted):
    game = nycrules.new_game(["Ann", "bot:greedy"], seed=55, ruleset=planted, log_events=False)
    state, seat = game.state, game.state.seats[0]
    judge = Judge()
    strong = judge.character(state, seat, Tile(0, planted.part.characters[STRONG]))
    useless = judge.character(state, seat, Tile(0, planted.part.characters[USELESS]))
    assert useless == 5  # its printed value, scored at the end, and nothing more
    assert strong > 20  # 1 at the end, and 10 points for a dollar in each game round left
    base = nycrules.new_game(["Ann", "bot:greedy"], seed=55, log_events=False)
    critic = Judge().character(base.state, base.state.seats[0], Tile(0, base.state.ruleset.part.characters[STRONG]))
    assert 1 < critic < strong  # the shipped Critic gains 2 a round


def test_the_greedy_bot_hires_the_strong_cheap_character_and_leaves_the_useless_costly_one(planted):
    game = nycrules.new_game(["Ann", "bot:greedy"], seed=55, ruleset=planted, log_events=False)
    state = game.state
    seat = state.seats[0]
    tiles = {tile.char.id: tile for tile in state.tiles}
    decision = Decision(seat, "choose", "character to hire", values=[tiles[USELESS], tiles[STRONG]])
    assert decision.value(GreedyAgent(1).choose(game, decision)).char.id == STRONG


@pytest.mark.parametrize("bot", [GreedyAgent(3), MCTSAgent(3)], ids=["greedy", "mcts"])  # mcts: the default level
def test_bots_hire_the_planted_character_in_a_game(planted, bot):
    game = nycrules.new_game(["Ann", "bot:greedy"], seed=55, ruleset=planted, log_events=False)
    decision = hire_decision(game)
    assert decision.value(bot.choose(game, decision)).char.id == STRONG


def _table(state):
    return json.dumps(_Writer(state.ruleset).value(state), sort_keys=True)


@pytest.mark.parametrize("seed, in_place_at_least", [(1, 1000), (7, 30)])
def test_a_final_scoring_that_only_counts_points_is_tried_on_the_table_itself_with_the_same_result(
        monkeypatch, seed, in_place_at_least):
    """final_points runs a scoring that changes nothing but points on the table itself, putting
    everything back (no copy of the boroughs it reads); it gives what the trial on a copy gives,
    through a whole game, with or without each character on offer, and leaves the table (its log too)
    as it was. Ann and Bob start with no set (37-42, which return vessels) in seed 1, each with one in
    seed 7; Toms' own scoring steps do more than count points."""
    in_place = []
    monkeypatch.setattr(worth, "_scored_in_place", _noting(worth._scored_in_place, in_place))
    for state in _tables_through_a_game(seed):
        for seat in state.seats:
            for extra in [None, *state.tiles[::5]]:
                placed = worth.final_points(state, seat, extra)
                with monkeypatch.context() as plain:
                    plain.setattr(worth, "_only_scores", lambda *args: False)
                    assert worth.final_points(state, seat, extra) == placed
    assert len(in_place) >= in_place_at_least


def _tables_through_a_game(seed):
    """The table at each decision of a game of Ann (the greedy bot answering for her), a random bot
    and two Toms; what the caller does with it must leave it (its log too) as it was."""
    game = nycrules.new_game(["Ann", "bot:random", "tom", "tom"], seed=seed)
    state, bot = game.state, GreedyAgent(seed)
    while not game.is_over():
        decision = game.decision()
        before = _table(state)
        yield state
        assert _table(state) == before
        game.apply(bot.choose(game, decision))


def _noting(fn, calls):
    def noted(*args, **named):
        calls.append(args + tuple(named.values()))
        return fn(*args, **named)
    return noted


def test_a_final_scoring_tried_in_place_while_the_real_one_is_under_way_puts_the_categories_back():
    """While the game's own final scoring asks a question (Hoarder, 34), its points go to the step's
    category (`game.scoring_step`); a greedy trial of a scoring made then, on the table itself, must
    put each seat's categories back as it found them."""
    game = nycrules.new_game(["Ann", "bot:random", "tom"], seed=3, log_events=False)
    state, bot = game.state, GreedyAgent(3)
    for _ in range(20):
        game.apply(bot.choose(game, game.decision()))
    assert not game.is_over()
    state.scoring_step = state.ruleset.final_scoring[0].id
    for seat in state.seats:
        seat.scores[state.scoring_step] = 4  # booked before the question
    before = _table(state)
    tried = [worth.final_points(state, seat) for seat in state.seats]
    assert max(tried) > 4 and _table(state) == before


@pytest.mark.parametrize("seed, stopped_at_least", [(1, 100), (7, 20)])  # seed 7: sets, tried on copies
def test_a_scoring_with_a_new_character_does_not_run_again_the_last_steps_that_read_only_the_board(
        monkeypatch, seed, stopped_at_least):
    """The shipped final scoring's last four steps (majorities, borough bonus, press, all the rest) read
    only the board: with a new character in the company they give what they gave without it, so the
    judge runs the first two and adds what the others gave (worth.final_points with `base`); the same
    points as a whole scoring, through a whole game, for every seat and character tried."""
    start = nycrules.new_game(["Ann", "bot:random", "tom", "tom"], seed=seed).state
    assert worth._board_only_from(start, start.seats[0]) == 2
    stopped = []
    monkeypatch.setattr(worth, "_scored_in_place", _noting(worth._scored_in_place, stopped))
    for state in _tables_through_a_game(seed):
        for seat in state.seats:
            base = worth.scored(state, seat)
            assert base.points == worth.final_points(state, seat)
            for extra in state.tiles[::5]:
                assert worth.final_points(state, seat, extra, base) == worth.final_points(state, seat, extra)
    assert sum(1 for call in stopped if len(call) == 5) >= stopped_at_least  # the first steps alone: (..., upto, stop)


LEADER_LAST = """\
extends: nyc
final_scoring:
  - id: leader
    title: Leader bonus
    text: Seats with thirty points or more score 2.
    effect: |
      if points(me) >= 30:
        gain_points(me, 2, "thirty points or more")
"""


def test_a_last_step_that_reads_points_is_run_again(tmp_path, monkeypatch):
    """A step after the board-only ones that reads the points (a mod's): every step is run with the new
    character, as the points it reads depend on all of them."""
    path = tmp_path / "leader.yaml"
    path.write_text(LEADER_LAST)
    rules = load_ruleset(str(path))
    game = nycrules.new_game(["Ann", "bot:random", "tom", "tom"], seed=3, ruleset=rules)
    state, bot = game.state, GreedyAgent(3)
    assert worth._board_only_from(state, state.seats[0]) == len(rules.final_scoring) == 7
    compared = 0
    while not game.is_over():
        decision = game.decision()
        seat = state.seats[0]
        if state.round >= 3:
            base = worth.scored(state, seat)
            assert base.board_only == 0  # no step after the last that reads more
            for extra in state.tiles[::4]:
                assert worth.final_points(state, seat, extra, base) == worth.final_points(state, seat, extra)
                compared += 1
        game.apply(bot.choose(game, decision))
    assert compared > 100


def test_a_trial_writes_no_text(monkeypatch):
    """The reasons rules give for points are neither written nor counted in a bot's trial (the game's own
    scoring counts them: the text budget the oracle's games spend is the same), and the table keeps no
    trace of the trial's setting (its position is the same)."""
    game = nycrules.new_game(["Ann", "bot:random", "tom", "tom"], seed=1)
    state, bot = game.state, GreedyAgent(1)
    written = []
    monkeypatch.setattr(seats_primitives, "spend_text", _noting(seats_primitives.spend_text, written))
    judged = 0
    while not game.is_over():
        decision = game.decision()
        if state.round >= 2 and judged < 30:
            before, left = _table(state), state.text_left
            written.clear()
            for extra in state.tiles[::6]:
                Judge().character(state, state.seats[0], extra)
                judged += 1
            assert not written and state.text_left == left and _table(state) == before
            assert "writes_texts" not in vars(state)
        game.apply(bot.choose(game, decision))
    assert judged >= 30
    assert written  # the game's own final scoring wrote its reasons
