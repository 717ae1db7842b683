"""Extra scenario helpers for the character tests: pairs, the press track, bidding turns.

    game, ann, ben = bare_table()               # two seats, no characters, scripted decisions
    set_pairs(game, "press dollar", "wild wild")
    set_press(game, (ben, 3), (ann, 1))         # top to bottom
    bid_turn(game, ann, "press")                # one bidding turn in the press round
    options(game)                               # the labels of the last decision asked
"""

from __future__ import annotations

from nycrules.games.nyc import bidding
from nycrules.engine.ops import move_card
from nycrules.engine.state import Game, Seat
from nycrules.games.nyc.state import Pair

import parts
from scenario import _take, clear_company, table


def bare_table(seats: int = 2, seed: int = 1) -> tuple:
    """A set-up game whose seats have no characters (so no unexpected offers)."""
    game = table(seats=seats, seed=seed)
    for seat in game.seats:
        clear_company(seat)
    return (game, *game.seats)


def set_pairs(game: Game, *pairs: str) -> None:
    """Replace the pairs on display with pairs of these card types ("press dollar", ...)."""
    for pair in game.pairs:
        for card in list(pair.cards):
            move_card(card, game.discard)
    game.pairs = []
    for spec in pairs:
        pair = Pair(game.pair_counter)
        game.pair_counter += 1
        for kind in spec.split():
            move_card(_take(game, kind), pair.cards)
        game.pairs.append(pair)


def set_press(game: Game, *placed: tuple[Seat, int]) -> None:
    """Put these seats' press tokens on these spaces; listed first is on top of a shared space."""
    for seat, space in placed:
        seat.token.space = space
    mine = [seat.token for seat, _ in placed]
    rest = [t for t in game.press if t not in mine]
    game.press = sorted(mine + rest, key=lambda t: -t.space)


def bid_turn(game: Game, seat: Seat, round_id: str) -> None:
    """One bidding turn of the seat in that bidding round (nothing bid yet by anyone)."""
    rnd = game.ruleset.part.round(round_id)
    game.bidding_card = rnd.card
    game.bids_made = {}
    bidding.bidding_turn(game, seat, rnd)


def bid_round(game: Game, round_id: str, start: Seat) -> Seat:
    """A whole bidding round with its evaluation; gives the seat that starts the next one."""
    return parts.bidding_round(game, game.ruleset.part.round(round_id), start)


def options(game: Game, index: int = -1) -> list[str]:
    """The option labels of a decision asked (the last one by default)."""
    return game.chooser.asked[index].labels()


def asked_seats(game: Game, kind: str) -> list[str]:
    """The names of the seats asked decisions of this kind, in order."""
    return [d.seat.name for d in game.chooser.asked if d.kind == kind]


def types(cards) -> list[str]:
    """The card types of a zone or list, sorted."""
    return sorted(c.type for c in cards)


def offered(game: Game, prefix: str) -> bool:
    """Whether any decision asked so far had an option starting with this label prefix."""
    return any(label.startswith(prefix) for d in game.chooser.asked for label in d.labels())
