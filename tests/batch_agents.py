"""Agents for tests/test_batch.py, at a module's top level so that worker processes can import them."""


class SeededRandom:
    """Picks a legal option from its own seeded generator: a game's agent depends on its seed only."""

    def __init__(self, seed: int):
        import random
        self.rng = random.Random(seed)

    def choose(self, view) -> int:
        return self.rng.randrange(view.decision.count)


class LastOption:
    def choose(self, view) -> int:
        return view.decision.count - 1


class Answers999:
    def choose(self, view) -> int:
        return 999


class NoChoose:
    pass
