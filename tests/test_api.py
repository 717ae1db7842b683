"""The public API: a game that pauses at decisions, answers by option, index or key, and copies."""

from __future__ import annotations

import pytest

import nycrules
from nycrules.diagnostics import NycRulesError
from nycrules.engine.runner import AgentError, Session
from nycrules.table.saves import Save


def play_out(game: Session, pick=lambda d: 0) -> Session:
    while not game.is_over():
        decision = game.decision()
        game.apply(pick(decision))
    return game


def test_a_game_pauses_only_for_the_seats_nobody_answers_for():
    game = nycrules.new_game(["Ann", "bot:greedy", "tom:B4"], seed=7)
    seen = set()
    while not game.is_over():
        decision = game.decision()
        seen.add(decision.seat.name)
        assert decision.count >= 2 and len(decision.options) == decision.count
        game.apply(decision.options[-1])
    assert seen == {"Ann"}
    scores = game.scores()
    assert [s["name"] for s in scores] == ["Ann", "Greedy bot 2", "Tom"]
    for seat in scores:  # "during the game" and the final categories add up to the total
        assert sum(seat["categories"].values()) == seat["total"]
    best = max(s["total"] for s in scores)
    assert scores[game.winner()]["total"] == best


def test_options_can_be_given_as_option_index_or_key():
    by_option = nycrules.new_game(["Ann", "Ben"], seed=3)
    by_index = nycrules.new_game(["Ann", "Ben"], seed=3)
    by_key = nycrules.new_game(["Ann", "Ben"], seed=3)
    kinds = set()
    for _ in range(60):
        decision = by_option.decision()
        kinds.add(decision.kind)
        choice = decision.count // 2
        key = decision.option(choice).key
        by_option.apply(decision.option(choice))
        by_index.apply(choice)
        by_key.apply(key)
    assert by_option.record == by_index.record == by_key.record
    assert {"draft", "bid"} <= kinds


def test_every_option_key_of_a_decision_is_distinct_and_names_the_move():
    game = nycrules.new_game(["Ann", "Ben"], seed=5)
    keys_seen = set()
    while not game.is_over():
        decision = game.decision()
        keys = [o.key for o in decision.options]
        assert len(set(keys)) == len(keys), keys
        keys_seen.update(k.split(":")[0] for k in keys)
        # swaps and bids are named by their cards, not by their place in a menu
        for option in decision.options:
            if option.key.startswith("swap:"):
                out_type, in_type = option.key[5:].split(">")
                assert option.value[1].type == out_type and option.value[2].type == in_type
            if option.key.startswith("bid:"):
                assert sorted(option.key[4:].split()) == sorted(c.type for c in option.value[1])
        game.apply(decision.count - 1 if "swap" not in keys[-1] else 0)
    assert {"pair", "pass", "bid"} <= keys_seen


def test_a_bad_answer_is_a_clear_error_and_changes_nothing():
    game = nycrules.new_game(["Ann", "bot:random"], seed=2)
    before = list(game.record)
    decision = game.decision()
    for bad, words in [(decision.count, "there is no option"), (-1, "there is no option"),
                       ("bid:nonsense", "no option has the key"), (True, "not True"), (None, "not None")]:
        with pytest.raises(NycRulesError, match=words):
            game.apply(bad)
    assert game.record == before and game.decision() is decision
    other = nycrules.new_game(["Ann", "bot:random"], seed=99).decision()
    foreign = next(o for o in other.options if decision.index_of(o.key) is None) if any(
        decision.index_of(o.key) is None for o in other.options) else None
    if foreign is not None:
        with pytest.raises(NycRulesError, match="not one of this decision"):
            game.apply(foreign)


