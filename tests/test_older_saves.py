"""A save made with an earlier version of a shipped ruleset (its digest differs: the rules' files changed
with an update) replays with today's rules and warns in one line; it is refused only when it does not
replay. tests/saves/ny1901-before-510c7d8.json was written by `nycrules play -r ny1901` (two random
bots, seed 5) before 510c7d8 gave New York 1901's questions keys, which changed the ruleset's digest."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nycrules.diagnostics import NycRulesError
from nycrules.loading.loader import load_ruleset
from nycrules.resources import shipped_ruleset
from nycrules.table.saves import read_save

ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "tests" / "saves" / "ny1901-before-510c7d8.json"
OLD_DIGEST = "3bb164214ec5"


def nycrules(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


@pytest.fixture(scope="module")
def ny1901():
    return load_ruleset(shipped_ruleset("ny1901"))


def _changed(tmp_path: Path, change) -> Path:
    data = json.loads(OLD.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_older_save_of_a_shipped_ruleset_replays_with_a_one_line_warning(ny1901, capsys):
    assert not ny1901.digest.startswith(OLD_DIGEST)
    save = read_save(OLD, ny1901)
    assert len(save.decisions) == 162 and save.ruleset_digest == ny1901.digest  # it goes on as today's rules
    warning = capsys.readouterr().err
    assert warning == (f"nycrules: {OLD}: made with an earlier version of New York 1901 (digest {OLD_DIGEST}, "
                       f"this one {ny1901.digest[:12]}); its 162 decisions replayed with this version's rules\n")


def test_replay_and_board_of_an_older_save_show_the_game_as_a_save_of_today(tmp_path):
    today = _changed(tmp_path, lambda d: None)  # the same decisions written with today's digest
    data = json.loads(today.read_text(encoding="utf-8"))
    data["ruleset"]["digest"] = load_ruleset(shipped_ruleset("ny1901")).digest
    today.write_text(json.dumps(data), encoding="utf-8")
    for command in ("replay", "board"):
        old = nycrules(command, "-r", "ny1901", str(OLD), cwd=tmp_path)
        new = nycrules(command, "-r", "ny1901", str(today), cwd=tmp_path)
        assert old.returncode == 0 and new.returncode == 0, old.stderr
        assert old.stdout == new.stdout and old.stdout.strip()
        assert len(old.stderr.splitlines()) == 1 and "earlier version of New York 1901" in old.stderr
        assert new.stderr == ""


@pytest.mark.parametrize("change, said", [
    (lambda d: d["decisions"].__setitem__(10, 40), "decision 11 of the record has no option 41 (that decision offers 7)"),
    (lambda d: d["decisions"].extend([0, 0]), "its game ends after 162 of its 164 decisions"),
])
def test_an_older_save_that_does_not_replay_is_refused_in_one_line(ny1901, tmp_path, change, said):
    path = _changed(tmp_path, change)
    with pytest.raises(NycRulesError) as refused:
        read_save(path, ny1901)
    assert str(refused.value) == (f"{path}: this save was made with an earlier version of New York 1901 (digest "
                                  f"{OLD_DIGEST}) and does not replay with this one: {said}")
    done = nycrules("replay", "-r", "ny1901", str(path), cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and said in done.stderr


def test_a_save_of_changed_rules_of_the_same_name_is_refused(tmp_path):
    """Only a shipped ruleset's older saves are replayed: a copy changed by hand is another ruleset."""
    folder = tmp_path / "mine"
    shutil.copytree(shipped_ruleset("ny1901"), folder)
    top = folder / "ruleset.yaml"
    top.write_text(top.read_text(encoding="utf-8").replace("version: 1", "version: 2", 1), encoding="utf-8")
    changed = load_ruleset(folder)
    assert changed.name == "New York 1901"
    with pytest.raises(NycRulesError, match="this save was made with another ruleset .'New York 1901', digest "
                                            f"{OLD_DIGEST}.; load it with the --ruleset it was played with"):
        read_save(OLD, changed)


