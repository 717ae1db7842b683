"""What New York City's bots know of its decisions: the cheap rules of `bot:greedy` and of the search's
playouts, the options `bot:mcts` searches at a bid, and its value of a position at a playout's horizon.

The shared bots (agents/) reach it through the ruleset's part (`part.bots`, docs/games.md, "What a
game gives the bots"); a game that gives none is judged by the effect of its options on copies.

- The greedy bot bids high but counts what the cards would be worth in the rounds to come, uses every
  character it can, takes the best-looking pair, hires the character worth most by what it does in
  the game at hand (worth.py), takes the most valuable prestige tile, raises a borough where it
  leads. The rest of its rules (questions, numbers) are the shared ones.
- The playout policy (`playout=True`) is the same, except that a point of bid is worth what it buys
  in the round under way (`ROUND_WORTH`), cards are kept for the rounds they serve (wild cards for
  the best one to come: the skyscrapers), and a card of the round is taken from the reserve before
  bidding, the card given for it kept for later.
- At a bid the search weighs passing and the best bid of each size (`BID_WIDTH` options); an
  exchange with the reserve, which leads to another bid decision, follows the policy's judgement
  (the one it picks is taken without a search, the others are not searched).
- At a playout's horizon (the start of the next game round) each seat's skyscrapers on its board
  are built, as an estimate, in the boroughs the Mayor still visits, at most `BUILDS_PER_ROUND` a
  round (a skyscraper is built only with a skyscraper bid); a Tom, who has no board, builds there
  as many as he did on average where the Mayor has been; and each character that acts once a round
  adds what a use gives (tried on a copy) for each game round left. The search then runs the
  ruleset's own final scoring.
"""

from __future__ import annotations

from operator import mul
from typing import Any, Callable

from .characters import may_use_characters
from ...engine.decisions import Decision
from ...engine.state import Game
from .state import Borough, PrestigeTile, Tile
from ...language.hooks import HOOKS
from .worth import OFFERED, Judge

# How much a card in a drafted pair is worth (wilds: 3; a type not listed: 2).
PAIR_WEIGHTS = {"skyscraper": 3, "prestige": 3, "elevator": 2.5}
GREEDY_POINT = 10  # what the greedy bot counts a point of bid worth, in every round
# What a point of bid buys in each bidding round of the shipped rules, against the cards it costs, for
# the playout policy; tuned on the policy's own games against tom:1 (benchmarks/rollout_policy.py).
# A round of a mod not named here counts 10.
ROUND_WORTH = {"press": 4, "dollar": 6, "elevator": 10, "plans": 6, "prestige": 10, "skyscraper": 14}
LATER_KEPT = 0.5  # a card kept for a later round of this game round: this share of a point there
WILD_KEPT = 1.2  # a wild card kept: this much of a point in the best round still to come
BID_WIDTH = 6  # options searched at a bid: the policy's pick, passing, and a bid of each size
# What a Tom builds where the Mayor goes, for the value at the horizon: his skyscraper round builds
# in the Mayor's borough, at most five of his there (tom.yaml); in the first round, before he has
# built anywhere, as much as he does on average (about 4 a round at levels 1, B4 and 12).
TOM_MOST = 5
TOM_FIRST_ROUND = 4
BUILDS_PER_ROUND = 2  # board skyscrapers a seat builds in a later round, at most, as an estimate


