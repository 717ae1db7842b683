"""New York City's text views: a hand, the seats, characters and the elevator, the facts
above a question, and the ties in a borough the press track broke (for the final table)."""

from __future__ import annotations

from collections import Counter

from ..bids import bid_value, ranking
from ....engine.decisions import Decision
from ....engine.state import Game, Seat
from ..state import Tile
from ....table import views
from .characters import cost_text, one_line, phase_text
from ....table.colours import ansi_seat
from ....table.layout import wrap_items
from ....text import counted


def cards(zone: list) -> str:
    counts = Counter(card.type for card in zone)
    return " ".join(f"{n}x {kind}" if n > 1 else kind for kind, n in sorted(counts.items())) or "-"


def hand(game: Game, seat: Seat, rule: str = "") -> str:
    """The seat's cards, dollars, skyscrapers, points and bid; `rule` is the rule asking, if any."""
    held = f"{seat.name}: hand {cards(seat.hand)}; reserve {cards(seat.reserve)}"
    if len(held) > 79:  # on an 80-column terminal the reserve goes on a line of its own
        held = f"{seat.name}: hand {cards(seat.hand)};\n  reserve {cards(seat.reserve)}"
    lines = [held,
             f"  {counted(seat.dollars, 'dollar')}, {counted(seat.board, 'skyscraper')} on your player board, "
             f"{counted(seat.points, 'point')}, press space {seat.token.space}"]
    if seat.played or seat.virtual:
        parts = [cards(seat.played)] if seat.played else []
        if seat.virtual:
            parts.append(f"{' '.join(seat.virtual)} (from characters)")
        lines.append(f"  in your bid: {' + '.join(parts)} ({bid_worth(game, seat, rule)})")
    if seat.vessels:
        lines.append("  vessels: " + ", ".join(v.kind for v in seat.vessels))
    return "\n".join(lines)


def bid_worth(game: Game, seat: Seat, rule: str) -> str:
    """What the seat's bid is worth; in its round's action, with the highest bid's extra value."""
    worth = game.bids_made.get(seat) or bid_value(game, seat)
    rnd = next((r for r in game.ruleset.part.rounds if r.card == game.bidding_card), None)
    ranked = ranking(game)
    if rnd is not None and rnd.bonus_value and rule.startswith(f"{rnd.id} round") and ranked \
            and ranked[0][0] is seat:
        return f"worth {worth}, +{rnd.bonus_value} as the highest bid: {worth + rnd.bonus_value}"
    return f"worth {worth}"


def seats(game: Game, colour: bool = False) -> str:
    """Every seat: points, dollars, press place, skyscrapers, cards, vessels and whole company."""
    lines = []
    for s in game.seats:
        name = ansi_seat(s.name, s.index, colour)
        lines.append(f"{name} ({_seat_kind(s)}): {counted(s.points, 'point')}, {counted(s.dollars, 'dollar')}, press place "
                     f"{game.press.index(s.token) + 1} (space {s.token.space})")
        lines.append(f"  skyscrapers: {s.board} on the board, {sum(b.counts[s.index] for b in game.boroughs)} "
                     f"built; {len(s.hand)} cards in hand, {len(s.reserve)} in the reserve")
        lines += wrap_items("  vessels: ", [f"{v.kind} {v.ends[0].name} - {v.ends[1].name}"
                                                       for v in s.vessels] or ["none"])
        lines += wrap_items("  company: ", [_company_entry(s, t) for t in s.company] or ["none"],
                                       sep="; ")
    lines.append("(press place counts the neutral token; `info NAME` tells what a character does)")
    return "\n".join(lines)


def _seat_kind(seat: Seat) -> str:
    if seat.is_tom:
        return f"Tom {seat.tom_mode}{seat.tom_cards}"
    return "person" if seat.kind == "human" else seat.kind


def _company_entry(seat: Seat, tile: Tile) -> str:
    c = tile.char
    note = f"{c.phase}, {c.value}"
    if c.cost:
        note += f", {c.cost}$"
    if tile.uid in seat.used:
        note += ", used"
    return f"{c.id} {c.title} ({note})"


def characters(game: Game, seat: Seat) -> str:
    lines = [f"{seat.name}'s characters:"]
    for tile in seat.company:
        c = tile.char
        used = ", used this round" if tile.uid in seat.used else ""
        lines.append(f"  {c.id:>2} {c.title} (phase {c.phase}, value {c.value}, {cost_text(c)}{used})")
        lines.append(f"     {one_line(c, 75)}")
    if len(lines) == 1:
        lines.append("  none")
    return "\n".join(lines + [elevator(game)])


def elevator(game: Game) -> str:
    """The face-up characters of the elevator, row by row, each with its phase and what it does."""
    lines = ["Elevator (hire with a bid worth at least the value):"]
    for value in sorted(game.elevator_rows):
        tiles = game.elevator_rows[value]
        if not tiles:
            lines.append(f"  value {value}: empty")
        for t in tiles:
            head = f"  {value}: {t.char.id} {t.char.title} ({phase_text(t.char.phase)}) "
            lines.append(head + one_line(t.char, 80 - len(head)))
    return "\n".join(lines)


def decision_context(game: Game, decision: Decision) -> str:
    """The few facts that matter for this decision."""
    seat = decision.seat
    lines = []
    if decision.kind == "bid" and game.bids_made:
        lines.append("Bids so far: " + ", ".join(f"{s.name}: {v or 'passed'}" for s, v in game.bids_made.items()))
    if decision.kind == "draft":
        lines += wrap_items("Pairs on display: ", [p.name() for p in game.pairs], sep=" | ", indent=2)
    lines.append(hand(game, seat, decision.rule))
    return "\n".join(lines)


def final_scores(game: Game) -> str:
    """The final table (views.final_scores), then where the press track broke a tie in a borough."""
    return "\n".join([views.final_scores(game), *press_ties(game)])


def press_ties(game: Game) -> list[str]:
    """Where equal skyscrapers in a borough were ranked by the press track, in its order (the one ahead first)."""
    order = {id(token): i for i, token in enumerate(game.press)}
    lines = []
    for borough in game.boroughs:
        there = [(borough.counts[s.index], order[id(s.token)], s.name) for s in game.seats if borough.counts[s.index]]
        if borough.neutral:
            there.append((borough.neutral, order[id(game.neutral_token)], "the neutral player"))
        for count in sorted({n for n, _, _ in there}, reverse=True):
            tied = sorted((place, name) for n, place, name in there if n == count)
            if len(tied) > 1:
                names = [name for _, name in tied]
                lines.append(f"  {borough.name}, {count} each: " + ", then ".join(names))  # no verb to agree with "you"
    return ["Ties in a borough go to the seat ahead on the press track:", *lines] if lines else []
