"""Bounds, confinement, exact types, safe saves and the parser cache (issue 11), below the command line.

The command-line side of each hostile input is in tests/hostile/ (test_hostile.py).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from nycrules import limits
from nycrules.diagnostics import NycRulesError, RuleRuntimeError, Sink
from nycrules.engine.runner import Session
from nycrules.engine.setup import SeatSpec
from nycrules.reading.files import FileRefused, read_text
from nycrules.loading.loader import check_ruleset, load_ruleset
from nycrules.reading.marked_yaml import load
from nycrules.resources import shipped_ruleset
from nycrules.table.saves import Save, read_save, save_keeping_others, write_save
from nycrules.agents.seating import parse_seats
from nycrules.text import json_text, shown

ROOT = Path(__file__).resolve().parent.parent
SEATS = [SeatSpec("Ann", "human"), SeatSpec("Tom", "tom", "B4")]


@pytest.fixture(scope="module")
def nyc():
    return load_ruleset(shipped_ruleset())


# ------------------------------------------------------------------ reading files
def test_a_fifo_is_refused_without_blocking(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(FileRefused, match="a pipe"):
        read_text(tmp_path / "pipe", 100)


def test_a_file_over_its_limit_is_refused_before_it_is_read(tmp_path):
    (tmp_path / "f").write_text("x" * 101)
    with pytest.raises(FileRefused, match="the limit is 100"):
        read_text(tmp_path / "f", 100)
    (tmp_path / "g").write_text("x" * 100)
    assert read_text(tmp_path / "g", 100) == "x" * 100


def test_the_shipped_rulesets_are_far_below_every_file_limit():
    for path in (ROOT / "rulesets").rglob("*.yaml"):
        assert path.stat().st_size * 10 < limits.MAX_RULESET_FILE_BYTES, path


def test_an_include_through_a_link_inside_the_folder_is_fine(tmp_path):
    """Confinement refuses what leads out of the folder, not links within it."""
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "extra.yaml").write_text("params:\n  bonus: 2\n")
    (tmp_path / "extra.yaml").symlink_to(tmp_path / "parts" / "extra.yaml")
    (tmp_path / "mod.yaml").write_text("extends: nyc\ninclude: [extra.yaml, parts/extra.yaml]\n")
    result = check_ruleset(tmp_path / "mod.yaml")
    assert [d.code for d in result.diagnostics] == ["E104"]  # the same section twice: both were read


def test_a_refused_include_prints_nothing_of_its_target(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n")
    folder = tmp_path / "mod"
    folder.mkdir()
    (folder / "mod.yaml").write_text(f"extends: nyc\ninclude: [{secret}, ../secret.txt]\n")
    result = check_ruleset(folder / "mod.yaml")
    assert [d.code for d in result.diagnostics] == ["E105", "E105"]
    assert "hunter2" not in repr(result.sources.lines) + repr(result.diagnostics)


def test_extends_may_name_a_ruleset_folder_beside_the_mod(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    (base / "ruleset.yaml").write_text("extends: nyc\nparams:\n  statue_points: 5\n")
    (tmp_path / "mod.yaml").write_text("extends: base\nparams:\n  all_boroughs_points: 4\n")
    ruleset = load_ruleset(tmp_path / "mod.yaml")
    assert (ruleset.params["statue_points"], ruleset.params["all_boroughs_points"]) == (5, 4)


# ------------------------------------------------------------------ loading YAML
def test_positions_of_a_long_quoted_text_cost_a_few_stretches_not_one_per_character():
    value = "a" * 90_000
    data = load(f'x: "{value}"\n', "f.yaml", Sink())
    span = data["x"].span
    assert len(span.runs) == 1
    assert str(span.locate(1, 50_000)) == "f.yaml:1:50004"


def test_positions_still_map_through_escapes_and_folded_lines():
    sink = Sink()
    data = load('x: "ab\\tcd\n  ef"\n', "f.yaml", sink)
    span = data["x"].span
    assert str(data["x"]) == "ab\tcd ef"
    assert str(span.locate(1, 4)) == "f.yaml:1:9"  # the c, after the two-character escape
    assert str(span.locate(1, 7)) == "f.yaml:2:3"  # the e, on the next line of the file


def test_a_line_separator_in_an_effect_is_located_on_its_own_line(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text("extends: nyc\nsteps:\n  round_start_seat: draw_cards(me,\u2028 3) +\n", encoding="utf-8")
    [diagnostic] = check_ruleset(mod).diagnostics
    assert diagnostic.location.line <= 4


@pytest.mark.parametrize("text, message", [
    ("x: 5.0\n", "not a whole number"),
    ("x: .inf\n", "not a whole number"),
    ("x: 1000000000000000001\n", "too large"),
    ("x: " + "9" * 5000 + "\n", "too large"),
    ("? " + "9" * 5000 + "\n: 1\n", "too large"),
])
def test_numbers_are_whole_and_bounded(text, message):
    sink = Sink()
    assert load(text, "n.yaml", sink) is None
    [diagnostic] = sink.items
    assert message in diagnostic.message


def test_the_largest_allowed_number_loads():
    assert load(f"x: {limits.MAX_INT}\n", "n.yaml", Sink())["x"] == limits.MAX_INT


# ------------------------------------------------------------------ running rules
def _mod(tmp_path: Path, effect: str) -> Path:
    mod = tmp_path / "mod.yaml"
    body = "\n".join("    " + line for line in effect.splitlines())
    mod.write_text(f"extends: nyc\nsteps:\n  round_start_seat: |\n    draw_cards(me, 3)\n{body}\n")
    return mod


def _play(ruleset, seed: int = 3) -> None:
    from nycrules.agents import seat_agents
    specs = parse_seats(["bot:random", "bot:greedy"], ruleset)
    Session(ruleset, specs, seed, seat_agents(specs, seed), log_events=False).run()


def test_a_runtime_failure_names_place_rule_seat_and_decision(tmp_path):
    ruleset = load_ruleset(_mod(tmp_path, "x = 5 // (dollars(me) - dollars(me))"))
    with pytest.raises(RuleRuntimeError) as caught:
        _play(ruleset)
    err = caught.value
    assert isinstance(err, NycRulesError)
    assert (err.location.line, err.location.column) == (5, 11)
    assert err.seat == "Random bot 1" and err.rule and err.decision == 2
    assert err.problem == "division by zero"


def test_the_step_budget_stops_a_loop_that_would_run_for_hours(tmp_path):
    ruleset = load_ruleset(_mod(tmp_path, "repeat 1000:\n  repeat 1000:\n    repeat 1000:\n      pass"))
    with pytest.raises(RuleRuntimeError, match="steps"):
        _play(ruleset)


def test_a_real_game_stays_far_below_the_step_budget(nyc, monkeypatch):
    """The budget is generous: the shipped rules play whole games with a budget a hundred times smaller."""
    monkeypatch.setattr("nycrules.language.runtime.MAX_EFFECT_STEPS", limits.MAX_EFFECT_STEPS // 100)
    for seed in range(3):
        _play(nyc, seed)


# ------------------------------------------------------------------ saves
def _save(decisions: list[int], seed: int = 1, digest: str = "d") -> Save:
    return Save(digest, "New York City", SEATS, seed, decisions)


@pytest.mark.parametrize("make", ["folder", "fifo", "link"])
def test_a_save_never_replaces_anything_but_a_file(tmp_path, make):
    target = tmp_path / "target.json"
    if make == "folder":
        target.mkdir()
    elif make == "fifo":
        os.mkfifo(target)
    else:
        (tmp_path / "real.json").write_text("keep me")
        target.symlink_to(tmp_path / "real.json")
    with pytest.raises(NycRulesError, match="cannot write the save file"):
        write_save(target, _save([0]))
    assert (tmp_path / "real.json").read_text() == "keep me" if make == "link" else True
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_save_cannot_replace_a_device():
    with pytest.raises(NycRulesError, match="not a regular file"):
        write_save(Path("/dev/full"), _save([0]))
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_an_autosave_keeps_the_record_of_another_game(tmp_path):
    target = tmp_path / "nycrules-autosave.json"
    write_save(target, _save([1, 0, 2] * 40, seed=5))
    path, note = save_keeping_others(_save([0, 0], seed=6), target)
    assert path == target and json.loads(target.read_text())["seed"] == 6
    kept = tmp_path / "nycrules-autosave-1.json"
    assert json.loads(kept.read_text())["decisions"] == [1, 0, 2] * 40
    assert str(kept) in note


def test_an_autosave_of_the_same_game_later_on_replaces_it(tmp_path):
    target = tmp_path / "nycrules-autosave.json"
    write_save(target, _save([1, 0], seed=5))
    path, note = save_keeping_others(_save([1, 0, 3], seed=5), target)
    assert (path, note) == (target, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nycrules-autosave.json"]


def test_an_autosave_goes_to_the_data_folder_when_its_folder_cannot_be_written(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path, note = save_keeping_others(_save([0]), tmp_path / "gone" / "nycrules-autosave.json")
    assert path == tmp_path / "data" / "nycrules" / "nycrules-autosave.json"
    assert json.loads(path.read_text())["decisions"] == [0]
    assert "data folder" in note


@pytest.mark.parametrize("decisions, message", [
    ("[0.0]", "0.0 is not a whole number"),
    ("[NaN]", "not a whole number"),
    ("[" + "9" * 5000 + "]", "too large"),
    ("[true]", "not a valid save file"),
])
def test_save_numbers_are_whole(tmp_path, nyc, decisions, message):
    path = tmp_path / "s.json"
    write_save(path, _save([7], digest=nyc.digest))
    path.write_text(path.read_text().replace("[\n  7\n ]", decisions))
    with pytest.raises(NycRulesError, match=message):
        read_save(path, nyc)


# ------------------------------------------------------------------ the parser cache
def test_a_parser_cache_file_planted_in_the_cache_folder_runs_no_code(tmp_path):
    """Lark's cache is a pickle that Lark unpickled before checking its hash: a file of one's own in
    the private cache folder (the ruleset cache's own place) ran its code at the next parse."""
    import pickle
    import subprocess
    import sys

    class Planted:
        def __reduce__(self):
            return (os.system, (f"touch {tmp_path / 'ran'}",))

    folder = tmp_path / "cache" / "nycrules"
    folder.mkdir(parents=True, mode=0o700)
    os.chmod(tmp_path / "cache", 0o700)
    planted = folder / "effects-parser.lark"  # where the parser cache was
    planted.write_bytes(pickle.dumps(Planted()))
    os.chmod(planted, 0o600)
    code = "from nycrules.language.parser import _parser; _parser()"
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "ran").exists()
    assert planted.read_bytes() == pickle.dumps(Planted())  # left alone: never read nor replaced


