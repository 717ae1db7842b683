"""Stage 1: YAML is read safely, with a location for every value and no duplicate keys."""

from nycrules.diagnostics import Sink
from nycrules.reading.marked_yaml import MDict, load, location_of

TEXT = """\
game:
  rounds: 5
  route: [A, B]
  effect: |
    gain_points(me, 1)
    x = 2
"""


def test_every_value_knows_its_line_and_column():
    sink = Sink()
    data = load(TEXT, "f.yaml", sink)
    assert not sink
    assert isinstance(data, MDict)
    assert str(location_of(data, ("game", "rounds"))) == "f.yaml:2:11"
    assert str(location_of(data, ("game", "route", 1))) == "f.yaml:3:14"
    assert str(location_of(data, ("game", "effect"), key=True)) == "f.yaml:4:3"


def test_block_text_maps_positions_inside_it_to_the_file():
    sink = Sink()
    data = load(TEXT, "f.yaml", sink)
    span = data["game"]["effect"].span
    assert str(span.locate(2, 5)) == "f.yaml:6:9"  # the "2" of "x = 2"


def test_duplicate_keys_are_errors_not_overwrites():
    sink = Sink()
    load("a: 1\nb: 2\na: 3\n", "d.yaml", sink)
    [diagnostic] = sink.items
    assert diagnostic.code == "E102"
    assert str(diagnostic.location) == "d.yaml:3:1"
    assert "first defined at line 1" in diagnostic.message


def test_syntax_error_has_a_location():
    sink = Sink()
    assert load("a: [1, 2\nb: 3\n", "s.yaml", sink) is None
    [diagnostic] = sink.items
    assert diagnostic.code == "E101"
    assert (diagnostic.location.line, diagnostic.location.column) == (1, 4)  # the [ left open
    assert "not closed" in diagnostic.message and "line 2" in diagnostic.message


def test_unsafe_tags_are_refused():
    sink = Sink()
    load("a: !!python/object/apply:os.system ['true']\n", "u.yaml", sink)
    assert [d.code for d in sink.items] == ["E101"]