class Bots:
    """New York City's knowledge for the shared bots (see the module's docstring)."""

    def judge(self) -> Judge:
        """A memo of character worths: one per decision, shared by a search's playouts of it."""
        return Judge()

    def scores(self, game: Game, decision: Decision, judge: Judge, playout: bool,
               plain: Callable[[Decision, int, Any], float]) -> list[float]:
        """How good each option looks to the greedy bot (`playout`: to the search's playout policy); an
        option of no kind it knows (a yes-or-no question, a number...) by the shared rules, `plain`."""
        if decision.kind == "bid":  # the most frequent decision, with the most options
            return _bid_scores(game, decision, playout)
        return [_score(game, decision, i, judge, plain) for i in range(decision.count)]

    def searched(self, decision: Decision, ranked: list[int], width: int) -> tuple[list[int], int]:
        """The options a search weighs first, best first, and how many: at a bid, passing and the best
        bid of each size (the one keeping the most worth in hand), so it weighs how much to bid."""
        if decision.kind != "bid":
            return ranked, width
        sizes: dict[int, int] = {}
        passing: list[int] = []
        for i in ranked:
            value = decision.value(i)
            if value[0] == "bid":
                sizes.setdefault(value[2], i)
            elif value[0] == "pass":
                passing.append(i)
        preferred = passing + [sizes[size] for size in sorted(sizes, reverse=True)]
        # an exchange the policy did not pick is not searched: the policy takes the one worth taking (a card
        # of the round, `_score_exchanges`), and the others, searched, were taken by luck of a few deals
        rest = [i for i in ranked if i not in preferred and decision.value(i)[0] != "exchange"]
        return preferred + rest, BID_WIDTH

    def followed(self, decision: Decision, index: int) -> bool:
        """Whether the search takes this option, the policy's pick, without searching: an exchange with
        the reserve leads to another bid decision, which is searched."""
        return decision.option(index).key.startswith("swap:")

    def horizon(self, game: Game, judge: Judge | None) -> list[float]:
        """On a throw-away copy at a playout's horizon, before the final scoring estimates each seat's
        points there: the skyscrapers built where the Mayor goes; each seat's points to add, what its
        characters will still give (see the module's docstring)."""
        rounds = game.ruleset.part.numbers.rounds
        later = max(0, rounds - game.round) + 1  # game rounds still to play, this one included
        judge = judge or Judge()
        uses = [later * sum(max(0.0, judge.use(game, seat, tile)) for tile in seat.company
                            if (hook := HOOKS.get(tile.char.when)) is not None and hook.mode in OFFERED)
                if may_use_characters(game, seat) else 0.0 for seat in game.seats]
        _build_where_the_mayor_goes(game)
        return uses


def _bid_scores(game: Game, decision: Decision, playout: bool) -> list[float]:
    """Bid high, but count what the cards would have been worth in the rounds to come. The decision is
    a bidding menu (bidding.BidMenu): passing, the bids, the exchanges with the reserve, the characters."""
    point = _bid_point(game, playout)
    table = decision.bids
    bids = _scored_bids(game, table, point, playout) if table.count else []
    scores: list[float] = [0] * decision.passes  # passing scores 0
    scores += bids
    swaps = decision.exchanges()
    round_card = game.bidding_card
    scores += [8 if taken.type == round_card else -5 for _, taken in swaps]
    scores += [25] * len(decision.uses)
    if swaps and playout:
        best_bid = max(bids, default=0.0)
        _score_exchanges(game, scores, decision.passes + len(bids), swaps, best_bid if best_bid > 0.0 else 0.0)
    return scores


def _scored_bids(game: Game, table: Any, point: float, playout: bool) -> list[float]:
    """Each bid's score (bids.BidTable): its value in points less the worth its cards keep in hand. Kept
    with the table of the hand's pattern, by the point's worth and each type's worth kept by place, which
    is all they depend on: the same hand patterns come back at many decisions."""
    kinds = table.kinds()
    keep = tuple([_keep_value(game, kind, playout) for kind in kinds])
    key = ("bot scores", point, keep)
    scores = table.remembered(key)
    if scores is None:
        if all(worth == int(worth) for worth in keep):  # whole numbers: their sum is the same in any order
            scores = [value * point - float(sum(map(mul, cards, keep))) for value, cards in table.by_place()]
        else:
            scores = []
            for value, cards in table.by_place():
                kept = 0.0
                for n, worth in zip(cards, keep):
                    for _ in range(n):  # card by card, in type order: fractions added in the same order as ever
                        kept += worth
                scores.append(value * point - kept)
        table.remember(key, scores)
    return scores


def _bid_point(game: Game, playout: bool) -> float:
    """What a point of bid is worth in the bidding round under way, against the cards it costs."""
    return ROUND_WORTH.get(game.bidding_card, 10) if playout else GREEDY_POINT


