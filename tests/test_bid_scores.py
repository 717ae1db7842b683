"""The greedy bot's and the playout policy's scores of a bid decision: each bid's value in points less
what its cards are worth kept in hand, whether worked out for the decision or remembered with the
table of the hand's pattern (games/nyc/bots.py, bids.BidTable.remember), which other hands share."""

import nycrules
from nycrules.agents import GreedyAgent
from nycrules.games.nyc import bots
from nycrules.games.nyc.bots import BOTS, GREEDY_POINT, ROUND_WORTH, _keep_value


def by_each_option(game, decision, playout):
    """The scores worked out option by option from the values the decision gives a player (the cards
    of each bid, card by card in the order the bid holds them; the cards of each exchange)."""
    point = ROUND_WORTH.get(game.bidding_card, 10) if playout else GREEDY_POINT
    scores, exchanges, best_bid = [], [], 0.0
    for index in range(decision.count):
        value = decision.option(index).value
        if value[0] == "bid":
            kept = 0.0
            for card in value[1]:
                kept += _keep_value(game, card.type, playout)
            scores.append(value[2] * point - kept)
            best_bid = max(best_bid, scores[-1])
        elif value[0] == "exchange":
            exchanges.append((index, value[1], value[2]))
            scores.append(8 if value[2].type == game.bidding_card else -5)
        else:
            scores.append(25 if value[0] == "use" else 0)
    for index, given, taken in exchanges if playout else []:
        if taken.type == game.bidding_card and given.type != game.bidding_card:
            scores[index] = best_bid + ROUND_WORTH.get(game.bidding_card, 10) - 0.1 * _keep_value(game, given.type, True)
        else:
            scores[index] = -100
    return scores


def test_bid_scores_are_each_bid_s_value_less_its_cards_kept_worth_and_the_same_when_remembered():
    remembered = []
    checked = 0
    for seed in (3, 4):
        game = nycrules.new_game(["Ann", "Bob", "Cy", "tom"], seed=seed, log_events=False)
        greedy = GreedyAgent(seed)
        while not game.is_over():
            decision = game.decision()
            if decision.kind == "bid":
                state = game.state
                for playout in (False, True):
                    expected = by_each_option(state, decision, playout)
                    table = decision.bids
                    if table.count:
                        kinds = table.kinds()
                        key = ("bot scores", bots._bid_point(state, playout),
                               tuple(_keep_value(state, kind, playout) for kind in kinds))
                        remembered.append(table.remembered(key) is not None)
                    assert bots._bid_scores(state, decision, playout) == expected
                    assert bots._bid_scores(state, decision, playout) == expected  # the second time remembered
                    assert BOTS.scores(state, decision, None, playout, None) == expected
                checked += 1
            game.apply(greedy.choose(game, decision))
    assert checked > 100
    assert any(remembered) and not all(remembered)  # some met first, some remembered from another decision


def test_the_exchanges_of_a_bid_menu_are_its_exchange_options_in_order():
    game = nycrules.new_game(["Ann", "Bob", "Cy", "Dee"], seed=5, log_events=False)
    agent = GreedyAgent(5)
    seen = 0
    while not game.is_over():
        decision = game.decision()
        if decision.kind == "bid":
            values = [decision.option(i).value for i in range(decision.count)]
            assert decision.exchanges() == [value[1:] for value in values if value[0] == "exchange"]
            seen += bool(decision.exchanges())
        game.apply(agent.choose(game, decision))
    assert seen > 5
