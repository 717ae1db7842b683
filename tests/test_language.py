"""Stages 2-4: the effect language is parsed with located errors, checked, and compiled to closures."""

import pytest

from nycrules.language import nodes as n
from nycrules import primitives  # noqa: F401  (registers the primitives the checker looks up)
from nycrules.games import nyc  # noqa: F401  (and New York City's, which these effects call)
from nycrules.language.checker import Checker
from nycrules.language.scope import CheckContext, Symbols
from nycrules.language.compiler import _RUNTIME, Compiler
from nycrules.language.runtime import Fixed, Frame
from nycrules.diagnostics import Sink
from nycrules.reading.marked_yaml import load
from nycrules.language.parser import parse_effect, parse_expression


def scalar(text: str):
    """An effect as it sits in a YAML block scalar (lines 2.. of e.yaml, indented 2)."""
    body = "".join("  " + line + "\n" for line in text.splitlines())
    sink = Sink()
    data = load("effect: |\n" + body, "e.yaml", sink)
    return data["effect"]


def parse(text: str):
    value = scalar(text)
    sink = Sink()
    tree = parse_effect(value, value.span, sink)
    return tree, sink.items


def test_statements_and_nesting_parse_with_locations():
    tree, errors = parse("for b in boroughs():\n  if neutral(b) > 0:\n    gain_points(me, 1)\n  else:\n    pass")
    assert not errors
    [loop] = tree.body
    assert isinstance(loop, n.For) and loop.var == "b"
    assert str(loop.loc) == "e.yaml:2:3"
    [branch] = loop.body
    assert isinstance(branch, n.If) and branch.orelse


@pytest.mark.parametrize("text, line, col, fragment", [
    ("gain_points(me, 1", 2, 19, "ends too early"),
    ("x = = 2", 2, 7, "unexpected '='"),
    ("x = 1 $ 2", 2, 9, "unexpected character '$'"),
    ("if x\n  y = 1", 2, 7, "expected"),
])
def test_syntax_errors_point_at_the_file(text, line, col, fragment):
    tree, errors = parse(text)
    assert tree is None
    [error] = errors
    assert error.code == "E301"
    assert (error.location.line, error.location.column) == (line, col)
    assert fragment in error.message


def test_bad_dedent_is_reported():
    tree, errors = parse("if x:\n    y = 1\n  z = 2")
    assert tree is None and errors[0].code == "E302"


def test_no_eval_and_no_unbounded_loop_in_the_grammar():
    for text in ("while true:\n  pass", "import os", "def f():\n  pass", "lambda: 1"):
        tree, errors = parse(text)
        assert tree is None and errors


def check(text: str, names=None, pure=False):
    value = scalar(text)
    sink = Sink()
    tree = parse_effect(value, value.span, sink)
    assert tree is not None, sink.items
    symbols = Symbols({"press": "card_type", "wild": "card_type", "manhattan": "borough", "yellow": "colour"},
                      {"bonus": "int", "steps": "map[int,int]"})
    checker = Checker(symbols, sink, "nyc")
    checker.check_effect(tree, CheckContext({"me": "seat"} if names is None else names, pure=pure))
    return [(d.code, d.location.line, d.location.column) for d in sink.items], sink.items


@pytest.mark.parametrize("text, code", [
    ("gain_pints(me, 1)", "E402"),
    ("gain_points(me)", "E403"),
    ("gain_points(me, press)", "E404"),
    ("x = gain_points(me, 1)", "E405"),
    ("gain_points(you, 1)", "E401"),
    ("gain_points(me, params.bonnus)", "E401"),
    ("me = 3", "E406"),
    ("press = 3", "E406"),
    ("stop", "E411"),
    ("hook nowhere.at_all", "E409"),
    ("hook draft.turn", "E414"),
    ("hook build.after", "E414"),
    ("x = size(hand(me)) + press", "E404"),
    ("x = type(first(hand(me))) == manhattan", "E410"),
    ("for c in 3:\n  pass", "E404"),
    ("x = count(hand(me), 3)", "E404"),
    ("x = size(c -> c)", "E404"),
    ("for c in hand(me):\n  for c in hand(me):\n    pass", "E406"),
])
def test_semantic_errors(text, code):
    found, _ = check(text)
    assert [c for c, _, _ in found] == [code]


def test_semantic_errors_suggest_the_right_name():
    _, items = check("gain_pints(me, 1)")
    assert "did you mean 'gain_points'" in items[0].message


def test_a_choice_needs_a_seat_to_ask():
    found, _ = check("x = ask(\"really?\")", names={})
    assert found[0][0] == "E412"


def test_conditions_cannot_change_the_game():
    value = scalar("draw_cards(me, 1) == []")
    sink = Sink()
    tree = parse_expression(value, value.span, sink)
    Checker(Symbols(), sink, "nyc").check_expression(tree, CheckContext({"me": "seat"}, pure=True), "bool")
    assert [d.code for d in sink.items] == ["E413"]


