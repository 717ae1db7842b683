"""Decisions on an 80x24 screen: short bid menus, the swap command, characters by name or number,
and every legal option still accepted when typed in the program's own notation."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from scenario import answer, give, hire
from scenario_extra import bare_table, bid_turn, set_pairs

from nycrules.games.nyc.table import answers, menus
from parts import draft_turn

WIDTH = 80


def refuse(game, decision, line):
    return f"not taken: {line}"


def bid_decision(hand: str, reserve: str = "", round_id: str = "press", chars: tuple[int, ...] = ()):
    game, ann, ben = bare_table()
    for char_id in chars:
        hire(game, ann, char_id)
    give(game, ann, hand=hand, reserve=reserve, dollars=3)
    answer(game, "pass")
    bid_turn(game, ann, round_id)
    return game, game.chooser.asked[0]


RICH = "press press dollar plans plans prestige prestige skyscraper wild wild"


def test_a_big_hand_gives_a_bid_menu_that_fits_the_screen():
    game, decision = bid_decision(RICH, "elevator skyscraper", chars=(16,))
    assert len(decision.options) > 40
    lines = menus.option_lines(game, decision)
    assert len(lines) <= 12
    assert max(len(line) for line in lines) <= WIDTH
    assert any(line.startswith("  value 1: ") for line in lines)
    assert "use 16 Joker (1$)" in "\n".join(lines)
    assert not any("from the reserve" in line for line in lines)  # no menu line per exchange
    every = menus.option_lines(game, decision, every=True)
    bids = [o for o in decision.options if menus.bid_value_of(o) is not None]
    assert sum(line.count(". ") for line in every if "value" in line or line.startswith("           ")) == len(bids)


def test_no_bid_shown_is_beaten_in_every_way_by_another_shown():
    game, decision = bid_decision(RICH)
    shown = menus.shown_bids(game, decision)
    for i in shown:
        for j in shown:
            if i == j:
                continue
            vi, vj = menus.bid_value_of(decision.options[i]), menus.bid_value_of(decision.options[j])
            ci, cj = menus.card_types(decision.options[i]), menus.card_types(decision.options[j])
            assert not (vj >= vi and not (cj - ci) and ci != cj), (decision.options[i].label, decision.options[j].label)
    values = {menus.bid_value_of(o) for o in decision.options if menus.bid_value_of(o) is not None}
    assert {menus.bid_value_of(decision.options[i]) for i in shown} == values  # every value is offered


def test_every_legal_bid_is_accepted_typed_as_its_cards():
    game, decision = bid_decision(RICH)
    for i, option in enumerate(decision.options):
        cards = menus.card_types(option)
        if menus.bid_value_of(option) is None or not cards:
            continue
        compact = menus.compact(game, cards)
        spelled = " ".join(kind for kind, n in sorted(cards.items()) for _ in range(n))
        assert answers.read_answer(game, decision, compact, refuse) == i
        assert answers.read_answer(game, decision, spelled.upper(), refuse) == i


def test_swap_command_picks_the_exchange():
    game, decision = bid_decision("press dollar", "plans skyscraper")
    index = answers.read_answer(game, decision, "swap dollar for plans", refuse)
    assert menus.swap_of(decision.options[index]) == ("dollar", "plans")
    assert answers.read_answer(game, decision, "swap dollar for wild", refuse) == "your reserve holds no wild card"
    assert answers.read_answer(game, decision, "swap plans for press", refuse) == "you have no plans card in your hand"
    assert any("swap A for B" in line for line in menus.option_lines(game, decision))


def test_a_pair_typed_as_displayed_in_any_order():
    game, ann, ben = bare_table()
    set_pairs(game, "dollar plans", "press wild")
    answer(game, "take press")
    ann.draft_turns_left = 1
    draft_turn(game, ann)
    decision = game.chooser.asked[0]
    for typed in ("dollar + plans", "plans + dollar", "take dollar + plans", "Dollar, Plans"):
        index = answers.read_answer(game, decision, typed, refuse)
        assert menus.card_types(decision.options[index]) == Counter({"dollar": 1, "plans": 1})


@pytest.mark.parametrize("typed,expected", [
    ("2x prestige", {"prestige": 2}), ("prestige x2", {"prestige": 2}), ("press + 2x wild", {"press": 1, "wild": 2}),
    ("dollars plans", {"dollar": 1, "plans": 1}), ("2 press", {"press": 2}), ("joker", None), ("", None),
])
def test_card_notation(typed, expected):
    game, _, _ = bare_table()
    parsed = answers.parse_cards(game, typed)
    assert (dict(parsed) if parsed is not None else None) == expected


def test_hire_shows_each_characters_text_and_picks_by_number_or_title():
    game, ann, ben = bare_table()
    tiles = [t for value in sorted(game.elevator_rows) for t in game.elevator_rows[value]]
    from nycrules.engine.decisions import Decision, Option
    decision = Decision(ann, "choose", "character to hire", [Option(f"{t.char.id} {t.char.title} ({t.value})", t)
                                                             for t in tiles], "elevator round")
    lines = menus.option_lines(game, decision)
    for t, line in zip(tiles, lines):
        assert t.char.text[:12] in line
    assert max(len(line) for line in lines) <= WIDTH
    target = next(t for t in reversed(tiles) if t.char.id > len(tiles))  # no option has its number as position
    first = min(i for i, t in enumerate(tiles) if t.char.id == target.char.id)  # copies are one choice
    assert answers.read_answer(game, decision, str(target.char.id), refuse) == first
    assert answers.read_answer(game, decision, target.char.title.upper(), refuse) == first
    assert answers.read_answer(game, decision, "#1", refuse) == 0
    clash = [i for i, t in enumerate(tiles) if t.char.id <= len(tiles)]
    if clash:
        assert any("#N picks option N" in line for line in lines)


def test_help_explains_a_bid_in_the_rules_terms():
    game, decision = bid_decision("press press dollar", chars=(16,))
    text = menus.explain(game, decision)
    assert game.ruleset.part.round("press").text in text.replace("\n  ", " ")
    assert "swap CARD for CARD" in text and "16 Joker" in text
    assert max(len(line) for line in text.split("\n")) <= WIDTH


def start_stack_decision():
    import nycrules
    game = nycrules.new_game(["Ann", "Ben"], seed=3)
    decision = game.decision()
    assert decision.prompt == "stack of start characters"
    return game.state, decision


def test_a_start_stack_shows_each_characters_text_on_its_line():
    game, decision = start_stack_decision()
    lines = menus.option_lines(game, decision)
    for option in decision.options:
        for tile in menus.tiles_in(option):
            line = next(line for line in lines if f" {tile.char.id} {tile.char.title}: " in line)
            assert tile.char.text[:12] in line
    assert max(len(line) for line in lines) <= WIDTH
    assert lines[0].startswith("  1. ")


def test_a_start_stack_is_picked_by_a_characters_number_or_title():
    game, decision = start_stack_decision()
    for i, option in enumerate(decision.options):
        for tile in menus.tiles_in(option):
            assert answers.read_answer(game, decision, str(tile.char.id), refuse) == i
            assert answers.read_answer(game, decision, tile.char.title.lower(), refuse) == i
    assert "#N picks option N" in "\n".join(menus.option_lines(game, decision)) or not any(
        t.char.id <= len(decision.options) for o in decision.options for t in menus.tiles_in(o))


def test_help_at_a_start_stack_tells_what_each_character_does():
    game, decision = start_stack_decision()
    text = menus.explain(game, decision).replace("\n    ", " ").replace("\n  ", " ")
    for option in decision.options:
        for tile in menus.tiles_in(option):
            assert f"{tile.char.id} {tile.char.title}: {tile.char.text}" in text


def test_bids_of_one_value_are_listed_in_the_order_of_their_numbers():
    game, decision = bid_decision(RICH, "elevator skyscraper")
    for line in menus.option_lines(game, decision):
        if line.startswith("  value "):
            numbers = [int(n) for n in re.findall(r"(\d+)\. ", line)]
            assert numbers == sorted(numbers), line


def draft_with(char_id: int, hand: str):
    """A table where Ann, with this character and hand and a dollar, is about to take a pair."""
    game, ann, ben = bare_table()
    hire(game, ann, char_id)
    give(game, ann, hand=hand, dollars=1)
    set_pairs(game, "plans plans", "dollar dollar")
    return game, ann


def scout_discard(hand: str):
    """The decision of 5 Scout's discard, after it drew three more cards."""
    from scenario import stack_deck
    game, ann = draft_with(5, hand)
    stack_deck(game, "dollar wild prestige")
    answer(game, "use 5", "dollar prestige", "take plans")
    ann.draft_turns_left = 1
    draft_turn(game, ann)
    return game, next(d for d in game.chooser.asked if d.prompt == "two cards to discard")


