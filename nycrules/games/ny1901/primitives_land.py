"""New York 1901's primitives for land: districts, territories, estates, workers, territory cards,
start lots, and the cards dealt at setup (streets, bonus challenge, action cards).

Registered for rulesets of the game `ny1901` only (docs/games.md). Each reads the game's Geometry
(shared by its copies) and City (its state) through `table(f)`, the one place that says where the
engine keeps them. The rules (who may claim what, when) are the ruleset's; these are the moves
and the questions the rules are written with.
"""

from __future__ import annotations

from typing import Any

from ...engine import ops
from ...language import dsltypes
from ...language.registry import primitive
from ...primitives import require
from .board import StartLot, Street, Territory
from .city import FREE, OUT, City
from .geometry import Geometry, TerritoryCard

GAME = "ny1901"
LAND, CARDS = "New York 1901: land", "New York 1901: cards"

TYPES = {
    "territory": "a territory", "district": "a district", "territory_card": "a territory card",
    "street": "a street", "skyscraper": "a skyscraper tile", "spot": "a place for a skyscraper",
    "building": "a building on the board",
}
dsltypes.add_game_types(TYPES)

BONUS_CARDS = ("bronze_baron", "master_architect", "generation_king", "gold_tycoon", "gold_prestige")


def table(f: Any) -> tuple[Geometry, City]:
    """The game's board and tiles and its state: the first is the ruleset's part (part.py), the second
    what that part's setup put on the game."""
    game = f.game
    return game.ruleset.part.geometry, game.city


def _number(geometry: Geometry, territory: Territory) -> int:
    return geometry.territory_number(territory.id)


def _emit(f: Any, seat: Any, text: str) -> None:
    f.game.emit(seat, text)


# ------------------------------------------------------------------ districts and territories
@primitive("districts() -> list[district]", "Every district in play, in the board's order.", LAND, game=GAME)
def districts(f: Any) -> list:
    geometry, city = table(f)
    out = {geometry.board.territories[t].district for t, h in enumerate(city.holder) if h != OUT}
    return [d for d in geometry.board.districts if d in out]


@primitive("remove_district(district: district)", "The district is not played: its territories and their "
           "cards leave the game (2 seats: pink, 2.3).", LAND, game=GAME)
def remove_district(f: Any, district: str) -> None:
    geometry, city = table(f)
    city.remove_district(geometry, district)
    _emit(f, None, f"the {district} district is not played")


@primitive("free_territories() -> list[territory]", "The territories in play that are in no estate.", LAND,
           game=GAME)
def free_territories(f: Any) -> list:
    geometry, city = table(f)
    return [geometry.board.territories[t] for t, h in enumerate(city.holder) if h == FREE]


@primitive("estate(seat: seat) -> list[territory]", "The territories of the seat's estate.", LAND, game=GAME)
def estate(f: Any, seat: Any) -> list:
    geometry, city = table(f)
    return [geometry.board.territories[t] for t in city.territories_of(seat.index)]


@primitive("district(territory: territory) -> district", "The territory's district.", LAND, game=GAME)
def district(f: Any, territory: Territory) -> str:
    return territory.district


@primitive("squares(territory: territory) -> int", "How many squares the territory covers (2 or 3).", LAND,
           game=GAME)
def squares(f: Any, territory: Territory) -> int:
    return territory.size


@primitive("has_worker(territory: territory) -> bool", "Whether a worker stands on the territory.", LAND, game=GAME)
def has_worker(f: Any, territory: Territory) -> bool:
    geometry, city = table(f)
    return city.worker[_number(geometry, territory)]


@primitive("bare(seat: seat) -> list[territory]", "The territories of the seat's estate with neither a worker "
           "nor a building.", LAND, game=GAME)
def bare(f: Any, seat: Any) -> list:
    geometry, city = table(f)
    return [geometry.board.territories[t] for t in city.bare(geometry, seat.index)]


# ------------------------------------------------------------------ workers
@primitive("workers(seat: seat) -> int", "The seat's workers not on the board.", LAND, game=GAME)
def workers(f: Any, seat: Any) -> int:
    return table(f)[1].free_workers[seat.index]


@primitive("claim(seat: seat, territory: territory)", "Put a worker of the seat on a free territory: it joins "
           "the seat's estate for the rest of the game.", LAND, game=GAME)
def claim(f: Any, seat: Any, territory: Territory) -> None:
    geometry, city = table(f)
    number = _number(geometry, territory)
    require(f, city.holder[number] == FREE, "claim: {} is not free", territory)
    require(f, city.free_workers[seat.index] > 0, "claim: the seat has no worker left")
    city.claim(seat.index, number)
    _emit(f, seat, f"claims {territory}")


@primitive("place_worker(seat: seat, territory: territory)", "Put a worker on a territory of the seat's estate "
           "that has none.", LAND, game=GAME)
