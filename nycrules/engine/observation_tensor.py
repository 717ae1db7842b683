"""A seat's observation as a flat list of numbers, with a fixed layout per ruleset.

The tensor is made from `observation(seat)` alone (engine/information.py), so it holds
exactly what the seat may know: counts and one-hot codes of the same facts, with no
names. Seats are in their table order, a slot for each seat the ruleset can seat; a slot
of a missing seat is zeros. The layout is its game's part's (`tensor_layout`:
engine/game_tensor.py for a game that gives its own segments, or a layout of its own):
`segments` lists them in order as (name, length), `fill(observation, scaled)` writes one
observation; the table in docs/api.md is made from it.
"""

from __future__ import annotations

from typing import Any

from .model import Ruleset


def layout(ruleset: Ruleset) -> Any:
    """The ruleset's tensor layout (made once per loaded ruleset)."""
    made = ruleset.setup_cache.get("observation tensor")
    if made is None:
        made = ruleset.setup_cache["observation tensor"] = ruleset.part.tensor_layout(ruleset)
    return made


def observation_tensor(ruleset: Ruleset, observation: dict[str, Any], scaled: bool = True) -> list[float]:
    """The flat tensor of one observation (see the module's docstring): in [0, 1], or unscaled."""
    return layout(ruleset).fill(observation, scaled)


# ------------------------------------------------------------------ the information state as numbers
OWN_CAP = 4  # an own move taken this many times or more shows as 1
DECISIONS_CAP = 256  # decisions of a seat this game: this many or more show as 1


def information_state_segments(ruleset: Ruleset) -> list[tuple[str, int]]:
    """The information-state tensor's segments: the observation's, then the seat's own moves (per
    action id) and the decisions taken by each seat slot (the public order of turns)."""
    from .action_space import action_space
    made = ruleset.setup_cache.get("information state segments")
    if made is not None:
        return made
    tensor = layout(ruleset)
    made = ruleset.setup_cache["information state segments"] = [("observation (the observation tensor)", tensor.size),
            (f"own moves this game (per action id: times taken / {OWN_CAP}, at most 1)", action_space(ruleset).size),
            (f"decisions taken this game (per seat slot: / {DECISIONS_CAP}, at most 1)", tensor.seats)]
    return made


def information_state_tensor(ruleset: Ruleset, observation: list[float], own_actions: list[int],
                             deciders: list[int]) -> list[float]:
    """What a seat has seen, as numbers of a fixed size per ruleset: its observation tensor, the action
    ids of its own moves so far, and the seat of every decision taken so far (`deciders`)."""
    size = sum(n for _, n in information_state_segments(ruleset))
    out = list(observation) + [0.0] * (size - len(observation))
    for place, value in history_numbers(ruleset, own_actions, deciders).items():
        out[place] = value
    return out


def history_numbers(ruleset: Ruleset, own_actions: list[int], deciders: list[int]) -> dict[int, float]:
    """The places of the information-state tensor after the observation that are not 0, and their numbers."""
    own_start = layout(ruleset).size
    seats_start = own_start + information_state_segments(ruleset)[1][1]
    out: dict[int, float] = {}
    for action in own_actions:
        place = own_start + action
        out[place] = min(out.get(place, 0.0) + 1.0 / OWN_CAP, 1.0)
    for seat in deciders:
        place = seats_start + seat
        out[place] = min(out.get(place, 0.0) + 1.0 / DECISIONS_CAP, 1.0)
    return out
