"""A session's methods in the style of OpenSpiel: the fixed action space, the observation as
numbers, the information state, the returns (docs/api.md, "For research")."""

from __future__ import annotations

from numbers import Integral
from typing import TYPE_CHECKING, Any

from ..diagnostics import NycRulesError
from .scoring import winners

if TYPE_CHECKING:
    from .decisions import Decision


class ResearchMethods:
    """Mixed into Session (runner.py), whose decision(), apply(), history, events() and state it reads."""

    _actions_of: "tuple[Decision, dict[int, int]] | None"

    def action_space(self) -> Any:
        """The ruleset's numbering of option keys (`nycrules.action_space.ActionSpace`)."""
        from .action_space import action_space
        return action_space(self.ruleset)

    def num_distinct_actions(self) -> int:
        return self.action_space().size

    def current_player(self) -> int | None:
        """The seat whose decision is waiting, or None when the game is over."""
        decision = self.decision()
        return None if decision is None else decision.seat.index

    def legal_actions(self) -> list[int]:
        """The action ids of the waiting decision's options, in rising order (empty when over)."""
        return sorted(self._actions())

    def legal_actions_mask(self) -> list[int]:
        """1 at each action id the seat to move may take, 0 elsewhere."""
        mask = [0] * self.num_distinct_actions()
        for action in self._actions():
            mask[action] = 1
        return mask

    def action_key(self, action: int) -> str:
        """The option key of an action id (a list's, among the waiting decision's options)."""
        decision = self.decision()
        return self.action_space().key_of(action, None if decision is None else [o.key for o in decision.options])

    def apply_action(self, action: int) -> None:
        """Answer the waiting decision with the option whose action id this is; then play on."""
        actions = self._actions()
        if isinstance(action, bool) or not isinstance(action, Integral) or action not in actions:
            decision = self.decision()
            if decision is None:
                raise NycRulesError("the game is over: there is no decision to answer")
            legal = sorted(actions)
            raise NycRulesError(f"action {action!r} is not legal at this decision ({decision.kind} of "
                                f"{decision.seat.name}); legal: {', '.join(map(str, legal[:8]))}"
                                f"{', ...' if len(legal) > 8 else ''}")
        self.apply(actions[int(action)])

    def _actions(self) -> dict[int, int]:
        """Action id -> option index of the waiting decision."""
        decision = self.decision()
        if decision is None:
            return {}
        if self._actions_of is not None and self._actions_of[0] is decision:
            return self._actions_of[1]  # legal_actions and then apply_action: worked out once
        space = self.action_space()
        actions: dict[int, int] = {}
        options = decision.options
        for index, action in enumerate(space.actions_of([option.key for option in options])):
            option = options[index]
            if action in actions:
                raise NycRulesError(f"two options of one decision ({decision.kind}, keys "
                                    f"{decision.option(actions[action]).key!r} and {option.key!r}) have one action id")
            actions[action] = index
        self._actions_of = (decision, actions)
        return actions

    def observation_tensor(self, seat: int) -> list[float]:
        """`observation(seat)` as a flat list of numbers (layout: engine/observation_tensor.py)."""
        from .observation_tensor import observation_tensor
        return observation_tensor(self.ruleset, self.observation(seat))

    def information_state_string(self, seat: int) -> str:
        """All the seat has seen: its observation now, its own decisions (option taken of how
        many) and the log as it saw it. Equal for games the seat cannot tell apart."""
        import json
        own = [(index, count) for who, index, count in self.history if who == seat]
        log = "\n".join(f"{event.seat}: {event.text}" for event in self.events(seat))
        return f"seat {seat}\n{json.dumps(self.observation(seat), sort_keys=True)}\nmy decisions {own}\n{log}"

    def winners(self) -> list[int]:
        """The seats that won once the game is over (more than one when the ruleset lets seats equal on
        every key of its `winner:` share the victory); empty before."""
        state = self._state()
        return [seat.index for seat in winners(state)] if state.finished else []

    def returns(self) -> list[tuple[float, int]]:
        """Per seat: (win share, points): the winner's share is 1.0, every other's 0.0; seats sharing the
        victory (a ruleset's `winner: {shared: true}`) share 1.0 equally (all 0.0 until the game is over)."""
        state = self._state()
        won = [seat.index for seat in winners(state)] if state.finished else []
        return [(1.0 / len(won) if seat.index in won else 0.0, seat.points) for seat in state.seats]

