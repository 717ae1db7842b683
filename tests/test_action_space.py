"""The fixed action space: every option key is one stable integer; masks, actions, tensors, returns."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import nycrules
from nycrules.engine.action_space import ActionSpaceError, action_space
from nycrules.diagnostics import NycRulesError


def test_ids_are_stable_and_name_their_moves():
    space = action_space(nycrules.load("nyc"))
    assert space.size == nycrules.new_game(["Ann", "Ben"]).num_distinct_actions() <= 30_000
    for key in ["pass", "done", "yes", "nothing", "3", "seat:2", "borough:queens", "vessel:9", "prestige:0",
                "use:5", "instead:2", "char:12", "char:12#2", "card:press", "card:press#3", "pair:dollar+elevator",
                "pair:wild#2", "swap:press>dollar", "press"]:
        assert space.key_of(space.action_of(key)) == key
    ids = [space.action_of(k) for k in ["pass", "use:5", "instead:5", "char:5", "card:wild", "swap:wild>press", "wild"]]
    assert len(set(ids)) == len(ids)
    # every id before the lists names one key, or is a spare one (room for what a mod adds)
    picks = space.regions["picks"]
    spare = 0
    for action in range(picks.start):
        try:
            key = space.key_of(action)
        except ActionSpaceError as err:
            assert "spare id" in str(err)
            spare += 1
            continue
        assert space.action_of(key) == action
    assert 0 < spare < picks.start
    for bad in ["bid:nonsense", "sing:3", "card:press#17", "seat:10", "99", "vessel:x", "char:64", "char:5+char:x"]:
        with pytest.raises(ActionSpaceError, match="option key"):
            space.actions_of([bad])


def test_lists_are_numbered_among_their_decisions_lists():
    """A list (a bid's cards, cards or characters chosen together) is numbered by how many of each item
    it takes, in mixed radix over how many of each its decision offers (items in the order of their
    own ids): nothing taken is the region's first id."""
    space = action_space(nycrules.load("nyc"))
    start = space.regions["picks"].start
    keys = ["pass", "bid:", "bid:press", "bid:press press", "bid:press wild", "bid:wild press press",
            "swap:press>wild"]
    ids = space.actions_of(keys)
    # press offered twice (radix 3), then wild once (radix 2)
    assert ids == [0, start, start + 1, start + 2, start + 1 + 3, start + 2 + 3, space.action_of("swap:press>wild")]
    assert [space.key_of(action, keys) for action in ids[:4]] == keys[:4]
    assert space.key_of(start + 5, keys) == "bid:wild press press"  # the decision's own key
    with pytest.raises(ActionSpaceError, match="is a list"):
        space.action_of("bid:press")
    with pytest.raises(ActionSpaceError, match="give the decision's keys"):
        space.key_of(start + 1)
    stacks = ["char:5+char:21", "char:7+char:9+char:30", "char:21+char:5#2"]
    assert len(set(space.actions_of(stacks))) == 3
    assert space.actions_of(["char:21+char:5"]) == space.actions_of(["char:5+char:21"]) == [start + 3]


MOD_WITH_MORE = """\
extends: nyc
components:
  card_types:
    - {id: press, name: Press, copies: 15}
    - {id: dollar, name: Dollars, copies: 15}
    - {id: elevator, name: Characters, copies: 15}
    - {id: plans, name: Building plans, copies: 15}
    - {id: prestige, name: Prestige, copies: 15}
    - {id: skyscraper, name: Skyscrapers, copies: 15}
    - {id: wild, name: Wild, copies: 15, wild: true}
    - {id: ferry, name: Ferry, copies: 5}
characters:
  - id: 43
    title: Ferry Captain
    phase: final
    value: 4
    copies: 1
    when: final.scoring
    text: One point.
    effect: gain_points(me, 1, "{}", title(this))
"""


def test_a_mod_adding_a_character_and_a_card_type_moves_no_id(tmp_path):
    """Before: every id from `char:` on moved (char:12 195 -> 197) when a mod added one character."""
    base = action_space(nycrules.load("nyc"))
    mod = tmp_path / "more.yaml"
    mod.write_text(MOD_WITH_MORE, encoding="utf-8")
    more = action_space(nycrules.load(mod))
    assert more.size == base.size
    for key in ["pass", "31", "seat:3", "borough:jersey_city", "use:42", "char:12", "char:42#4", "card:wild#16",
                "pair:press+prestige#5", "swap:wild>wild", "wild"]:
        assert more.action_of(key) == base.action_of(key)
    assert more.key_of(more.action_of("char:43")) == "char:43" and more.action_of("ferry") > base.action_of("wild")
    with pytest.raises(ActionSpaceError):
        base.key_of(more.action_of("card:ferry"))  # a spare id of the base game


def test_validate_tells_a_mod_whose_lists_outgrow_a_region(tmp_path):
    from nycrules.loading.loader import check_ruleset
    mod = tmp_path / "crowded.yaml"
    mod.write_text(MOD_WITH_MORE.replace("  - id: 43\n", "  - id: 70\n"), encoding="utf-8")
    result = check_ruleset(mod)
    assert result.ruleset is not None
    [use, instead, chars] = [w.message for w in result.warnings if w.code == "W404"]
    assert "action region 'use' holds 64 characters but the ruleset has characters up to 70" in use
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: nyc\nactions:\n  - {id: tiles, key: 'tile:{tiles}', capacity: 4}\n", encoding="utf-8")
    [error] = check_ruleset(bad).diagnostics
    assert error.code == "E420" and "{tiles} names no list of the ruleset" in error.message


@pytest.mark.parametrize("seats,seed", [(["Ann", "Ben"], 1), (["Ann", "Ben", "tom:C5"], 2),
                                        (["Ann", "Ben", "Cid", "Dee"], 3), (["Ann", "Ben", "Cid", "tom:A2"], 4)])
def test_the_mask_allows_exactly_the_legal_options_over_whole_games(seats, seed):
    game = nycrules.new_game(seats, seed=seed)
    space = game.action_space()
    rng = random.Random(seed)
    kinds = set()
    while not game.is_over():
        decision = game.decision()
        kinds.add(decision.kind)
        keyed = {action: i for i, action in enumerate(space.actions_of([o.key for o in decision.options]))}
        assert len(keyed) == decision.count  # one id per option
        mask = game.legal_actions_mask()
        assert len(mask) == space.size and set(game.legal_actions()) == set(keyed)
        assert sum(mask) == len(keyed) and all(mask[a] == 1 for a in keyed)  # and 0 at every other id
        for illegal in [a for a in (rng.randrange(space.size), min(keyed) - 1, max(keyed) + 1) if a not in keyed]:
            record = list(game.record)
            with pytest.raises(NycRulesError, match="not legal"):
                game.apply_action(illegal)
            assert game.record == record and game.decision() is decision
        action = rng.choice(game.legal_actions())
        game.apply_action(action)
        assert game.record[-1] == keyed[action]  # the option with that id was taken
    assert {"draft", "bid"} <= kinds
    returns = game.returns()
    assert [win for win, _ in returns].count(1.0) == 1 and sum(win for win, _ in returns) == 1.0
    assert returns[game.winner()][0] == 1.0 and [p for _, p in returns] == [s["total"] for s in game.scores()]


def normalized(observation: dict) -> str:
    """An observation without names and tile numbers (which copy of a character a tile is)."""
    obs = json.loads(json.dumps(observation))
    for seat in obs["seats"]:
        company = dict(seat["company"])
        seat["company"] = sorted(company.values())
        seat["used"] = sorted(company[uid] for uid in seat["used"] if uid in company)
        del seat["name"]
        seat["kind"] = "tom" if seat["kind"] == "tom" else seat["kind"][:3]
    for row in obs["elevator"].values():
        row["face_up"] = [char for _, char in row["face_up"]]
    obs["start_stacks"] = [[char for _, char in stack] for stack in obs["start_stacks"]]
    obs["bids"] = sorted(obs["bids"].items())
    return json.dumps(obs, sort_keys=True)


def test_the_observation_tensor_tells_apart_every_observation_it_is_made_from():
    """No information of the observation is lost (but names and tile numbers)."""
    game = nycrules.new_game(["Ann", "Ben", "Cid", "tom:C5"], seed=6)
    rng = random.Random(6)
    seen: dict[tuple, str] = {}
    size = len(game.observation_tensor(0))
    while not game.is_over():
        for seat in range(4):
            tensor = game.observation_tensor(seat)
            assert len(tensor) == size
            seen.setdefault(tuple(tensor), normalized(game.observation(seat)))
            assert seen[tuple(tensor)] == normalized(game.observation(seat))
        game.apply_action(rng.choice(game.legal_actions()))
    assert len(seen) > 400


def test_the_information_state_holds_the_seats_own_decisions_and_its_log():
    game = nycrules.new_game(["Ann", "Ben"], seed=5)
    first = game.information_state_string(0)
    mover = game.current_player()
    game.apply(0)
    after = game.information_state_string(mover)
    assert after != first and "my decisions [(0, " in after
    assert game.information_state_string(1 - mover).count("my decisions []") == 1


@pytest.mark.parametrize("key", ["pass#" + "9" * 5000, "vessel:" + "9" * 5000, "\u00b2", "seat:\u00b2", "pass#\u00b2"])
def test_a_key_with_a_numeral_python_cannot_read_has_no_id(key):
    """Before: int()'s ValueError (a digit of another script; more than 4300 digits), not the space's own."""
    space = nycrules.new_game(["Ann", "Ben"]).action_space()
    with pytest.raises(ActionSpaceError, match="has no id in the action space") as err:
        space.action_of(key)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize("call, words", [
    (lambda space: space.action_of(None), "an option key is a text"), (lambda space: space.action_of(5), r"not 5 \(int\)"),
    (lambda space: space.key_of(1.5), "an action must be a whole number, not 1.5"),
    (lambda space: space.key_of(None), "not None"), (lambda space: space.key_of(True), r"not True \(bool\)")])
def test_a_key_or_an_id_of_the_wrong_kind_is_a_type_error(call, words):
    """Before: AttributeError ('NoneType' has no partition), a comparison of int and None, key_of(True) = 'done'."""
    space = nycrules.new_game(["Ann", "Ben"]).action_space()
    with pytest.raises(TypeError, match=words) as err:
        call(space)
    assert isinstance(err.value, nycrules.NycRulesError)


def test_a_mod_for_five_seats_has_five_seat_slots(tmp_path):
    """A valid mod may seat up to 9 (press_track.neutral_start); before, the fixed 4 seat slots made
    observation_tensor(4) a KeyError inside the engine and `seat:4` a key outside the space."""
    mod = tmp_path / "five.yaml"
    mod.write_text("extends: nyc\ncomponents:\n  press_track:\n    last_space: 15\n"
                   "    neutral_start: {2: 8, 3: 7, 4: 6, 5: 5}\n", encoding="utf-8")
    game = nycrules.new_game(["A", "B", "C", "D", "E"], seed=2, ruleset=str(mod))
    space = game.action_space()
    assert space.key_of(space.action_of("seat:4")) == "seat:4"
    assert game.num_distinct_actions() == nycrules.new_game(["A", "B"]).num_distinct_actions()  # room to spare
    rng = random.Random(2)
    while not game.is_over():
        for seat in range(5):
            assert len(game.observation_tensor(seat)) == len(game.observation_tensor(0))
        game.apply_action(rng.choice(game.legal_actions()))
    assert sum(win for win, _ in game.returns()) == 1.0


GAMES_WITH_EVERY_OPTION_NUMBERED = 300  # benchmarks/every_option_numbered.py plays 2,000


def test_every_option_of_random_games_at_2_to_4_seats_has_an_id():
    """Every option of every decision has an action id (a decision without one stops OpenSpiel,
    PettingZoo and agents' views); the Hoarder's question at final scoring ("card type to score in
    your reserve": bare card types) had none, and it is among the decisions met here."""
    space = action_space(nycrules.load("nyc"))
    rules_met = set()
    for number in range(GAMES_WITH_EVERY_OPTION_NUMBERED):
        game = nycrules.new_game(["Ann", "Ben", "Cid", "Dee"][:2 + number % 3], seed=number, log_events=False)
        rng = random.Random(number)
        while not game.is_over():
            decision = game.decision()
            rules_met.add(decision.rule)
            ids = space.actions_of([option.key for option in decision.options])
            assert len(set(ids)) == decision.count, (number, decision.rule)
            game.apply(rng.randrange(decision.count))
    assert "character 34" in rules_met


def test_the_hoarders_question_is_answered_by_action_ids():
    space = action_space(nycrules.load("nyc"))
    for number in range(GAMES_WITH_EVERY_OPTION_NUMBERED):
        game = nycrules.new_game(["Ann", "Ben", "Cid", "Dee"][:2 + number % 3], seed=number, log_events=False)
        rng = random.Random(number)
        while not game.is_over() and game.decision().rule != "character 34":
            game.apply(rng.randrange(game.decision().count))
        if not game.is_over():
            break
    else:
        pytest.fail("no game of these seeds asks the Hoarder's question")
    keys = [space.key_of(action) for action in game.legal_actions()]
    assert sorted(keys) == sorted(["press", "dollar", "elevator", "plans", "prestige", "skyscraper"])
    plans = game.decision().index_of("plans")
    game.apply_action(space.action_of("plans"))
    assert game.record[-1] == plans  # the option named by that id was taken


def test_validate_names_a_question_whose_options_have_no_ids():
    from nycrules.loading.loader import check_ruleset
    mod = Path(__file__).parent / "mods" / "colour_question.yaml"
    result = check_ruleset(mod)
    assert result.ruleset is not None and not result.diagnostics  # people can still play it
    [warning] = [w for w in result.warnings if w.code == "W403"]
    assert warning.location.line == 8 and "choose from a list of colours" in warning.message
    assert not [w for w in check_ruleset(Path(nycrules.__file__).parent.parent / "rulesets" / "nyc").warnings
                if w.code == "W403"]


def test_a_batch_stopped_by_an_option_without_an_id_names_the_game_and_its_seed():
    from batch_agents import LastOption
    mod = str(Path(__file__).parent / "mods" / "colour_question.yaml")
    with pytest.raises(nycrules.NycRulesError, match=r"^game 0 \(seed 5\) failed: .*option key 'green' has no id"):
        nycrules.run_games({0: LastOption}, ["Mine", "bot:random"], games=2, seed=5, workers=1, ruleset=mod)
