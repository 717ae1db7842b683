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


class FirstOption:
    def choose(self, view) -> int:
        return 0


class KilledInGame:
    """Kills its own process with SIGKILL (as the out-of-memory killer does) in the game whose agent seed is
    given: a game's agent is made with seed `game_seed * 31 + seat`."""

    DOOMED = 7 * 31  # game seed 7, seat 0

    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, view) -> int:
        if self.seed == self.DOOMED:
            import os
            import signal
            os.kill(os.getpid(), signal.SIGKILL)
        return 0


class ReadsItsView:
    """Asks its view for the observation and the action ids at each decision, then takes the first option."""

    def choose(self, view) -> int:
        view.observation()
        view.legal_actions()
        return 0


class Peeks:
    """Reads another seat's hand through its view's session (which only a process of the game holds)."""

    def choose(self, view) -> int:
        other = (view.seat + 1) % len(view.seats)
        return len(view._session.state.seats[other].hand) % view.decision.count


class ExitsApart:
    """Ends its own process at its first decision."""

    def choose(self, view) -> int:
        import os
        os._exit(0)


class SearchesApart:
    """A small search through the copies an agent apart may ask for: each of its first three options is
    tried on a determinized copy and played out by random bots; the best for its seat is taken."""

    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, view) -> int:
        decision = view.decision
        if decision.count == 1:
            return 0
        copy = view.determinize(self.seed)
        assert copy.decision().seat == view.seat and copy.decision().count == decision.count
        best, best_points = 0, None
        for index in range(min(3, decision.count)):
            trial = copy.clone()
            trial.apply(index)
            points = trial.play_out(self.seed)[view.seat]["total"]
            if best_points is None or points > best_points:
                best, best_points = index, points
        return best


class DeterminizesOnce:
    """At each decision of more than one option, asks for one determinized copy and its decision; takes 0."""

    def choose(self, view) -> int:
        if view.decision.count > 1:
            view.determinize(7, agents={}).decision()  # nobody answers in the copy, in either mode
        return 0