def test_a_cache_folder_of_another_user_is_not_used(tmp_path, monkeypatch):
    from nycrules.reading import user_cache
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(user_cache.os, "getuid", lambda: os.stat(tmp_path).st_uid + 1)
    assert user_cache.private_folder() is None


# ------------------------------------------------------------------ text on a terminal
def test_control_characters_are_shown_escaped():
    assert shown("Publicist\x1b[2J") == "Publicist\\x1b[2J"
    assert shown("a\u202eb\u2028c") == "a\\u202eb\\u2028c"
    assert shown("Zoë Ann") == "Zoë Ann"
    assert shown(os.fsdecode(b"bad\xff.yaml")) == "bad\\xff.yaml"


def test_json_output_stays_the_same_json_but_safe():
    text = json.dumps({"name": "a\x9bb\u2028", "file": os.fsdecode(b"\xff")}, ensure_ascii=False)
    safe = json_text(text)
    safe.encode("utf-8")
    assert json.loads(safe)["name"] == "a\x9bb\u2028" and "\x9b" not in safe


# ------------------------------------------------------------------ seats
def test_a_person_called_tom_is_possible_and_a_bare_Tom_is_not_guessed(nyc):
    specs = parse_seats(["name:Tom", "bot:random"], nyc)
    assert (specs[0].name, specs[0].kind) == ("Tom", "human")
    with pytest.raises(NycRulesError, match="name:Tom"):
        parse_seats(["Tom", "bot:random"], nyc)
    assert parse_seats(["Tom:b7", "Ann"], nyc)[0].kind == "tom"


