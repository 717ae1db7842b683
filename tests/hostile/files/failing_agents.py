"""Agents for `simulate --agent` whose own code fails (the hostile corpus)."""


class Raises:
    def choose(self, view):
        raise RuntimeError("a bug in the agent")


class NeedsArguments:
    def __init__(self, depth):
        self.depth = depth

    def choose(self, view):
        return 0


class Exits:
    """Ends the program as if all were well (sys.exit(0)) in the middle of a game."""

    def choose(self, view):
        import sys
        sys.exit(0)


class EndsItsProcess:
    """Ends its process at once, as a crash or os._exit does, in the game of seed 3 (its seat's seed is
    the game's seed * 31 + the seat)."""

    def __init__(self, seed):
        self.seed = seed

    def choose(self, view):
        import os
        if self.seed == 3 * 31:
            os._exit(0)
        return 0
