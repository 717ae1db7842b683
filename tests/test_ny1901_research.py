"""New York 1901 through the research interface: positions as JSON, determinized copies that hide
the Future Market's order, a seat's observation; bots on copies (issue 29, deliverable 4)."""

from __future__ import annotations

import json
import random

import nycrules

RULESET = nycrules.load("ny1901")


def test_a_position_at_any_decision_goes_on_as_the_game():
    for seed in range(2):
        game = nycrules.new_game(["bot:random", "Ann", "bot:greedy"], seed=seed, ruleset=RULESET)
        rng, asked = random.Random(seed), 0
        while (decision := game.decision()) is not None:
            if asked % 11 == 3:
                again = nycrules.load_position(json.loads(json.dumps(game.position())), RULESET)
                assert again.decision().prompt == decision.prompt
                assert [o.key for o in again.decision().options] == [o.key for o in decision.options]
            game.apply(rng.randrange(len(decision.options)))
            asked += 1
        assert asked > 20


def test_a_determinized_copy_deals_the_future_market_anew_and_keeps_what_is_seen():
    game = nycrules.new_game(["Ann", "Ben"], seed=3, ruleset=RULESET)
    game.decision()
    city = game.state.city
    copies = [game.determinize(0, seed).state.city for seed in range(6)]
    assert all(sorted(c.future) == sorted(city.future) for c in copies)  # the same cards...
    assert len({tuple(c.future) for c in copies}) > 1  # ...in an order the seat cannot know
    assert all(c.open_market == city.open_market and c.holder == city.holder and c.buildings == city.buildings
               for c in copies)
    twin = game.determinize(0, 5).state.city
    assert twin.future == game.determinize(0, 5).state.city.future  # the same seed, the same deal


def test_an_observation_shows_the_table_and_only_the_count_of_the_future_market():
    game = nycrules.new_game(["Ann", "Ben"], seed=3, ruleset=RULESET)
    game.decision()
    seen = game.observation(1)["game"]
    city = game.state.city
    assert seen["future_market"] == len(city.future) and seen["open_market"]
    assert seen["holder"] == city.holder and len(seen["unbuilt"]) == 2
    text = json.dumps(seen)
    again = game.determinize(1, 9)
    assert json.dumps(again.observation(1)["game"]) == text  # a copy looks the same from that seat


def test_the_search_bot_plays_new_york_1901():
    """Its turns are searched on determinized copies (a whole game of it: benchmarks and the docs)."""
    game = nycrules.new_game(["bot:mcts:1", "Ann"], seed=2, ruleset=RULESET)
    rng = random.Random(2)
    for _ in range(12):
        decision = game.decision()
        assert decision is not None and decision.seat.index == 1
        game.apply(rng.randrange(len(decision.options)))
    assert game.state.city.standing() and any(b[1] == 0 for b in game.state.city.buildings if b)


def test_the_greedy_bot_judges_by_effect_and_beats_random_play():
    """Where it has no heuristics of its own, bot:greedy tries each option on a copy (agents/by_effect.py);
    taking the first option, as before, it won 7 of 20 games against bot:random (200 games:
    docs/strength.md). Seats swapped half the time."""
    wins = 0
    for seed in range(1, 11):
        seats = ["bot:greedy", "bot:random"] if seed % 2 else ["bot:random", "bot:greedy"]
        game = nycrules.new_game(seats, seed=seed, ruleset=RULESET, log_events=False)
        game.run()
        wins += seats[game.winners()[0]] == "bot:greedy"
    assert wins >= 9


def test_the_observation_tensor_has_a_fixed_size_and_lies_in_0_1():
    from nycrules.engine.observation_tensor import layout
    size = layout(RULESET).size
    game = nycrules.new_game(["Ann", "Ben", "Cy"], seed=4, ruleset=RULESET)
    rng, first = random.Random(1), None
    while (decision := game.decision()) is not None:
        tensor = game.observation_tensor(decision.seat.index)
        assert len(tensor) == size and all(0.0 <= x <= 1.0 for x in tensor)
        first = first or tensor
        game.apply(rng.randrange(len(decision.options)))
    assert game.observation_tensor(0) != first  # buildings, estates, points: it follows the game
    assert game.observation_tensor(0) == game.determinize(1, 3).observation_tensor(0)  # nothing hidden in it


def test_pettingzoo_accepts_its_environment():
    import pytest
    api = pytest.importorskip("pettingzoo.test")
    from nycrules.pettingzoo import env
    api.api_test(env(["Ann", "Ben", "Cy"], seed=3, ruleset="ny1901"), num_cycles=100)


def test_openspiel_plays_it_with_its_chance_nodes():
    import pytest
    pyspiel = pytest.importorskip("pyspiel")
    import nycrules.openspiel  # noqa: F401  (registers the game)
    for players in (2, 4):
        game = pyspiel.load_game("nycrules", {"players": players, "ruleset": "ny1901"})
        assert game.max_chance_outcomes() >= 65  # a territory card drawn from the whole deck
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_chance_outcomes_are_named_in_the_games_words():
    """OpenSpiel's chance nodes of New York 1901 name what a player sees (its part's `looks`): a
    territory card by district and size, alike cards one outcome with their share of the pile; a
    start lot, a street, a bonus card by name; never a card's number or a repr."""
    import re
    import pytest
    pyspiel = pytest.importorskip("pyspiel")
    import nycrules.openspiel  # noqa: F401  (registers the game)
    game = pyspiel.load_game("nycrules", {"players": 2, "ruleset": "ny1901", "seed": 1})
    state = game.new_initial_state()
    names, deck = set(), None
    for _ in range(120):
        if not state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
            continue
        outcomes = state.chance_outcomes()
        named = [state.action_to_string(pyspiel.PlayerId.CHANCE, o).removeprefix("chance: ") for o, _ in outcomes]
        assert len(set(named)) == len(named) and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        if deck is None and all(n.endswith(" card") and "size-" in n for n in named) and len(outcomes) > 1:
            deck = dict(zip(named, (p for _, p in outcomes)))  # the Future Market's first shuffle: 48 cards
        names.update(named)
        state.apply_action(outcomes[0][0])
    assert all(re.fullmatch(r"(yellow|blue|red|green) size-[23] card|(yellow|blue|red|green) territory [ybrg]\d+"
                            r"|Broadway|Wall Street|Nassau & Broad|Cedar Street|Fulton Street"
                            r"|bronze baron|master architect|generation king|gold tycoon|gold prestige", n)
               for n in names), names
    assert deck is not None and len(deck) == 8  # four districts (pink not played at two seats), two sizes
    # 4 districts of 13 cards less the 2 start lots taken (the first outcomes: y8 and b4); of the
    # board file's 9 yellow size-2 cards, y8's is gone
    assert deck["yellow size-2 card"] == pytest.approx(8 / 50)