def place_worker(f: Any, seat: Any, territory: Territory) -> None:
    geometry, city = table(f)
    number = _number(geometry, territory)
    require(f, city.holder[number] == seat.index and not city.worker[number],
            "place_worker: {} is not the seat's, or has a worker", territory)
    require(f, city.free_workers[seat.index] > 0, "place_worker: the seat has no worker left")
    city.place_worker(seat.index, number)
    _emit(f, seat, f"puts a worker on {territory}")


@primitive("give_up(seat: seat, territory: territory)", "Take the seat's worker back from the territory, which "
           "leaves the estate and is free again (A14).", LAND, game=GAME)
def give_up(f: Any, seat: Any, territory: Territory) -> None:
    geometry, city = table(f)
    number = _number(geometry, territory)
    require(f, city.holder[number] == seat.index and city.worker[number],
            "give_up: no worker of the seat stands on {}", territory)
    city.give_up(seat.index, number)
    _emit(f, seat, f"takes a worker back from {territory}, which is free again")


# ------------------------------------------------------------------ start lots
@primitive("start_lots() -> list[territory]", "The free start lots of the districts in play.", LAND, game=GAME)
def start_lots(f: Any) -> list:
    geometry, city = table(f)
    lots = [geometry.board.territory(s.territory) for s in geometry.board.start_lots]
    return [t for t in lots if city.holder[_number(geometry, t)] == FREE]


@primitive("character(lot: territory) -> str", "The name of the character card whose symbol marks the start lot.",
           LAND, game=GAME)
def character(f: Any, lot: Territory) -> str:
    found: list[StartLot] = [s for s in table(f)[0].board.start_lots if s.territory == lot.id]
    require(f, bool(found), "character: {} is no start lot", lot)
    return found[0].character


@primitive("at_random(items: list[territory]) -> territory", "One of the territories, at random (the game's "
           "seeded dice).", LAND, changes=True, game=GAME)
def at_random(f: Any, items: list) -> Territory:
    require(f, bool(items), "at_random of an empty list")
    return items[ops.at_random(f.game, items)]


@primitive("start_on(seat: seat, lot: territory)", "The seat takes the start lot: it joins the estate with the "
           "starter building on it, and a territory card of its district and size moves from the deck onto "
           "the seat's character card (2.3).", LAND, game=GAME)
def start_on(f: Any, seat: Any, lot: Territory) -> None:
    geometry, city = table(f)
    number = _number(geometry, lot)
    require(f, city.holder[number] == FREE, "start_on: {} is not free", lot)
    starter = len(geometry.order) - 1
    spots = [s for s in geometry.spots(starter) if s.cells == lot.cells]
    require(f, bool(spots), "start_on: the starter building does not fit {}", lot)
    card = next((c for c in city.future if geometry.cards[c].district == lot.district
                 and geometry.cards[c].size == lot.size), None)
    require(f, card is not None, "start_on: no card of {} is left in the deck", lot)
    city.grant(seat.index, number)
    city.build(geometry, seat.index, spots[0])
    city.future.remove(card)  # type: ignore[arg-type]
    city.held[seat.index].append(card)  # type: ignore[arg-type]
    _emit(f, seat, f"starts on {lot} ({character(f, lot)}) with the starter building")


# ------------------------------------------------------------------ territory cards
@primitive("market() -> list[territory_card]", "The face-up cards of the Open Market.", CARDS, game=GAME)
def market(f: Any) -> list:
    geometry, city = table(f)
    return [geometry.cards[c] for c in city.open_market]


@primitive("future_size() -> int", "How many cards the face-down Future Market holds.", CARDS, game=GAME)
def future_size(f: Any) -> int:
    return len(table(f)[1].future)


@primitive("card_district(card: territory_card) -> district", "The district of the card.", CARDS, game=GAME)
def card_district(f: Any, card: TerritoryCard) -> str:
    return card.district


@primitive("card_squares(card: territory_card) -> int", "The size of territory the card is for (2 or 3).", CARDS,
           game=GAME)
def card_squares(f: Any, card: TerritoryCard) -> int:
    return card.size


@primitive("fits(card: territory_card) -> list[territory]", "The free territories of the card's district and "
           "size.", CARDS, game=GAME)
def fits(f: Any, card: TerritoryCard) -> list:
    return [t for t in free_territories(f) if t.district == card.district and t.size == card.size]


@primitive("held_cards(seat: seat) -> list[territory_card]", "The cards on the seat's character card.", CARDS,
           game=GAME)
def held_cards(f: Any, seat: Any) -> list:
    geometry, city = table(f)
    return [geometry.cards[c] for c in city.held[seat.index]]


@primitive("take_card(seat: seat, card: territory_card)", "Take a face-up card of the Open Market onto the seat's "
           "character card.", CARDS, game=GAME)