def test_a_long_list_of_card_sets_is_grouped_by_size_in_card_type_order_and_fits_the_screen():
    game, decision = scout_discard("press press plans skyscraper elevator")
    assert len(decision.options) > 15
    lines = menus.option_lines(game, decision)
    assert len(lines) <= 10 and max(len(line) for line in lines) <= WIDTH
    numbers = [int(n) for line in lines for n in re.findall(r"(\d+)\. ", line)]
    assert numbers == list(range(1, len(decision.options) + 1))  # every option, in order
    assert lines[0].startswith("  2 cards: 1. ")
    order = menus.type_order(game)
    keys = [sorted(order[c.type] for c in o.value) for o in decision.options]
    assert keys == sorted(keys)  # the order of the card types
    for i, option in enumerate(decision.options):  # and each is still picked as typed
        assert answers.read_answer(game, decision, menus.compact(game, menus.card_types(option)), refuse) == i


def test_help_for_a_bid_breaks_only_between_paragraphs_and_their_words():
    game, decision = bid_decision("press press dollar", chars=(16,))
    lines = menus.explain(game, decision).split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("A bid is cards"))
    assert lines[start + 1].startswith("  ")  # the paragraph goes on, indented, on the next line
    assert "two wilds alone count 1)." in " ".join(line.strip() for line in lines[start:start + 3])


