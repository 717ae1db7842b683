"""More scenario helpers: a bare table, a hand-set press track, bids placed by hand.

    game = bare(3)                              # no characters, money, cards or skyscrapers
    ann, ben, cat = game.seats
    set_press(game, (ben, 4), (None, 4), (ann, 2), (cat, 0))   # None is the neutral token
    bids(game, "dollar", {ann: "dollar dollar", ben: "dollar"})  # place and evaluate
"""

from __future__ import annotations

from collections import Counter

from nycrules.games.nyc.bidding import evaluate_bids
from nycrules.games.nyc.bids import bid_value
from nycrules.engine.ops import move_card
from nycrules.engine.scoring import final_scoring
from nycrules.engine.state import Game, Seat
from nycrules.games.nyc.state import PrestigeTile, Vessel

from scenario import _take, clear_company, give, table


def bare(seats: int = 3, seed: int = 1) -> Game:
    """A set-up table emptied of everything a seat owns, so a test adds only what it checks.

    Every seat: no characters, dollars, board skyscrapers, cards, vessels or points, and
    no skyscraper in any borough; no neutral skyscrapers; all press tokens on space 0 in
    seat order, the neutral token on its usual start space.
    """
    game = table(seats=seats, seed=seed)
    for seat in game.seats:
        clear_company(seat)
        give(game, seat, hand="", reserve="", dollars=0, board=0)
        seat.points = 0
    for b in game.boroughs:
        b.counts = [0] * seats
        b.neutral = 0
    set_press(game, (None, game.neutral_token.space), *[(s, 0) for s in game.seats])
    return game


def set_press(game: Game, *ranking: tuple[Seat | None, int]) -> None:
    """Rebuild the press track: (seat or None for the neutral token, space), first = farthest ahead."""
    spaces = [space for _, space in ranking]
    assert spaces == sorted(spaces, reverse=True), "list the tokens from the farthest ahead"
    tokens = []
    for who, space in ranking:
        token = game.neutral_token if who is None else who.token
        token.space = space
        tokens.append(token)
    assert len(tokens) == len(game.seats) + 1, "place every token, the neutral one included"
    game.press[:] = tokens


def press_names(game: Game) -> list[str]:
    """The press ranking as names, 'neutral' for the neutral token."""
    return [t.seat.name if t.seat else "neutral" for t in game.press]


def place_bid(game: Game, seat: Seat, cards: str) -> int:
    """Put cards of these types in the seat's bid (taken from the piles) and record its value."""
    for kind in cards.split():
        move_card(_take(game, kind), seat.played)
    game.bids_made[seat] = bid_value(game, seat)
    return game.bids_made[seat]


def bids(game: Game, round_id: str, by_seat: dict[Seat, str]) -> None:
    """Run the evaluation of one bidding round after these bids; seats not named pass."""
    rnd = game.ruleset.part.round(round_id)
    game.bidding_card = rnd.card
    game.bids_made = {seat: 0 for seat in game.seats}
    for seat, cards in by_seat.items():
        place_bid(game, seat, cards)
    evaluate_bids(game, rnd)


def show_prestige(game: Game, *tiles: tuple[str, int]) -> list[PrestigeTile]:
    """Put these prestige tiles (colour, value) on display, taken from the stack."""
    shown = []
    for colour, value in tiles:
        tile = next(t for t in game.prestige_stack if t.colour == colour and t.value == value)
        game.prestige_stack.remove(tile)
        shown.append(tile)
    game.prestige_display[:] = shown
    return shown


def vessel(game: Game, kind: str, a: str, b: str) -> Vessel:
    """The vessel of this kind on the connection between boroughs a and b."""
    return next(v for v in game.vessels if v.kind == kind and {e.id for e in v.ends} == {a, b})


def give_vessels(game: Game, seat: Seat, *kinds: str) -> None:
    """The seat takes one board vessel of each listed kind (a kind may repeat)."""
    for kind in kinds:
        v = next(v for v in game.board_vessels if v.kind == kind)
        game.board_vessels.remove(v)
        seat.vessels.append(v)


def build_in(game: Game, seat: Seat, **counts: int) -> None:
    """Set the seat's skyscrapers per borough: build_in(game, ann, brooklyn=3, queens=1)."""
    for ident, n in counts.items():
        game.borough_by_id[ident].counts[seat.index] = n


def score(game: Game) -> dict[str, dict[str, int]]:
    """Run the final scoring; each seat's points per category, by seat name."""
    final_scoring(game)
    return {seat.name: dict(seat.scores) for seat in game.seats}


def asked_seats(game: Game, kind: str = "bid") -> list[str]:
    """Names of the seats asked decisions of this kind, in order."""
    return [d.seat.name for d in game.chooser.asked if d.kind == kind]


def kinds_of(cards) -> Counter:
    return Counter(card.type for card in cards)