def test_names_assigned_in_every_branch_are_known_after_the_if():
    found, _ = check("if true:\n  x = 1\nelse:\n  x = 2\ny = x + 1")
    assert found == []
    found, _ = check("if true:\n  x = 1\ny = x + 1")
    assert [c for c, _, _ in found] == ["E401"]


def run(text: str, variables=None, params=None):
    value = scalar(text)
    sink = Sink()
    tree = parse_effect(value, value.span, sink)
    symbols = Symbols({}, {"table": "map[int,list[int]]"})
    checker = Checker(symbols, sink, "nyc")
    names = {k: "int" for k in (variables or {})}
    checker.check_effect(tree, CheckContext(names))
    assert not sink.items, sink.items
    fn = Compiler(checker.calls, {}, params or {"table": {2: [1, 3]}}).effect(tree)
    frame = Frame(None, dict(variables or {}))
    fn(frame)
    return frame.vars


def test_compiled_effects_compute():
    result = run("total = 0\nfor x in [1, 2, 3, 4]:\n  if x % 2 == 0:\n    total = total + x\n"
                 "out = [x in [5, 6, 7] where x > 5]\nbest = first(most([3, 9, 9, 1], v -> v))\n"
                 "half = ceil_div(7, 2)\nlooked = params.table[2][1]")
    assert result["total"] == 6
    assert result["out"] == [6, 7]
    assert result["best"] == 9
    assert result["half"] == 4
    assert result["looked"] == 3


def test_repeat_and_stop_are_bounded():
    result = run("count = 0\nrepeat 10:\n  count = count + 1\n  if count == 3:\n    stop")
    assert result["count"] == 3


def test_lambda_and_filter_variables_reach_divisions_and_deeply_nested_parts():
    # A lambda's parameter and a filter's variable are Python locals of the generated code; a
    # division, and a part nested deeper than one generated function holds, are functions of
    # their own that get those locals as arguments.
    deep = "x" + " + 1" * 30
    result = run(f"halves = sum([1, 2, 3, 4, 5], x -> x // 2 + x % 2)\n"
                 f"deep = [x in [1, 2] where any([10, 20], y -> {deep} + y // x == 41)]\n"
                 f"nested = count([1, 2, 3], x -> any([x, 5], y -> y > x and y % x == 1))")
    assert result["halves"] == 1 + 1 + 2 + 2 + 3
    assert result["deep"] == [1]  # x=1, y=10: 1 + 30 + 10; x=2 gives 32 + 5 or 32 + 10
    assert result["nested"] == 1  # only x=2 has y=5 with 5 % 2 == 1


def test_loops_nested_deeper_than_one_generated_function_holds_still_run_and_stop():
    # Python nests at most 20 blocks in one function; `for` loops are written in place, two blocks
    # each, so deeply nested ones must be split into functions of their own.
    depth = 9
    lines = ["total = 0"]
    for level in range(depth):
        lines.append("  " * level + f"for x{level} in [1, 2]:")
    lines.append("  " * depth + "total = total + 1")
    lines.append("  " * depth + "if total % 2 == 1:")
    lines.append("  " * (depth + 1) + "stop")
    result = run("\n".join(lines))
    assert result["total"] == 1 + 2 * (2 ** (depth - 1) - 1)  # stops at each odd total: 1, then 2 a run


def test_a_component_fixed_in_every_game_is_compiled_as_its_value_others_are_looked_up():
    loc = n.Name("x", None).loc
    game = type("Game", (), {"borough_by_id": {"bronx": "the Bronx"}})()
    symbols = {"wild": Fixed("wild"), "bronx": lambda g: g.borough_by_id["bronx"]}
    compiler = Compiler({}, symbols, {})
    compiler.generate_when_run = False
    both = compiler.expr(n.ListLit((n.Name("wild", loc), n.Name("bronx", loc)), loc))
    assert both(Frame(game, {})) == ["wild", "the Bronx"]
    assert symbols["wild"](game) == "wild"  # still a component's fn(game), for any other reader


def test_a_refusing_primitive_fills_its_message_only_when_it_refuses():
    from nycrules.diagnostics import RuleRuntimeError
    from nycrules.primitives import require

    frame = Frame(None, {})
    require(frame, True, "{} is never shown", "nobody")
    with pytest.raises(RuleRuntimeError, match="Ann can only play a card from its own hand"):
        require(frame, False, "{} can only play a card from its own hand or reserve", "Ann")
    with pytest.raises(RuleRuntimeError, match="a message with {} and no values"):
        require(frame, False, "a message with {} and no values")


