"""bot:mcts, the search bot: it finishes games with any company, is reproducible, and reads no hidden card."""

import json
import random

import pytest

import nycrules
from nycrules.agents import GreedyAgent, make_agent
from nycrules.diagnostics import NycRulesError
from nycrules.engine.information import determinize, observation
from nycrules.agents.search import MCTSAgent
from nycrules.agents.seating import parse_seats
from scenario import nyc


def finish(game, answer):
    """Answer every decision left to people with `answer(game, decision)`; give the people's decision count."""
    asked = 0
    while not game.is_over():
        decision = game.decision()
        game.apply(answer(game, decision))
        asked += 1
    return asked


@pytest.mark.parametrize("seats,seed", [
    (["bot:mcts:1", "bot:greedy"], 1),
    (["Ann", "bot:mcts:1", "tom:B4"], 2),
    (["bot:mcts:1", "tom:C5", "Ann", "bot:random"], 3),
])
def test_the_search_bot_finishes_games_with_toms_and_people(seats, seed):
    game = nycrules.new_game(seats, seed=seed, log_events=False)
    people = GreedyAgent(seed)
    asked = finish(game, people.choose)
    assert game.is_over() and game.winner() is not None
    me = next(i for i, kind in enumerate(seats) if kind.startswith("bot:mcts"))
    scores = game.scores()
    assert scores[me]["total"] > 0 and len(scores) == len(seats)
    assert (asked > 0) == ("Ann" in seats)  # the bot answered for itself; people were asked


def test_the_search_bot_is_reproducible_from_the_seed():
    def first_round(seed):
        game = nycrules.new_game(["Ann", "bot:mcts:3"], seed=seed, log_events=False)
        ann = GreedyAgent(seed)
        while game.state.round < 2:
            game.apply(ann.choose(game, game.decision()))
        return game.record
    assert first_round(9) == first_round(9)
    assert first_round(9) != first_round(10)


def test_the_search_decides_on_what_its_seat_knows_only():
    """Re-deal what the bot cannot see in the live game: it makes the same choice."""
    game = nycrules.new_game(["Ann", "Ben"], seed=4, log_events=False)
    greedy = GreedyAgent(1)
    bot = MCTSAgent(5, simulations=4)
    checked = 0
    while not game.is_over() and checked < 3:
        decision = game.decision()
        if decision.seat.index == 0 and decision.kind == "bid" and game.state.round == 2:
            choice = bot.choose(game, decision)
            twin = game.clone()
            determinize(twin.state, 0, random.Random(checked))  # Ben's hand, the piles, the stacks
            assert observation(twin.state, 0) == observation(game.state, 0)
            assert bot.choose(twin, twin.decision()) == choice
            checked += 1
        game.apply(greedy.choose(game, decision))
    assert checked == 3


def _a_bid_in_round_3():
    game = nycrules.new_game(["Ann", "tom:B4"], seed=6, log_events=False)
    greedy = GreedyAgent(2)
    while True:
        decision = game.decision()
        if decision.kind == "bid" and decision.count > 3 and game.state.round == 3:
            return game, decision
        game.apply(greedy.choose(game, decision))


def test_the_search_plays_out_each_simulation_and_picks_the_best_mean_reward():
    game, decision = _a_bid_in_round_3()
    bot = MCTSAgent(2, simulations=40)
    record = list(game.record)
    choice = bot.choose(game, decision)
    assert game.record == record, "the search touched the game"
    found = bot.last_search
    visits = [figures.playouts for figures in found.values()]
    assert len(visits) >= 3 and min(visits) >= 1 and sum(visits) == 40  # every option tried, 40 playouts
    finalists = [figures for figures in found.values() if figures.playouts == max(visits)]
    assert 2 <= len(finalists) < len(visits)  # the better ones went on to more deals
    chosen = found[decision.option(choice).key]
    assert chosen in finalists
    assert chosen.mean(chosen.reward) == max(figures.mean(figures.reward) for figures in finalists)


def test_a_small_budget_still_tries_every_option_once():
    game, decision = _a_bid_in_round_3()
    bot = MCTSAgent(2, simulations=3)
    bot.choose(game, decision)
    visits = [figures.playouts for figures in bot.last_search.values()]
    assert len(visits) >= 4 and set(visits) == {1}  # one deal for each: too few to go on