def test_a_clone_is_independent_and_continues_identically():
    game = nycrules.new_game(["Ann", "bot:greedy"], seed=11)
    for _ in range(25):
        game.apply(0)
    twin = game.clone()
    assert twin.record == game.record
    assert twin.decision().prompt == game.decision().prompt
    assert [o.key for o in twin.decision().options] == [o.key for o in game.decision().options]
    before = list(game.record)
    play_out(twin, lambda d: d.count - 1)
    assert twin.is_over() and game.record == before and not game.is_over()
    # the original, played on the same way, ends in the same game
    play_out(game, lambda d: d.count - 1)
    assert game.record == twin.record and game.scores() == twin.scores()


def test_a_copy_made_inside_an_agent_stops_at_that_agents_decision():
    made = []

    class Peeker:
        def choose(self, view):
            twin = view.determinize(len(made))
            made.append(twin)
            assert twin.decision() is not None and twin.decision().seat.index == view.seat
            assert [o.key for o in twin.decision().options] == [o.key for o in view.decision.options]
            return 0

    game = nycrules.new_game(["Ann", "bot:random"], seed=4, agents={1: Peeker()})
    for _ in range(10):
        game.apply(0)
    assert made


def test_the_record_replays_through_the_api_as_the_cli_plays_it(tmp_path):
    """A save written by `play` and the same decisions applied through the API give one game."""
    from nycrules.table.replay import replay

    game = play_out(nycrules.new_game(["Ann", "bot:greedy"], seed=8, log_events=True), lambda d: d.count // 3)
    save = Save(game.ruleset.digest, game.ruleset.name, game.specs, game.seed, list(game.record))
    import io
    out = io.StringIO()
    replay(game.ruleset, save, out, None)
    again = Session(game.ruleset, game.specs, game.seed, {}, replay=list(game.record))
    assert again.is_over()
    assert [e.text for e in again.events()] == [e.text for e in game.events()]
    assert again.scores() == game.scores()
    last = game.events()[-1].text
    assert last in out.getvalue()


def test_the_game_is_over_only_once_and_says_so():
    game = play_out(nycrules.new_game(["bot:random", "bot:random"], seed=1))
    assert game.decision() is None and game.is_over()
    with pytest.raises(NycRulesError, match="the game is over"):
        game.apply(0)


def test_same_seed_same_answers_same_game():
    a = play_out(nycrules.new_game(["Ann", "bot:random", "tom:5"], seed=21), lambda d: d.count - 1)
    b = play_out(nycrules.new_game(["Ann", "bot:random", "tom:5"], seed=21), lambda d: d.count - 1)
    assert a.record == b.record and [e.text for e in a.events()] == [e.text for e in b.events()]


class _Answers:
    """A custom agent that always answers the same thing."""

    def __init__(self, answer: object):
        self.answer = answer

    def choose(self, view):
        return self.answer


@pytest.mark.parametrize("answer", [-1, 999, True, 1.0, None, "0"])
def test_an_agent_answering_something_else_than_an_option_is_one_line_naming_the_seat(answer):
    with pytest.raises(AgentError) as err:
        nycrules.new_game(["Ann", "bot:random"], seed=1, agents={0: _Answers(answer)}).run()
    assert str(err.value) == (f"the agent test_api._Answers for seat Ann answered {answer!r} to decision 1 (choose: "
                              "stack of start characters); an answer is the index of an option, 0-2")


def test_an_agent_without_choose_is_refused_before_the_game():
    with pytest.raises(AgentError, match=r"^the agent for seat Ann \(object\) has no method choose"):
        nycrules.new_game(["Ann", "bot:random"], agents={0: object()})


@pytest.mark.parametrize("seats, wrong", [(["Ann", 5], "5 (int)"), ("Ann", "'Ann' (str)"), (["Ann", None], "None")])
def test_seats_that_are_not_texts_are_a_type_error_with_a_message(seats, wrong):
    with pytest.raises(TypeError) as err:
        nycrules.new_game(seats)
    assert isinstance(err.value, NycRulesError) and wrong in str(err.value)


class _FailsOnce:
    """An agent whose own code fails at its first decision, and answers 0 after."""

    def __init__(self):
        self.asked = 0

    def choose(self, view):
        self.asked += 1
        if self.asked == 1:
            raise RuntimeError("my bug")
        return 0


def test_an_agent_that_raises_is_an_agent_error_and_its_decision_still_waits():
    """The agent's own exception is named (and chained), and the game is not lost: it waits at the agent's
    decision, so that `apply` answers it or `run()` asks the agent again; the game ends as any other."""
    game = nycrules.new_game(["Ann", "Mine"], seed=1, agents={1: _FailsOnce()})
    with pytest.raises(AgentError) as err:
        play_out(game)
    assert str(err.value).startswith("the agent test_api._FailsOnce for seat Mine failed at decision ")
    assert str(err.value).endswith("RuntimeError: my bug") and isinstance(err.value.__cause__, RuntimeError)
    waiting = game.decision()
    assert not game.is_over() and waiting.seat.name == "Mine"
    at = len(game.record)
    play_out(game)  # Ann's answers, and the agent's own: it answers from now on
    assert game.is_over() and game.winner() is not None and len(game.record) > at


_SEAT_METHODS = {
    "view": lambda game, seat: game.view(seat),
    "observation": lambda game, seat: game.observation(seat),
    "observation_tensor": lambda game, seat: game.observation_tensor(seat),
    "information_state_string": lambda game, seat: game.information_state_string(seat),
    "events": lambda game, seat: game.events(seat),
    "determinize": lambda game, seat: game.determinize(seat, 1),
}


_NOT_SEATS = [
    (2, ValueError, "there is no seat 2: this game has seats 0-1"),
    (-1, ValueError, "there is no seat -1: this game has seats 0-1"),
    (10**30, ValueError, "there is no seat 1000000000000000000000000000000"),
    (1.0, TypeError, "not 1.0 (float)"), (True, TypeError, "not True (bool)"), (None, TypeError, "not None"),
    ("0", TypeError, "not '0' (str)")]


@pytest.mark.parametrize("method, seat, kind, words", [
    (method, *case) for method in sorted(_SEAT_METHODS) for case in _NOT_SEATS
    if not (method == "events" and case[0] is None)])  # events(None) is the whole log, as no seat saw it
def test_a_seat_that_is_not_one_of_the_games_is_refused_with_one_line(method, seat, kind, words):
    """Before, most of these answered for a seat that does not exist (observation(-1), determinize(5)),
    or failed inside the engine (IndexError, a comparison of int and None)."""
    game = nycrules.new_game(["Ann", "Ben"], seed=1)
    with pytest.raises(kind) as err:
        _SEAT_METHODS[method](game, seat)
    assert isinstance(err.value, NycRulesError) and words in str(err.value)
    assert game.record == [] and game.decision().seat.index in (0, 1)


def test_a_seat_may_be_numpys_integer():
    np = pytest.importorskip("numpy")
    game = nycrules.new_game(["Ann", "Ben"], seed=1)
    assert game.observation(np.int64(1)) == game.observation(1)


@pytest.mark.parametrize("seed, kind", [(-1, ValueError), (10**19, ValueError), (1.5, TypeError), ("7", TypeError),
                                        (None, TypeError), (True, TypeError)])
def test_a_seed_that_is_not_a_whole_number_a_save_can_hold_is_refused(seed, kind):
    """Before, new_game(seed=None) or "x" made a game whose position could not be loaded again,
    and seed=None a game nobody could play again."""
    with pytest.raises(kind, match="the seed must be a whole number from 0 to ") as err:
        nycrules.new_game(["Ann", "Ben"], seed=seed)
    assert isinstance(err.value, NycRulesError)


@pytest.mark.parametrize("rng_seed", [None, 1.5, "x"])
def test_a_determinization_needs_a_whole_rng_seed(rng_seed):
    """Before, rng_seed=None dealt the hidden cards from the system's randomness, silently."""
    game = nycrules.new_game(["Ann", "Ben"], seed=1)
    with pytest.raises(TypeError, match="rng_seed must be a whole number"):
        game.determinize(game.current_player(), rng_seed)


@pytest.mark.parametrize("call, kind, words", [
    (lambda: nycrules.new_game([]), ValueError, "new_game needs its seats"),
    (lambda: nycrules.load(5), TypeError, "a ruleset is a shipped one's name"),
    (lambda: nycrules.load(""), ValueError, "not an empty text"),
    (lambda: nycrules.load_position(None), TypeError, "a position is the data of Session.position()"),
    (lambda: nycrules.load("no-such-ruleset.yaml"), NycRulesError, "no-such-ruleset.yaml:1:1: error[E100]"),
    (lambda: nycrules.load("mod\0.yaml"), ValueError, "a file name cannot hold a NUL byte"),
    (lambda: nycrules.load_position("pos\0.json"), NycRulesError, "pos\\x00.json: cannot read the position file: a "
                                                                  "file name cannot hold a NUL byte"),
])
def test_odd_arguments_to_the_api_are_its_own_one_line_errors(call, kind, words):
    with pytest.raises(kind) as err:
        call()
    assert isinstance(err.value, NycRulesError) and words in str(err.value)
    assert str(err.value).count(":1:1:") <= 1  # a ruleset's error says where once


@pytest.mark.parametrize("how", ["copy", "deepcopy"])
def test_copy_copy_and_deepcopy_of_a_game_are_clones(how):
    """Before, copy.copy(game) shared the table and the record: a move in the copy broke the original
    (its next apply was an AttributeError inside the engine); deepcopy copied the whole ruleset."""
    import copy
    game = play_out_part(nycrules.new_game(["Ann", "Ben"], seed=1), 20)
    twin = getattr(copy, how)(game)
    assert twin.ruleset is game.ruleset and twin.record == game.record and twin.record is not game.record
    twin.apply(0)
    assert len(game.record) == 20 and len(twin.record) == 21
    game.apply(0)
    assert game.record == twin.record and game.observation(0) == twin.observation(0)


def test_a_game_cannot_be_pickled_and_says_what_to_do_instead():
    import pickle
    with pytest.raises(TypeError, match=r"cannot be pickled: .* game.position\(\) as JSON .*nycrules.load_position"):
        pickle.dumps(nycrules.new_game(["Ann", "Ben"], seed=1))


def play_out_part(game: Session, decisions: int) -> Session:
    for _ in range(decisions):
        game.apply(0)
    return game


def test_a_built_in_style_agent_with_a_bad_answer_leaves_its_decision_waiting():
    """An EngineAgent (asked with the session) that answers 99: before, the session then said the game
    was over (decision() None, winner None); now it waits at that decision, as for any agent."""
    from nycrules.engine.runner import EngineAgent

    class Broken(EngineAgent):
        def choose(self, session, decision):
            return 99

    game = nycrules.new_game(["Ann", "Mine"], seed=1, agents={1: Broken()})
    with pytest.raises(AgentError, match="answered 99 to decision"):
        play_out(game)
    assert not game.is_over() and game.decision().seat.name == "Mine"
    game.agents.pop(1)
    play_out(game)
    assert game.is_over() and game.winner() is not None


def test_a_view_kept_after_its_decision_was_answered_does_not_determinize_another_decision():
    """Before, a kept view's determinize() copied the game at whatever decision waited by then (another
    seat's), though a view determinizes only at its own decision."""
    game = nycrules.new_game(["Ann", "Ben"], seed=1)
    view = game.view(game.current_player())
    assert view.determinize(1).decision().seat.index == view.seat
    game.apply(0)
    with pytest.raises(NycRulesError, match="this view's decision has been answered since"):
        view.determinize(1)
    assert game.view(game.current_player()).determinize(1).decision() is not None