def take_card(f: Any, seat: Any, card: TerritoryCard) -> None:
    city = table(f)[1]
    require(f, card.number in city.open_market, "take_card: {} is not face up", card)
    city.take_card(seat.index, card.number)
    _emit(f, seat, f"takes the {card}")


@primitive("return_card(seat: seat, card: territory_card)", "A card from the seat's character card to the bottom "
           "of the Future Market (2.7).", CARDS, game=GAME)
def return_card(f: Any, seat: Any, card: TerritoryCard) -> None:
    city = table(f)[1]
    require(f, card.number in city.held[seat.index], "return_card: the seat does not hold {}", card)
    city.return_card(seat.index, card.number)
    _emit(f, seat, f"puts the {card} under the Future Market")


@primitive("shuffle_deck()", "Shuffle the cards of the Future Market.", CARDS, game=GAME)
def shuffle_deck(f: Any) -> None:
    ops.shuffle_in_view(f.game, table(f)[1].future)  # cards go under it: its whole order counts


@primitive("refill_market(size: int) -> bool", "Deal from the Future Market until `size` cards lie face up; "
           "false when it ran dry first.", CARDS, changes=True, game=GAME)
def refill_market(f: Any, size: int) -> bool:
    return table(f)[1].refill(size)


@primitive("shift_market(size: int)", "The face-up cards go under the Future Market, shuffled, and `size` new ones "
           "are dealt (Market Shift, A26).", CARDS, game=GAME)
def shift_market(f: Any, size: int) -> None:
    city = table(f)[1]
    gone = list(city.open_market)
    ops.shuffle_in_view(f.game, gone)
    city.open_market.clear()
    city.future.extend(gone)
    city.refill(size)


# ------------------------------------------------------------------ the cards dealt at setup
@primitive("deal_streets(count: int)", "Deal this many Streets of New York cards, at random.", CARDS, game=GAME)
def deal_streets(f: Any, count: int) -> None:
    geometry, city = table(f)
    letters = [s.letter for s in geometry.board.streets]
    ops.shuffle_in_view(f.game, letters)
    city.streets = letters[:max(count, 0)]
    _emit(f, None, "the Streets of New York in play: " + ", ".join(str(s) for s in streets_in_play(f)))


@primitive("streets_in_play() -> list[street]", "The streets whose Streets of New York cards were dealt.", CARDS,
           game=GAME)
def streets_in_play(f: Any) -> list[Street]:
    geometry, city = table(f)
    by_letter = {s.letter: s for s in geometry.board.streets}
    return [by_letter[letter] for letter in city.streets]


@primitive("deal_bonus()", "Deal one Bonus Challenge card at random.", CARDS, game=GAME)
def deal_bonus(f: Any) -> None:
    city = table(f)[1]
    city.bonus = BONUS_CARDS[ops.at_random(f.game, list(BONUS_CARDS))]
    _emit(f, None, f"the bonus challenge card in play: {city.bonus.replace('_', ' ')}")


@primitive("use_streets(names: list[str])", "Put these streets' Streets of New York cards in play (a variant's "
           "choice instead of a deal).", CARDS, game=GAME)
def use_streets(f: Any, names: list) -> None:
    geometry, city = table(f)
    by_name = {s.name: s.letter for s in geometry.board.streets}
    unknown = [n for n in names if n not in by_name]
    require(f, not unknown, "use_streets: no street is called {} on this board (the streets: {})",
            ", ".join(unknown), ", ".join(by_name))
    city.streets = [by_name[n] for n in names]
    _emit(f, None, "the Streets of New York in play: " + ", ".join(names))


@primitive("use_bonus(card: str)", "Put this Bonus Challenge card in play (a variant's choice instead of a deal).",
           CARDS, game=GAME)
def use_bonus(f: Any, card: str) -> None:
    require(f, card in BONUS_CARDS, "use_bonus: no bonus challenge card {} (the cards: {})", card,
            ", ".join(BONUS_CARDS))
    table(f)[1].bonus = card
    _emit(f, None, f"the bonus challenge card in play: {card.replace('_', ' ')}")


@primitive("bonus() -> str", "The id of the Bonus Challenge card in play (\"gold_tycoon\", ...).", CARDS, game=GAME)
def bonus(f: Any) -> str:
    return table(f)[1].bonus


@primitive("action_unused(seat: seat, card: str) -> bool", "Whether the seat's action card (\"market_shift\", ...) "
           "is still face up.", CARDS, game=GAME)
def action_unused(f: Any, seat: Any, card: str) -> bool:
    return card not in table(f)[1].used_actions[seat.index]


@primitive("use_action(seat: seat, card: str)", "Turn the seat's action card face down: it is used.", CARDS,
           game=GAME)
def use_action(f: Any, seat: Any, card: str) -> None:
    used = table(f)[1].used_actions[seat.index]
    require(f, card not in used, "use_action: {} is used already", card)
    used.append(card)
    _emit(f, seat, f"plays {card.replace('_', ' ')}")
