"""New York City's observation tensor (its part's `tensor_layout`; engine/observation_tensor.py): the
observation its part gives (observation.py) as counts and one-hot codes, with no names and no tile numbers
(which copy of a character a tile is tells nothing); a slot for each seat the ruleset can seat.
"""

from __future__ import annotations

from math import comb
from typing import Any

from ...diagnostics import NycRulesError
from ...engine.action_space import multiset_rank, seat_slots
from ...engine.model import Ruleset

PAIR_SLOTS = 12  # pairs of the display, in their order (Tom takes the first)
# The scale of the numbers the rules do not bound: a seat's number beyond its cap shows as 1.
CAPS = {"skyscrapers per seat": 20, "Tom cards": 20, "dollars": 40, "skyscrapers on the player board": 30,
        "points": 200, "hand (count)": 20, "reserve (count)": 10, "reserve size": 10, "draft turns left": 5,
        "final scoring (per step)": 60, "bid value": 40}


class Layout:
    """Its segments' names, lengths and where each starts; `fill` writes one observation."""

    def __init__(self, ruleset: Ruleset):
        comp = ruleset.part.components
        self.types = [t.id for t in comp.card_types]
        self.type_index = {t: i for i, t in enumerate(self.types)}
        self.boroughs = [b.id for b in comp.boroughs]
        self.borough_index = {b: i for i, b in enumerate(self.boroughs)}
        self.letters = list(comp.sequence_tiles)
        self.chars = sorted(ruleset.part.characters)
        self.char_index = {c: i for i, c in enumerate(self.chars)}
        self.rows = sorted({c.value for c in ruleset.part.characters.values()})
        self.vessels = sum(len(kind.routes) for kind in comp.vessel_kinds)
        self.prestige = len(comp.prestige_tiles)
        self.steps = [s.id for s in ruleset.final_scoring]
        self.tom_modes = sorted(ruleset.part.tom.modes) if ruleset.part.tom else []
        self.stack_slots = len(comp.start_stacks)
        self.stack_depth = max((len(s) for s in comp.start_stacks), default=0)
        self.face_up = comp.face_up_per_row
        self.seats = seat_slots(ruleset)  # a slot per seat the ruleset can seat
        T, C, B, S = len(self.types), len(self.chars), len(self.boroughs), self.seats
        self.pair_kinds = T + comb(T + 1, 2)
        segments = [
            ("observing seat (one-hot)", S), ("seats in the game", S), ("game round", 1),
            ("bidding round card type (one-hot; first: none)", T + 1), ("bidding rounds done (per type)", T),
            ("final scoring step (one-hot; first: none)", len(self.steps) + 1), ("finished", 1),
            ("mayor's borough (one-hot; first: none)", B + 1), ("statue flipped", 1),
            ("press track places: whose token (one-hot per place: seats, then neutral)", (S + 1) * (S + 1)),
            ("press track places: space", S + 1),
        ]
        for b in self.boroughs:
            segments += [(f"{b}: letter (one-hot; first: unknown)", len(self.letters) + 1), (f"{b}: base value", 1),
                         (f"{b}: neutral skyscrapers", 1), (f"{b}: skyscrapers per seat", S),
                         (f"{b}: prestige tiles on it", self.prestige)]
        segments += [("vessels on the board", self.vessels), ("prestige display", self.prestige),
                     ("prestige stack (count)", 1)]
        for value in self.rows:
            segments += [(f"elevator row {value}: face-up characters by place (one-hot; first: empty)",
                          self.face_up * (C + 1)), (f"elevator row {value}: stack (count)", 1)]
        segments += [("start stacks: characters by stack and place (one-hot; first: empty)",
                      self.stack_slots * self.stack_depth * (C + 1)),
                     ("display pairs by place (one-hot of the pair's types; first: empty)",
                      PAIR_SLOTS * (self.pair_kinds + 1)),
                     ("cards taken this draft turn (per type)", T), ("draw pile (count)", 1),
                     ("discard pile (per type)", T), ("bids made (per seat: made, value)", 2 * S),
                     ("last bidder (one-hot; first: none)", S + 1)]
        for s in range(S):
            p = f"seat {s}: "
            segments += [(p + "kind (person, bot, Tom)", 3), (p + "Tom mode (one-hot)", len(self.tom_modes)),
                         (p + "Tom cards", 1), (p + "dollars", 1), (p + "skyscrapers on the player board", 1),
                         (p + "points", 1), (p + "press space", 1), (p + "company (per character)", C),
                         (p + "used this round (per character)", C), (p + "vessels", self.vessels),
                         (p + "hand (count)", 1), (p + "reserve (count)", 1), (p + "reserve size", 1),
                         (p + "played cards (per type)", T), (p + "played cards counted as (per type, weighted)", T),
                         (p + "added to the bid by characters (per type)", T), (p + "draft turns left", 1),
                         (p + "cards known to be in hand or reserve (per type)", T),
                         (p + "final scoring (per step)", len(self.steps)),
                         (p + "hand (per type; the observing seat only)", T),
                         (p + "reserve (per type; the observing seat only)", T)]
        self.segments = segments
        self.start: dict[str, int] = {}
        at = 0
        for name, size in segments:
            self.start[name] = at
            at += size
        self.size = at
        # What each number is divided by, so that the tensor lies in [0, 1] (a number beyond it is 1).
        self.scales = {name: self._scale(ruleset, name) for name, _ in segments}
        self.factors = [1.0 / scale for name, size in segments for scale in self._per_place(name, size)]

    def _per_place(self, name: str, size: int) -> list[float]:
        scale = self.scales[name]
        return [float(scale[i % len(scale)]) for i in range(size)] if isinstance(scale, tuple) else [float(scale)] * size

    @staticmethod
    def _scale(ruleset: Ruleset, name: str) -> float | tuple[float, ...]:
        """A segment's scale: the most the rules allow where they bound it, else a cap (CAPS)."""
        comp, numbers = ruleset.part.components, ruleset.part.numbers
        field = name.split(": ", 1)[-1]
        copies = max((t.copies for t in comp.card_types), default=1)
        char_copies = max((c.copies for c in ruleset.part.characters.values()), default=1)
        bounded = {"game round": numbers.rounds, "press track places: space": comp.last_press_space,
                   "base value": max(comp.base_values, default=1),
                   "neutral skyscrapers": max(numbers.neutral_skyscrapers_per_borough, 1),
                   "prestige stack (count)": max(len(comp.prestige_tiles), 1),
                   "draw pile (count)": sum(t.copies for t in comp.card_types),
                   "press space": comp.last_press_space, "company (per character)": char_copies,
                   "used this round (per character)": char_copies,
                   "played cards counted as (per type, weighted)": 2 * copies,
                   "bids made (per seat: made, value)": (1, CAPS["bid value"])}
        for key in (name, field):
            if key in bounded:
                return bounded[key]
            if key in CAPS:
                return CAPS[key]
        if name.startswith("elevator row") and field == "stack (count)":
            value = int(name.split()[2].rstrip(":"))
            return max(sum(c.copies for c in ruleset.part.characters.values() if c.value == value), 1)
        if "per type" in field and field != "bidding rounds done (per type)":
            return copies  # cards of a type
        return 1  # a one-hot code or a yes/no

    def fill(self, obs: dict[str, Any], scaled: bool = True) -> list[float]:
        """The tensor of one observation: scaled to [0, 1] (`scales`), or the numbers as they are."""
        out = [0.0] * self.size
        T, C, S = len(self.types), len(self.chars), self.seats
        start, factors, touched = self.start, self.factors, []

        def put(name: str, offset: int, value: float = 1.0) -> None:
            place = start[name] + offset
            out[place] += value * factors[place] if scaled else value
            touched.append(place)

        def counts(name: str, kinds: list[str]) -> None:
            for kind in kinds:
                put(name, self.type_index[kind])

        put("observing seat (one-hot)", obs["seat"])
        for seat in obs["seats"]:
            put("seats in the game", seat["index"])
        put("game round", 0, obs["round"])
        put("bidding round card type (one-hot; first: none)", self.type_index[obs["bidding_round"]] + 1
            if obs["bidding_round"] else 0)
        counts("bidding rounds done (per type)", obs["bidding_rounds_done"])
        put("final scoring step (one-hot; first: none)", self.steps.index(obs["scoring_step"]) + 1
            if obs["scoring_step"] else 0)
        put("finished", 0, float(obs["finished"]))
        put("mayor's borough (one-hot; first: none)", self.borough_index[obs["mayor"]] + 1 if obs["mayor"] else 0)
        put("statue flipped", 0, float(obs["statue_flipped"]))
        for place, (owner, space) in enumerate(obs["press"]):
            put("press track places: whose token (one-hot per place: seats, then neutral)",
                place * (S + 1) + (S if owner is None else owner))
            put("press track places: space", place, space)
        for b in obs["boroughs"]:
            name = b["id"]
            put(f"{name}: letter (one-hot; first: unknown)", self.letters.index(b["letter"]) + 1
                if b["letter"] in self.letters else 0)
            put(f"{name}: base value", 0, b["base"])
            put(f"{name}: neutral skyscrapers", 0, b["neutral"])
            for seat, n in enumerate(b["skyscrapers"]):
                put(f"{name}: skyscrapers per seat", seat, n)
            for tile_id, _colour, _value in b["prestige"]:
                put(f"{name}: prestige tiles on it", tile_id)
        for vessel in obs["vessels_on_board"]:
            put("vessels on the board", vessel)
        for tile_id, _colour, _value in obs["prestige_display"]:
            put("prestige display", tile_id)
        put("prestige stack (count)", 0, obs["prestige_stack"])
        for value, row in obs["elevator"].items():
            if int(value) not in self.rows or len(row["face_up"]) > self.face_up:
                raise NycRulesError(f"the observation tensor has no place for elevator row {value}")
            for place, (_uid, char) in enumerate(row["face_up"]):
                put(f"elevator row {value}: face-up characters by place (one-hot; first: empty)",
                    place * (C + 1) + self.char_index[char] + 1)
            put(f"elevator row {value}: stack (count)", 0, row["stack"])
        for stack_place, stack in enumerate(obs["start_stacks"]):
            for depth, (_uid, char) in enumerate(stack):
                put("start stacks: characters by stack and place (one-hot; first: empty)",
                    (stack_place * self.stack_depth + depth) * (C + 1) + self.char_index[char] + 1)
        if len(obs["pairs"]) > PAIR_SLOTS:
            raise NycRulesError(f"the observation tensor has places for {PAIR_SLOTS} pairs, not {len(obs['pairs'])}")
        for place, pair in enumerate(obs["pairs"]):
            kinds = sorted(self.type_index[kind] for kind in pair)
            code = 0 if not kinds else kinds[0] + 1 if len(kinds) == 1 else T + 1 + multiset_rank(kinds, T)
            put("display pairs by place (one-hot of the pair's types; first: empty)", place * (self.pair_kinds + 1) + code)
        counts("cards taken this draft turn (per type)", obs["taken_this_turn"])
        put("draw pile (count)", 0, obs["draw_pile"])
        counts("discard pile (per type)", obs["discard_pile"])
        for seat, value in obs["bids"].items():
            put("bids made (per seat: made, value)", 2 * int(seat))
            put("bids made (per seat: made, value)", 2 * int(seat) + 1, value)
        put("last bidder (one-hot; first: none)", 0 if obs["last_bidder"] is None else obs["last_bidder"] + 1)
        for seat in obs["seats"]:
            p = f"seat {seat['index']}: "
            kind = seat["kind"]
            put(p + "kind (person, bot, Tom)", 2 if kind == "tom" else 1 if kind.startswith("bot") else 0)
            if seat["tom_mode"]:
                put(p + "Tom mode (one-hot)", self.tom_modes.index(seat["tom_mode"]))
            for name, field in [("Tom cards", "tom_cards"), ("dollars", "dollars"), ("points", "points"),
                                ("skyscrapers on the player board", "board"), ("press space", "press_space"),
                                ("hand (count)", "hand_count"), ("reserve (count)", "reserve_count"),
                                ("reserve size", "reserve_size"), ("draft turns left", "draft_turns_left")]:
                put(p + name, 0, seat[field])
            company = {uid: char for uid, char in seat["company"]}
            for char in company.values():
                put(p + "company (per character)", self.char_index[char])
            for uid in seat["used"]:
                if uid in company:
                    put(p + "used this round (per character)", self.char_index[company[uid]])
            for vessel in seat["vessels"]:
                put(p + "vessels", vessel)
            for kind, counted_as, weight in seat["played"]:
                put(p + "played cards (per type)", self.type_index[kind])
                put(p + "played cards counted as (per type, weighted)", self.type_index[counted_as], weight)
            counts(p + "added to the bid by characters (per type)", seat["added_to_bid"])
            for kind, n in seat["known_cards"].items():
                put(p + "cards known to be in hand or reserve (per type)", self.type_index[kind], n)
            for step, points in seat["scores"].items():
                put(p + "final scoring (per step)", self.steps.index(step), points)
            counts(p + "hand (per type; the observing seat only)", seat.get("hand", []))
            counts(p + "reserve (per type; the observing seat only)", seat.get("reserve", []))
        if scaled:
            for place in touched:
                value = out[place]
                if not 0.0 <= value <= 1.0:
                    out[place] = 0.0 if value < 0.0 else 1.0
        return out
