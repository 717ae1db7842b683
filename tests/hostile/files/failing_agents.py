"""Agents for `simulate --agent` whose own code fails (the hostile corpus)."""


class Raises:
    def choose(self, view):
        raise RuntimeError("a bug in the agent")


class NeedsArguments:
    def __init__(self, depth):
        self.depth = depth

    def choose(self, view):
        return 0