def test_seat_names_have_one_length_limit(nyc):
    parse_seats(["A" * limits.MAX_NAME_CHARS, "tom"], nyc)
    with pytest.raises(NycRulesError, match=f"1-{limits.MAX_NAME_CHARS} letters"):
        parse_seats(["A" * (limits.MAX_NAME_CHARS + 1), "tom"], nyc)



def test_every_limit_is_documented_with_its_value():
    doc = (ROOT / "docs" / "ruleset.md").read_text(encoding="utf-8")
    for name in dir(limits):
        if name.startswith("MAX_") and name != "MAX_INT_DIGITS":
            value = getattr(limits, name)
            shown_value = "10^18" if value == 10**18 else str(value)
            assert f"| `{name}` | {shown_value} |" in doc, name
            assert name in (limits.__doc__ or ""), name


@pytest.mark.parametrize("make", ["link", "folder"])
def test_an_autosave_leaves_a_link_or_folder_alone_and_saves_in_the_data_folder(tmp_path, monkeypatch, make):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    target = tmp_path / "here" / "nycrules-autosave.json"
    target.parent.mkdir()
    if make == "link":
        (tmp_path / "elsewhere.json").write_text("not yours")
        target.symlink_to(tmp_path / "elsewhere.json")
    else:
        target.mkdir()
    path, note = save_keeping_others(_save([0]), target)
    assert path == tmp_path / "data" / "nycrules" / "nycrules-autosave.json"
    assert (target.is_symlink() and (tmp_path / "elsewhere.json").read_text() == "not yours") or target.is_dir()
    assert "data folder" in note