def test_the_options_are_compared_on_the_same_deals(monkeypatch):
    """Each deal is played with every option still in the search: the luck of a deal is the same for
    each of them; the better half of the options goes on to new deals (successive halving)."""
    from nycrules.engine.runner import Session
    game, decision = _a_bid_in_round_3()
    played = []  # [deal, options played on it...], in the order dealt
    determinize, playout = Session.determinize, MCTSAgent._playout

    def recorded_deal(self, seat, rng_seed, **kwargs):
        played.append([rng_seed])
        return determinize(self, seat, rng_seed, **kwargs)

    def recorded_playout(self, twin, key, *rest):
        played[-1].append(key)
        return playout(self, twin, key, *rest)
    monkeypatch.setattr(Session, "determinize", recorded_deal)
    monkeypatch.setattr(MCTSAgent, "_playout", recorded_playout)
    bot = MCTSAgent(2, simulations=40)
    bot.choose(game, decision)
    deals = [deal for deal, *_ in played]
    assert len(set(deals)) == len(deals)  # each deal dealt once, its options played on copies of it
    sets = [keys for _, *keys in played]
    assert sorted(sets[0]) == sorted(bot.last_search)  # the first deal: every option searched
    assert all(len(set(keys)) == len(keys) for keys in sets)  # each option once on a deal
    assert all(set(later) <= set(earlier) for earlier, later in zip(sets, sets[1:]))  # options leave, none comes back
    assert len(sets[-1]) >= 2 and len(sets[-1]) < len(sets[0])  # the last deals compare the best few


def test_a_bid_searches_passing_and_each_size_of_bid():
    game, decision = _a_bid_in_round_3()
    bot = MCTSAgent(2, simulations=12)
    bot.choose(game, decision)
    sizes = {decision.value(i)[2] for i in range(decision.count) if decision.value(i)[0] == "bid"}
    keys = set(bot.last_search)
    searched = [decision.value(i) for i in range(decision.count) if decision.option(i).key in keys]
    assert any(value[0] == "pass" for value in searched)
    assert {value[2] for value in searched if value[0] == "bid"} >= set(sorted(sizes, reverse=True)[:3])


def test_a_bid_searches_no_exchange_the_playout_policy_passes_over():
    """An exchange is the policy's to take (a card of the round); one it passes over is not tried by the
    search, where a few lucky deals once had it give up a skyscraper card before the skyscraper bid."""
    game = nycrules.new_game(["Ann", "tom:B4"], seed=6, log_events=False)
    greedy = GreedyAgent(2)
    bot = MCTSAgent(3, simulations=6)
    offered = 0
    while game.state.round <= 2:
        decision = game.decision()
        if decision.kind == "bid" and any(decision.value(i)[0] == "exchange" for i in range(decision.count)):
            choice = bot.choose(game, decision)
            if bot.last_search:  # the policy's pick was not an exchange: none is searched
                offered += 1
                assert not any(key.startswith("swap:") for key in bot.last_search), decision
                assert not decision.option(choice).key.startswith("swap:")
        game.apply(greedy.choose(game, decision))
    assert offered >= 3


def test_search_seats_are_checked():
    ruleset = nyc()
    specs = parse_seats(["bot:mcts", "bot:MCTS:12", "bot:mcts:hard", "tom"], ruleset)
    assert [s.kind for s in specs] == ["bot:mcts", "bot:mcts:12", "bot:mcts:hard", "tom"]
    assert specs[0].name == "MCTS bot 1"
    assert make_agent("bot:mcts:12", 1).simulations == 12
    levels = [make_agent(f"bot:mcts:{level}", 1).simulations for level in ("easy", "normal", "hard")]
    assert levels[0] < levels[1] < levels[2] and make_agent("bot:mcts", 1).simulations == levels[1]
    for bad, message in [("bot:mcts:0", "from 1 to 1000"), ("bot:mcts:5000", "from 1 to 1000"),
                         ("bot:mcts:x", "unknown bot"),
                         ("bot:mcts:harder", "bot:mcts:easy/normal/hard")]:
        with pytest.raises(NycRulesError, match=message):
            parse_seats([bad, "tom"], ruleset)