def test_a_variable_name_from_a_ruleset_is_never_written_into_generated_code():
    """Names reach the compiler from parsed files and from the ruleset cache's JSON; a hostile one
    (planted in a cache file, say) must not become Python source. Locals are named by their place."""
    import builtins
    import dataclasses

    value = scalar("total = sum([1, 2], v -> v + 1)")
    sink = Sink()
    tree = parse_effect(value, value.span, sink)
    checker = Checker(Symbols(), sink, "nyc")
    checker.check_effect(tree, CheckContext({}))
    assert not sink.items
    hostile = "a=__import__('builtins').setattr(__import__('builtins'), 'NYC_PLANTED', 1),"

    def renamed(node):
        if isinstance(node, n.Lambda):
            return dataclasses.replace(node, param=hostile, body=renamed(node.body))
        if isinstance(node, n.Name) and node.id == "v":
            return dataclasses.replace(node, id=hostile)
        if dataclasses.is_dataclass(node):
            return dataclasses.replace(node, **{f.name: renamed(getattr(node, f.name))
                                                for f in dataclasses.fields(node) if f.name != "loc"})
        if isinstance(node, tuple):
            return tuple(renamed(item) for item in node)
        return node

    planted = renamed(tree)
    calls = {id(new): checker.calls[id(old)] for old, new in _pairs(tree, planted) if isinstance(old, n.Call)}
    frame = Frame(None, {})
    Compiler(calls, {}, {}).effect(planted)(frame)
    assert frame.vars["total"] == 5
    assert not hasattr(builtins, "NYC_PLANTED")


def _pairs(old, new):
    """The nodes of two trees of the same shape, side by side."""
    import dataclasses

    yield old, new
    if isinstance(old, tuple):
        for a, b in zip(old, new):
            yield from _pairs(a, b)
    elif dataclasses.is_dataclass(old):
        for f in dataclasses.fields(old):
            yield from _pairs(getattr(old, f.name), getattr(new, f.name))


def test_a_lambda_or_filter_variable_named_me_is_the_seat_a_choice_asks(tmp_path):
    """`me` as a variable of a script that has no `me` of its own is the seat that primitives such
    as ask() put the question to: each seat is asked in turn."""
    from nycrules.agents import seat_agents
    from nycrules.engine.runner import Session
    from nycrules.loading.loader import load_ruleset
    from nycrules.agents.seating import parse_seats

    mod = tmp_path / "mod.yaml"
    mod.write_text("extends: nyc\nbidding:\n  after_each_round: |\n"
                   "    takers = [me in seats() where ask(\"Take a point?\")]\n"
                   "    if size([me in seats() where ask(\"Take another?\")]) > 0:\n"
                   "      gain_points(first(seats()), 1, \"asked\")\n"
                   "    for s in takers:\n      gain_points(s, 1, \"asked\")\n", encoding="utf-8")
    rules = load_ruleset(mod)
    specs = parse_seats(["bot:random", "bot:random"], rules)
    asked = []

    def observe(game, decision, index):
        if decision.kind == "ask" and decision.prompt.startswith("Take"):
            asked.append((decision.seat.index, decision.prompt))

    Session(rules, specs, 3, seat_agents(specs, 3), observer=observe).run()
    first_round = asked[:4]
    assert first_round == [(0, "Take a point?"), (1, "Take a point?"), (0, "Take another?"), (1, "Take another?")]


def test_a_question_inside_a_lambda_is_refused_with_its_line(tmp_path):
    """A lambda is called by a primitive in Python; a question there would hold the game on the
    Python stack, where a copy of the position cannot reach it."""
    from nycrules.diagnostics import RulesetInvalid
    from nycrules.loading.loader import load_ruleset

    mod = tmp_path / "mod.yaml"
    mod.write_text("extends: nyc\nbidding:\n  after_each_round: |\n"
                   "    if any(seats(), me -> ask(\"Take another?\")):\n"
                   "      gain_points(first(seats()), 1, \"asked\")\n", encoding="utf-8")
    with pytest.raises(RulesetInvalid, match=r"mod.yaml:4:21: .*E419.*lambda"):
        load_ruleset(mod)


def test_an_effect_generated_on_its_first_run_becomes_that_code_and_keeps_its_values():
    value = scalar("total = start * 2\nkinds = [k in [1, 2, 3] where k > start]")
    sink = Sink()
    tree = parse_effect(value, value.span, sink)
    checker = Checker(Symbols({}, {}), sink, "nyc")
    checker.check_effect(tree, CheckContext({"start": "int"}))
    fn = Compiler(checker.calls, {}, {}).effect(tree)
    stub = fn.__code__
    first, second = Frame(None, {"start": 1}), Frame(None, {"start": 2})
    fn(first)
    assert fn.__code__ is not stub  # the holder of the effect now holds the generated code itself...
    assert fn.__globals__ is _RUNTIME  # ...reading the runtime of generated code (the installed hook runner)...
    fn(second)  # ...with its own values, not the generator's
    assert (first.vars["total"], first.vars["kinds"]) == (2, [2, 3])
    assert (second.vars["total"], second.vars["kinds"]) == (4, [3])