def test_a_reason_of_many_placeholders_is_cut_before_it_is_built():
    from nycrules.primitives.seats import filled

    text = filled("{}" * 100_000, "x" * 1_000)
    assert len(text) == limits.MAX_EVENT_CHARS and text.endswith("...")
    assert filled("{} and {} then {}", "a", "b") == "a and b then {}"
    assert filled("{} and {}", "a") == "a and a"


def test_the_game_log_keeps_at_most_its_limit_of_events_and_says_so(nyc):
    from scenario import table

    game = table(ruleset=nyc)
    game.events.clear()
    for _ in range(limits.MAX_EVENTS + 50):
        game.emit(None, "again")
    assert len(game.events) == limits.MAX_EVENTS + 1
    assert game.events[-1].text == (f"the log holds at most {limits.MAX_EVENTS} events and {limits.MAX_LOG_BYTES} "
                                    "bytes of text; later ones are not kept")
    game.events.clear()
    game.emit(None, "x" * (limits.MAX_EVENT_CHARS * 3))
    assert len(game.events[0].text) == limits.MAX_EVENT_CHARS


@pytest.mark.parametrize("effect", ['repeat 999:\n  repeat 999:\n    note("' + "x" * 15_000 + '")',
                                    'repeat 999:\n  repeat 999:\n    gain_points(me, 1, "{}", boroughs())'])
def test_the_text_rules_write_is_bounded_alike_with_or_without_a_log(tmp_path, effect):
    """A step may write thousands of bytes: the rules' text has a budget of its own, spent the same
    whether a log is kept (play) or not (simulate), so both stop at the same line and decision."""
    from nycrules.agents import seat_agents
    ruleset = load_ruleset(_mod(tmp_path, effect))
    specs = parse_seats(["bot:random", "bot:greedy"], ruleset)
    failures = []
    for log in (True, False):
        with pytest.raises(RuleRuntimeError, match=f"more than {limits.MAX_RULE_TEXT_BYTES} bytes of text") as caught:
            Session(ruleset, specs, 3, seat_agents(specs, 3), log_events=log).run()
        failures.append((caught.value.location.line, caught.value.decision, caught.value.seat))
    assert failures[0] == failures[1] and failures[0][0] == 7


def test_a_real_game_writes_far_less_text_than_the_rules_may(nyc):
    from nycrules.agents import seat_agents
    for seats in (["tom:12", "bot:random", "bot:greedy"], ["bot:greedy"] * 4):
        specs = parse_seats(seats, nyc)
        game = Session(nyc, specs, 5, seat_agents(specs, 5)).run()
        assert limits.MAX_RULE_TEXT_BYTES - game.text_left < limits.MAX_RULE_TEXT_BYTES // 50
        assert game.log_bytes < limits.MAX_LOG_BYTES // 100


def test_the_game_log_keeps_at_most_its_limit_of_bytes_and_says_so(nyc):
    from scenario import table

    game = table(ruleset=nyc)
    game.events.clear()
    game.log_bytes = 0
    event = "é" * (limits.MAX_EVENT_CHARS // 2)  # two bytes each in UTF-8
    for _ in range(limits.MAX_LOG_BYTES // limits.MAX_EVENT_CHARS + 50):
        game.emit(None, event)
    kept = sum(len(e.text.encode("utf-8")) for e in game.events[:-1])
    assert limits.MAX_LOG_BYTES - limits.MAX_EVENT_CHARS < kept <= limits.MAX_LOG_BYTES
    assert game.events[-1].text.endswith("bytes of text; later ones are not kept")