def test_every_kind_of_decision_with_a_choice_is_searched():
    game = nycrules.new_game(["Ann", "bot:greedy"], seed=2, log_events=False)
    ann = GreedyAgent(2)
    bot = MCTSAgent(4, simulations=3)
    searched = set()
    while not game.is_over() and game.state.round <= 2:
        decision = game.decision()
        choice = bot.choose(game, decision)
        if not bot.last_search:  # only the greedy bot's exchange before a bid is taken unsearched
            assert decision.option(choice).key.startswith("swap:")
        else:
            assert len({figures.playouts for figures in bot.last_search.values()}) == 1, decision  # on common deals
            searched.add(decision.kind)
        game.apply(ann.choose(game, decision))
    assert {"draft", "bid", "choose", "choose_some"} <= searched  # pairs, bids, hires, what a character asks


def test_the_value_at_the_horizon_counts_board_skyscrapers_as_built_where_the_mayor_goes():
    """A seat's skyscrapers on its board contest the majorities of the boroughs still to come."""
    from nycrules.agents.search import horizon_points
    game = nycrules.new_game(["Ann", "Ben"], seed=3, log_events=False)
    greedy = GreedyAgent(3)
    while game.state.round < 2:
        game.apply(greedy.choose(game, game.decision()))
    plain, loaded = game.clone(log_events=False), game.clone(log_events=False)
    loaded.state.seats[0].board += 6
    more = horizon_points(loaded, greedy)[0] - horizon_points(plain, greedy)[0]
    assert more > 3  # the premature final scoring would count them 3, half a point each


def _policy_turn(agent, hand, reserve, round_id, done=()):
    """One bidding turn of Ann's answered by `agent`: the labels it chose, in order."""
    from scenario import give
    from scenario_extra import bare_table, bid_turn
    game, ann, _ = bare_table()
    give(game, ann, hand=hand, reserve=reserve)
    game.rounds_done = set(done)
    chosen = []

    def choose(g, decision):
        index = agent.best(g, agent.scores(g, decision))
        chosen.append(decision.option(index).label)
        return index
    game.chooser = choose
    bid_turn(game, ann, round_id)
    return chosen


def test_the_playout_policy_takes_a_card_of_the_round_from_the_reserve_before_it_bids():
    from nycrules.agents.search import RolloutAgent
    earlier = ("press", "dollar", "elevator", "plans", "prestige")
    chosen = _policy_turn(RolloutAgent(1), "skyscraper press", "skyscraper dollar", "skyscraper", earlier)
    assert chosen[0].startswith("exchange press for skyscraper")
    assert chosen[-1].startswith("skyscraper skyscraper")  # both skyscraper cards bid
    greedy = _policy_turn(GreedyAgent(1), "skyscraper press", "skyscraper dollar", "skyscraper", earlier)
    assert greedy[-1].startswith("skyscraper (1)")  # the greedy bot bids what is in its hand


def test_the_playout_policy_keeps_its_wild_cards_for_the_skyscrapers():
    from nycrules.agents.search import RolloutAgent
    chosen = _policy_turn(RolloutAgent(1), "press wild", "dollar dollar", "press")
    assert chosen == ["press (1)"]
    assert _policy_turn(GreedyAgent(1), "press wild", "dollar dollar", "press") == ["press wild (2)"]
    earlier = ("press", "dollar", "elevator", "plans", "prestige")
    assert _policy_turn(RolloutAgent(1), "skyscraper wild", "dollar dollar", "skyscraper", earlier) == ["skyscraper wild (2)"]


def test_a_level_plays_fewer_playouts_at_a_larger_table_and_a_number_exactly_as_many():
    """`bot:mcts` (normal: 60 at two seats) keeps its time per decision at four seats by playing
    3/5 as many playouts there; `bot:mcts:60` plays 60 at any table."""
    game = nycrules.new_game(["Ann", "Ben", "Cat", "Dan"], seed=6, log_events=False)
    greedy = GreedyAgent(2)
    while True:
        decision = game.decision()
        if decision.kind == "bid" and decision.count > 3 and game.state.round == 2:
            break
        game.apply(greedy.choose(game, decision))
    played = {}
    for kind in ("bot:mcts", "bot:mcts:normal", "bot:mcts:36", "bot:mcts:60"):
        bot = make_agent(kind, 3)
        bot.choose(game, decision)
        played[kind] = sum(figures.playouts for figures in bot.last_search.values())
    assert played["bot:mcts"] == played["bot:mcts:normal"] == played["bot:mcts:36"] <= 36
    assert played["bot:mcts:36"] > 30 and played["bot:mcts:60"] > 55  # halving may leave a playout or two