def test_a_save_with_toms_reads_and_writes_its_seats_as_before(tmp_path):
    """The seats of a save (table/save_seats.py): a seat its game adds keeps its level under its kind's
    name, as saves have always held it."""
    from nycrules.table.saves import write_save

    nyc = load_ruleset(shipped_ruleset())
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Tom I", "kind": "tom", "tom": "A6"},
             {"name": "Tom II", "kind": "tom", "tom": "C3"}, {"name": "Searcher", "kind": "bot:mcts:20"}]
    path = tmp_path / "toms.json"
    path.write_text(json.dumps({"format": "nycrules-save", "version": 1, "seed": 3, "decisions": [],
                                "ruleset": {"name": nyc.name, "digest": nyc.digest}, "seats": seats}))
    save = read_save(path, nyc)
    assert [(s.kind, s.level) for s in save.seats][1:3] == [("tom", "A6"), ("tom", "C3")]
    write_save(tmp_path / "again.json", save)
    assert json.loads((tmp_path / "again.json").read_text())["seats"] == seats
    ny1901 = load_ruleset(shipped_ruleset("ny1901"))
    data = json.loads(path.read_text())
    data["ruleset"] = {"name": ny1901.name, "digest": ny1901.digest}
    path.write_text(json.dumps(data))
    with pytest.raises(NycRulesError, match="not a valid save file .New York 1901 has no seat 'tom:A6'"):
        read_save(path, ny1901)


def test_a_save_of_a_mod_keeping_the_shipped_name_is_refused(tmp_path):
    """A mod that extends the base keeps its name: its save is another ruleset's, never replayed with the
    shipped rules (only the digests a shipped ruleset's earlier-versions.yaml lists are)."""
    nyc = load_ruleset(shipped_ruleset())
    mod = load_ruleset(ROOT / "rulesets" / "examples" / "windfall.yaml")
    assert mod.name == nyc.name and mod.digest != nyc.digest
    path = tmp_path / "mod-save.json"
    path.write_text(json.dumps({"format": "nycrules-save", "version": 1, "seed": 3, "decisions": [0, 0, 0],
                                "ruleset": {"name": mod.name, "digest": mod.digest},
                                "seats": [{"name": "Ann", "kind": "human"}, {"name": "Bob", "kind": "human"}]}))
    with pytest.raises(NycRulesError, match=f"this save was made with another ruleset .'New York City', digest "
                                            f"{mod.digest[:12]}.; load it with the --ruleset it was played with"):
        read_save(path, nyc)


def test_a_seat_of_a_kind_any_game_adds_validates_by_the_schema_and_its_game_reads_it(tmp_path):
    """The save schema names no game's seat kind: a kind a game adds (a lower-case word) and its level,
    under the kind's name, validate as New York City's Tom does; the ruleset's game then reads the seat
    as `--seat` reads it, and a level under another name than the seat's kind is refused in one line."""
    from nycrules.reading.schema_check import validator

    schema = (Path(__file__).resolve().parent.parent / "schemas" / "save.schema.json").read_text()
    assert "tom" not in schema.lower()
    nyc = load_ruleset(shipped_ruleset())
    seats = [{"name": "Ann", "kind": "human"}, {"name": "Mayor", "kind": "mayor", "mayor": "X3"}]
    data = {"format": "nycrules-save", "version": 1, "seed": 3, "decisions": [],
            "ruleset": {"name": nyc.name, "digest": nyc.digest}, "seats": seats}
    assert not list(validator("save.schema.json").iter_errors(data))
    path = tmp_path / "mayor.json"
    path.write_text(json.dumps(data))
    with pytest.raises(NycRulesError, match="not a valid save file .New York City has no seat 'mayor:X3'"):
        read_save(path, nyc)
    seats[1] = {"name": "Tom", "kind": "tom", "mayor": "B4"}
    path.write_text(json.dumps(data))
    with pytest.raises(NycRulesError, match="seat 'Tom' holds 'mayor', which is not its kind 'tom'"):
        read_save(path, nyc)


def test_a_seat_a_game_adds_is_saved_with_the_level_its_kind_wrote():
    """save_seats writes a seat's level as its kind wrote it (SeatSpec.level), whatever the kind."""
    from nycrules.engine.setup import SeatSpec
    from nycrules.table.save_seats import saved_seat

    assert saved_seat(SeatSpec("Tom", "tom", "B4")) == {"name": "Tom", "kind": "tom", "tom": "B4"}
    assert saved_seat(SeatSpec("Mayor", "mayor", "X3")) == {"name": "Mayor", "kind": "mayor", "mayor": "X3"}
