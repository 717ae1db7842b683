"""`hint` at the play prompt: the search bot's suggestion for the decision at hand, from the person's seat."""

import io
import random
import re

import nycrules
from nycrules.agents import GreedyAgent
from nycrules.engine.information import determinize
from nycrules.table.hints import hint
from nycrules.loading.loader import load_ruleset
from nycrules.table.play import PlayGame
from nycrules.table.terminal import Terminal
from nycrules.agents.seating import parse_seats


def test_hint_at_the_prompt_suggests_an_option_and_leaves_the_decision_open(tmp_path):
    rules = load_ruleset("nyc")
    out = io.StringIO()
    answers = io.StringIO("hint\n1\nhint\nquit\n")
    game = PlayGame(rules, parse_seats(["Ann", "tom:B4"], rules), 3, Terminal(answers, out, False),
                    autosave=tmp_path / "autosave.json")
    assert game.run() == 0
    text = re.sub(r"\n {4}", " ", out.getvalue())  # a line broken to fit 80 columns, joined again
    hints = [m.start() for m in re.finditer(r"^Hint: ", text, re.M)]
    assert len(hints) == 2
    assert "short games played to the start of game round 3," in text  # two game rounds ahead (search.HORIZON)
    for start in hints:
        block = text[start:text.index("Ann> ", start)].split("\n")
        suggested = block[0].removeprefix("Hint: ")
        menu = text[text.rindex("Ann: ", 0, start):start]
        assert re.search(rf"^\s*\d+\. {re.escape(suggested)}", menu, re.M), (suggested, menu)  # one of the options
        # valued by the learned evaluation at the next game round: the margin over Tom by the end
        figures = [line for line in block if re.search(r": (keeps you \d+ points ahead of|leaves you \d+ points behind|"
                                                       r"keeps you level with) Tom by the end, estimated \(\d+ games\)$",
                                                       line)]
        assert figures and figures[0].strip().startswith(suggested)  # the suggestion's expected points come first
    assert game.session.record == [0]  # the hints took no decision; only the `1` did


def test_a_hint_knows_what_the_seat_knows_only():
    """Re-deal what Ann cannot see: the hint is the same, word for word."""
    game = nycrules.new_game(["Ann", "bot:greedy"], seed=8, log_events=False)
    ann = GreedyAgent(8)
    while game.state.round < 2 or game.decision().kind != "bid":
        game.apply(ann.choose(game, game.decision()))
    said = hint(game, game.decision())
    twin = game.clone()
    determinize(twin.state, 0, random.Random(5))  # the greedy bot's hand, the draw pile, the stacks
    assert [c.id for c in twin.state.seats[1].hand] != [c.id for c in game.state.seats[1].hand]
    assert hint(twin, twin.decision()) == said
    assert said.startswith("Hint: ")


def test_an_exchange_suggested_without_playouts_is_typed_as_the_hint_shows_it(monkeypatch):
    """Before a bid, the hint may suggest an exchange by rule of thumb; its first line is the
    option's label alone, which a person can type at the prompt as it stands."""
    from nycrules.games.nyc.table import answers
    from nycrules.table import hints

    game = nycrules.new_game(["Ann", "Ben"], seed=5)
    answers_given = random.Random(5)
    while True:
        decision = game.decision()
        swaps = [i for i, o in enumerate(decision.options) if o.key.startswith("swap:")]
        if decision.seat.index == 0 and swaps:
            break
        game.apply(answers_given.randrange(decision.count))

    class RuleOfThumb:  # what the search bot does when it plays no playout: an exchange
        def __init__(self, seed, per_table=False, explain=False):
            self.last_search = {}

        def search(self, session, asked, me):
            return swaps[0]

    monkeypatch.setattr(hints, "MCTSAgent", RuleOfThumb)
    first_line = hints.hint(game, decision).split("\n")[0].removeprefix("Hint: ")
    assert answers.read_answer(game.state, decision, first_line, lambda *a: None) == swaps[0]


def test_a_hint_writes_bids_as_the_menu_does_and_says_how_it_ranks():
    """The hint names options as the menu shows them (`2x skyscraper`, not `skyscraper skyscraper (1)`)
    and says that it ranks them by the lead over the best other seat, not by points."""
    from nycrules.games.nyc.table import menus

    game = nycrules.new_game(["Ann", "bot:greedy"], seed=8, log_events=False)
    ann = GreedyAgent(8)
    while game.state.round < 2 or game.decision().kind != "bid":
        game.apply(ann.choose(game, game.decision()))
    decision = game.decision()
    said = hint(game, decision)
    menu = "\n".join(menus.option_lines(game.state, decision, every=True))
    text = re.sub(r"\n {4}", " ", said)
    assert "best other seat" in text and "not by points" in text
    named = [said.split("\n")[0].removeprefix("Hint: ")] + \
            [re.split(r": (about|keeps you|leaves you) ", line.strip())[0] for line in said.split("\n")[2:4]]
    for name in named:
        assert re.search(rf"\d+\. {re.escape(name)}(   |$| \()", menu, re.M), (name, menu)


def test_a_hint_in_a_mod_without_its_own_evaluation_says_it_uses_playouts_alone():
    game = nycrules.new_game(["Ann", "tom:1"], seed=4, ruleset="rulesets/examples/critic_boost.yaml")
    said = hint(game, game.decision())
    assert re.search(r": about \d+ points, (\d+ ahead|\d+ behind|level) \(\d+ games\)$", said, re.M)
    assert "(playouts alone: the shipped evaluation was trained for the shipped rules, not this mod" in said


def test_a_hint_in_a_game_played_in_turns_says_how_far_its_games_ran():
    # New York 1901's search plays each option to the seat's next turn (agents/search.py), not to the end.
    session = nycrules.new_game(["you", "bot:greedy"], seed=4, ruleset="ny1901")
    decision = session.decision()
    while decision is not None and decision.count < 2:
        session.apply(0)
        decision = session.decision()
    text = " ".join(hint(session, decision).split())
    assert "short games played to your next turn," in text and "the end of the game" not in text