def test_a_game_played_in_turns_is_searched_to_the_seats_next_turn_and_valued_there(monkeypatch):
    """New York 1901 has no game rounds: each playout plays the rest of the seat's turn and the other
    seat's turn, and stops at the first decision of the seat's next turn, where the learned evaluation
    values it (here a file of one constant model, so only where it is asked counts)."""
    from nycrules.agents.evaluation import FORMAT, Evaluation, feature_names, use_text
    from nycrules.agents.evaluation_stages import turn
    from nycrules.loading.loader import load_ruleset

    rules = load_ruleset("ny1901")
    size = len(feature_names(rules))
    use_text(rules, json.dumps({"format": FORMAT, "ruleset_digest": rules.digest, "features": feature_names(rules),
                                "rounds": {"2": {"constant": 1.0, "spread": 10.0, "weights": [0.0] * size}}}), "e.json")
    asked = []

    def margin(self, session, me, chooser):
        asked.append((me, session.decision().seat.index, turn(session.state)))
        return 1.0

    monkeypatch.setattr(Evaluation, "margin", margin)
    game = nycrules.new_game(["Ann", "Ben"], seed=2, ruleset=rules, log_events=False)
    greedy = GreedyAgent(2)
    while game.decision().seat.index != 1 or game.decision().count < 2:  # Ben's first choice
        game.apply(greedy.choose(game, game.decision()))
    now = turn(game.state)
    bot = MCTSAgent(1, simulations=6, explain=True)
    bot.search(game, game.decision(), 1)
    assert len(asked) == 6 and sum(f.learned for f in bot.last_search.values()) == 6
    assert all(me == 1 and seat == 1 and later[0] == now[0] + 1 and later[1] == now[1] for me, seat, later in asked)


def test_a_level_plays_a_quarter_of_its_playouts_in_a_game_played_in_turns():
    """Each playout of a game in turns tries every option of every decision on copies: `bot:mcts`
    (normal, 60 at two seats) plays 15 there, to keep its time per decision; `bot:mcts:60` plays 60."""
    from nycrules.loading.loader import load_ruleset

    rules = load_ruleset("ny1901")
    game = nycrules.new_game(["Ann", "Ben"], seed=4, ruleset=rules, log_events=False)
    greedy = GreedyAgent(2)
    while game.decision().count < 2:
        game.apply(greedy.choose(game, game.decision()))
    played = {}
    for kind in ("bot:mcts", "bot:mcts:15", "bot:mcts:60"):
        bot = make_agent(kind, 3)
        bot.choose(game, game.decision())
        played[kind] = sum(figures.playouts for figures in bot.last_search.values())
    assert played["bot:mcts"] == played["bot:mcts:15"] <= 15 and played["bot:mcts:60"] > 55


def test_in_a_game_played_in_turns_the_search_ranks_its_candidates_by_what_the_end_would_score():
    """New York 1901, seed 2, the 8th question: eight territories to claim, alike to the greedy bot
    (each leaves its seat 2 points ahead after the turn); with the final scoring run as if the game
    ended after it, the two that win a street's majority are worth 5 more, and they are the
    search's first candidates."""
    from nycrules.agents.by_effect import option_scores
    from nycrules.loading.loader import load_ruleset

    game = nycrules.new_game(["Ann", "Ben"], seed=2, ruleset=load_ruleset("ny1901"), log_events=False)
    greedy = GreedyAgent(2, by_effect=True)
    for _ in range(7):
        game.apply(greedy.choose(game, game.decision()))
    decision = game.decision()
    plain, now = option_scores(game, decision, 1), option_scores(game, decision, 1, scored_now=True)
    assert decision.count == 8 and set(plain) == {2}
    best = [i for i in range(8) if now[i] == max(now)]
    assert len(best) == 2 and sorted(now)[:6] == [max(now) - 5] * 6
    bot = MCTSAgent(1)
    candidates = bot._candidates(game.state, decision, greedy, game)
    assert sorted(candidates[:2]) == best
