"""Checks that must hold after every event of every game."""

from __future__ import annotations

from nycrules.engine.state import Game


class Invariants:
    """Attached to a game, checks the table after each event; remembers points to see they never fall."""

    def __init__(self, game: Game):
        self.game = game
        self.points = {s.index: 0 for s in game.seats}
        self.checked = 0
        original = game.emit

        def emit(seat, text, kind="", public=None):
            original(seat, text, kind, public)
            self.check()
        game.emit = emit  # type: ignore[method-assign]

    def check(self) -> None:
        game = self.game
        self.checked += 1
        total = len(game.cards)
        assert total == sum(c.copies for c in game.ruleset.part.components.card_types) == 105
        zones = [game.deck, game.discard] + [p.cards for p in game.pairs]
        for seat in game.seats:
            zones += [seat.hand, seat.reserve, seat.played]
        assert sum(len(z) for z in zones) == total, "a card left every zone or is in two"
        for zone in zones:
            for card in zone:
                assert card.zone is zone
        last = game.ruleset.part.components.last_press_space
        for token in game.press:
            assert 0 <= token.space <= last
        spaces = [t.space for t in game.press]
        assert spaces == sorted(spaces, reverse=True), "the press ranking is out of order"
        for seat in game.seats:
            assert seat.dollars >= 0 and seat.board >= 0 and seat.points >= 0
            if not game.scoring_step and not game.finished:
                assert seat.points >= self.points[seat.index], "points fell before the final scoring"
            self.points[seat.index] = seat.points
            assert len(seat.reserve) <= seat.reserve_size
            held = [c.type for c in seat.hand] + [c.type for c in seat.reserve]
            for kind, n in seat.known.items():  # what everyone knows the seat holds, it holds
                assert held.count(kind) >= n >= 0, f"{seat.name} is known to hold {n} {kind}"
            if seat.is_tom:
                assert seat.dollars >= 0 and not seat.reserve and seat.board == 0
                assert not seat.used, "Tom used a character"
        for borough in game.boroughs:
            assert borough.neutral >= 0
            for seat in game.seats:
                assert borough.counts[seat.index] >= 0
                if seat.is_tom:
                    assert borough.counts[seat.index] <= 5, "Tom has more than five skyscrapers in a borough"