def test_a_number_that_is_both_an_option_and_another_character_is_asked_about_not_guessed():
    from nycrules.engine.decisions import Decision, Option
    game, ann, ben = bare_table()
    tiles = [t for value in sorted(game.elevator_rows) for t in game.elevator_rows[value]]
    chosen = [next(t for t in tiles if t.char.id not in (1, 2))] + [t for t in tiles if t.char.id == 1][:1]
    if not chosen[1:]:
        chosen.append(hire(game, ben, 1))
    decision = Decision(ann, "choose", "character to hire",
                        [Option(f"{t.char.id} {t.char.title} ({t.value})", t) for t in chosen], "elevator round")
    answer_1 = answers.read_answer(game, decision, "1", refuse)  # option 1, or character 1 (option 2)?
    assert isinstance(answer_1, str) and "#1" in answer_1 and chosen[1].char.title in answer_1
    assert answers.read_answer(game, decision, "#1", refuse) == 0
    assert answers.read_answer(game, decision, chosen[1].char.title.lower(), refuse) == 1
    assert answers.read_answer(game, decision, str(chosen[0].char.id), refuse) == 0  # no option has that position
    assert any("#N picks option N" in line for line in menus.option_lines(game, decision))


def test_the_hint_shows_only_when_a_number_could_mean_two_options():
    from nycrules.engine.decisions import Decision, Option
    game, ann, ben = bare_table()
    two = hire(game, ben, 2)
    other = hire(game, ben, 23)
    def hint(tiles):
        decision = Decision(ann, "choose", "character to hire",
                            [Option(f"{t.char.id} {t.char.title} ({t.value})", t) for t in tiles], "elevator round")
        return any("#N picks option N" in line for line in menus.option_lines(game, decision))
    assert not hint([other, two])  # `2` is option 2 and character 2 alike
    assert hint([two, other])  # `2` could be option 2 (23) or character 2 (option 1)


def card_shark_discard(hand: str):
    """The decision of 1 Card Shark: any of the hand's cards to discard and draw again."""
    game, ann = draft_with(1, hand)
    answer(game, "use 1")
    ann.draft_turns_left = 1
    scripted, seen = game.chooser, []

    def stop_at_the_discard(g, decision):
        if decision.kind == "choose_some":
            seen.append(decision)
            raise StopIteration
        return scripted(g, decision)
    game.chooser = stop_at_the_discard
    with pytest.raises(StopIteration):
        draft_turn(game, ann)
    return game, seen[0]


def test_a_discard_from_a_big_hand_shows_the_smallest_and_largest_sets_and_takes_any_typed():
    """Before, Card Shark with six cards listed all 64 sets on 38 lines, far past a 24-line screen."""
    game, decision = card_shark_discard("press dollar elevator plans prestige skyscraper")
    assert len(decision.options) == 64
    lines = menus.option_lines(game, decision)
    assert len(lines) <= 10 and max(len(line) for line in lines) <= WIDTH
    assert lines[0] == "  1. nothing" and "64. press dollar elevator plans prestige skyscraper" in lines[-3]
    assert "more sets: type a set as its cards" in " ".join(lines)
    every = menus.option_lines(game, decision, every=True)  # `more`
    numbers = [int(n) for line in every for n in re.findall(r"(\d+)\. ", line)]
    assert numbers == list(range(1, 65))
    for i, option in enumerate(decision.options):  # every set, shown or not, is taken typed as its cards
        typed = menus.compact(game, menus.card_types(option)) if option.value else "nothing"
        assert answers.read_answer(game, decision, typed, answers.choose_option) == i
    assert answers.read_answer(game, decision, "20", answers.choose_option) == 19  # and by its number
