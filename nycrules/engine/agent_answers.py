"""What an agent answers at a decision: the index of one of its options, checked here; an agent
that cannot answer is an AgentError that names it, its seat and the decision."""

from __future__ import annotations

import operator

from typing import Any

from ..diagnostics import ArgumentTypeError, NycRulesError
from ..text import shown_clipped
from .decisions import Decision


class AgentError(NycRulesError):
    """An agent that cannot answer (no `choose`), or that answered something that is not an option."""


def agent_map(agents: Any) -> dict[int, Any]:
    """The agents a caller seats: a dict of seat index -> agent (or None), else a one-line TypeError."""
    if agents is not None and not isinstance(agents, dict):
        raise ArgumentTypeError(f"agents map a seat index to an agent, e.g. {{1: MyAgent()}}; not "
                                f"{shown_clipped(repr(agents), 40)} ({type(agents).__name__})")
    return agents or {}


def checked_answer(answer: object, decision: Decision, position: int, agent: object) -> int:
    """An agent's answer must be the index of an option: a whole number (not True, not 1.0) in range."""
    if type(answer) is int and 0 <= answer < decision.count:  # the usual answer, checked at once
        return answer
    try:
        index = -1 if isinstance(answer, bool) else operator.index(answer)  # numpy's integers too
    except TypeError:
        index = -1
    if not 0 <= index < decision.count:
        raise AgentError(f"the agent {agent_name(agent)} for seat {decision.seat.name} answered "
                         f"{shown_clipped(repr(answer), 40)} to decision {position + 1} ({about(decision)}); "
                         f"an answer is the index of an option, 0-{decision.count - 1}")
    return index


def about(decision: Decision) -> str:
    """A decision in a message: its kind and the start of its prompt."""
    prompt = decision.prompt if len(decision.prompt) <= 60 else decision.prompt[:60] + "..."
    return f"{decision.kind}: {prompt}"


def agent_name(agent: object) -> str:
    """An agent as a user named it: module.Class."""
    return f"{type(agent).__module__}.{type(agent).__qualname__}"