def _keep_value(game: Game, card_type: str, playout: bool) -> float:
    """What a card of this type is worth kept in hand rather than bid."""
    if card_type == game.bidding_card:
        return 0
    if not playout:
        if card_type == game.ruleset.part.wild_card:
            return 6
        return 1 if card_type in game.rounds_done else 5
    to_come = [r.card for r in game.ruleset.part.rounds if r.card != game.bidding_card and r.card not in game.rounds_done]
    if card_type == game.ruleset.part.wild_card:
        return max((ROUND_WORTH.get(card, 10) for card in to_come), default=0) * WILD_KEPT
    return ROUND_WORTH.get(card_type, 10) * LATER_KEPT if card_type in to_come else 0


def _score_exchanges(game: Game, scores: list[float], first: int, swaps: list[tuple[Any, Any]],
                     best_bid: float) -> None:
    """The playout policy's scores for the exchanges with the reserve offered in a bid decision (`swaps`,
    their cards out of the hand and in from the reserve, options from `first` on), given the best bid's
    score (or passing's, 0): a card of the round taken, the card given up waiting in the reserve for
    later; the greedy bot keeps them as `_bid_scores` gives them."""
    point = _bid_point(game, True)
    for i, (out_card, in_card) in enumerate(swaps, first):
        if in_card.type == game.bidding_card and out_card.type != game.bidding_card:
            scores[i] = best_bid + point - 0.1 * _keep_value(game, out_card.type, True)
        else:
            scores[i] = -100


def _score(game: Game, decision: Decision, index: int, judge: Judge,
           plain: Callable[[Decision, int, Any], float]) -> float:
    value = decision.value(index)  # no labels needed
    kind = decision.kind
    if kind == "draft":
        if value[0] == "pair":
            return sum(PAIR_WEIGHTS.get(c.type, 2) if c.type != game.ruleset.part.wild_card else 3 for c in value[1].cards)
        return 10
    if kind == "use" or kind == "sell":
        return 0 if value is None else 1
    if isinstance(value, Tile):  # a character: the one worth most by what it does
        worth = judge.character(game, decision.seat, value)
        return -worth if value in decision.seat.company else worth  # one of its own is given up
    if isinstance(value, PrestigeTile):
        return value.value
    if isinstance(value, Borough):  # raise the value of a borough where it leads
        me = decision.seat.index
        rivals = max([c for i, c in enumerate(value.counts) if i != me] + [value.neutral])
        return value.counts[me] - rivals
    if isinstance(value, str) and kind == "choose":  # a card type: the one it holds most of
        return sum(1 for card in decision.seat.reserve if card.type == value)
    if isinstance(value, list) and value and all(isinstance(v, Tile) for v in value):  # a start stack
        return sum(judge.character(game, decision.seat, t) for t in value)
    return plain(decision, index, value)


def _build_where_the_mayor_goes(game: Game) -> None:
    """Each seat's board skyscrapers built, one by one, in the boroughs the Mayor visits from now on;
    a Tom, who has no board, builds in each of them as many as he built on average where the Mayor
    has been (at most `TOM_MOST` in a borough)."""
    route = game.ruleset.part.numbers.mayor_route
    done = max(0, game.round - 1)  # game rounds whose borough the Mayor has left
    visited = [b for letter in route[:done] for b in game.boroughs if b.letter == letter]
    boroughs = [b for letter in route[done:] for b in game.boroughs if b.letter == letter]
    if not boroughs:
        return
    for seat in game.seats:
        if seat.is_tom:
            mine = seat.index
            rate = round(sum(b.counts[mine] for b in visited) / len(visited)) if visited else TOM_FIRST_ROUND
            for borough in boroughs:
                borough.counts[mine] = max(borough.counts[mine], min(TOM_MOST, borough.counts[mine] + rate))
            continue
        for borough in boroughs:  # skyscrapers are built only with skyscraper cards: a few a round
            built = min(BUILDS_PER_ROUND, seat.board)
            borough.counts[seat.index] += built
            seat.board -= built


BOTS = Bots()
