"""The cache of checked rulesets: same rules as a fresh load, never stale, never trusted blindly."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import nycrules
from nycrules import limits
from nycrules.language import parser
from nycrules.loading import ruleset_cache
from nycrules.language.runtime import Frame
from nycrules.loading.loader import check_ruleset
from nycrules.resources import shipped_ruleset
from scenario import table

MOD = "extends: nyc\ncharacters:\n  - id: 23\n    text: Gain 12 points.\n    effect: gain_points(me, 12)\n"


@pytest.fixture()
def cache(tmp_path, monkeypatch) -> Path:
    """A private cache folder of this test's own; its nycrules folder once made."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir(mode=0o700)
    return tmp_path / "cache" / "nycrules"


@pytest.fixture(scope="module")
def shipped_entry(tmp_path_factory) -> tuple[str, bytes, bytes]:
    """The cache file of the shipped ruleset (name and bytes) and the secret that signed it, made once
    for the tests that damage it."""
    folder = tmp_path_factory.mktemp("cache")
    os.chmod(folder, 0o700)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        check_ruleset(shipped_ruleset())
    [entry] = entries(folder / "nycrules")
    return entry.name, entry.read_bytes(), (folder / "nycrules" / "secret.key").read_bytes()


@pytest.fixture()
def seeded(cache, shipped_entry) -> Path:
    """The test's cache folder holding the shipped ruleset's file; returns that file."""
    cache.mkdir(mode=0o700)
    (cache / shipped_entry[0]).write_bytes(shipped_entry[1])
    os.chmod(cache / shipped_entry[0], 0o600)
    (cache / "secret.key").write_bytes(shipped_entry[2])
    os.chmod(cache / "secret.key", 0o600)
    return cache / shipped_entry[0]


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("ruleset-*.json"))


def no_parsing(monkeypatch) -> None:
    """Make any use of the effect parser fail the test."""
    def refuse(*args, **kwargs):
        raise AssertionError("the effects were parsed again")
    monkeypatch.setattr(parser, "parse_effect", refuse)
    monkeypatch.setattr(parser, "parse_expression", refuse)


def points_of_critic(ruleset) -> int:
    """What character 23's compiled effect gives its owner."""
    game = table(ruleset=ruleset)
    seat = game.seats[0]
    before = seat.points
    ruleset.part.characters[23].effect.run(Frame(game, {"me": seat}))
    return seat.points - before


def play(ruleset) -> list:
    game = nycrules.new_game(["bot:greedy", "bot:random", "tom:B4"], seed=11, ruleset=ruleset)
    game.run()
    return [str(e) for e in game.events()] + [json.dumps(game.scores())]


def test_a_ruleset_from_the_cache_is_the_same_game_without_parsing_again(cache, monkeypatch):
    fresh = check_ruleset(shipped_ruleset(), use_cache=False).ruleset
    first = check_ruleset(shipped_ruleset())
    assert first.ruleset is not None and len(entries(cache)) == 1
    no_parsing(monkeypatch)
    again = check_ruleset(shipped_ruleset())
    assert again.diagnostics == [] and again.ruleset.digest == fresh.digest
    assert again.ruleset == fresh  # every rule's label, text and place (the compiled code is not compared)
    assert play(again.ruleset) == play(fresh)


def test_a_ruleset_from_the_cache_runs_its_rules_and_procedure_without_compiling_them_again(cache, monkeypatch):
    """The Python code generated from the rules is kept with them: a later run compiles none of it again."""
    from nycrules.engine import procedure_code
    from nycrules.language import compiler

    fresh = check_ruleset(shipped_ruleset(), use_cache=False).ruleset
    assert check_ruleset(shipped_ruleset()).ruleset is not None
    again = check_ruleset(shipped_ruleset())

    def refuse(*args, **kwargs):
        raise AssertionError("generated code was compiled again")
    monkeypatch.setattr(compiler, "compile", refuse, raising=False)
    monkeypatch.setattr(procedure_code, "compile", refuse, raising=False)
    assert play(again.ruleset) == play(check_ruleset(shipped_ruleset()).ruleset)
    monkeypatch.undo()
    assert play(again.ruleset) == play(fresh)


def test_a_cache_file_written_by_validate_simulate_gets_the_code_a_game_runs(cache, monkeypatch):
    """`validate --simulate` compiles each statement apart (its probe): it keeps the trees but no code;
    the next ordinary load writes the code, which a later `validate --simulate` leaves there."""
    from nycrules.language.probe import Probe, ProbedCompiler

    def probed():
        return check_ruleset(shipped_ruleset(), lambda calls, symbols, params: ProbedCompiler(calls, symbols, params,
                                                                                              Probe()))
    assert probed().ruleset is not None
    [entry] = entries(cache)
    assert json.loads(entry.read_text())["codes"] is None
    assert check_ruleset(shipped_ruleset()).ruleset is not None
    kept = json.loads(entry.read_text())["codes"]
    assert kept
    assert probed().ruleset is not None and json.loads(entry.read_text())["codes"] == kept


def _other_code(kept: str) -> str:
    """The cache's compiled code with one function's code swapped for another's."""
    import base64
    import marshal

    codes = marshal.loads(base64.b64decode(kept))
    first, second = list(codes)[:2]
    codes[first] = codes[second]
    return base64.b64encode(marshal.dumps(codes)).decode("ascii")


def test_the_cached_trees_are_the_parsed_trees_with_their_places(cache):
    from nycrules.loading import scripts
    from nycrules.diagnostics import Sink, SourceTexts
    from nycrules.reading.documents import DocumentLoader

    sink = Sink()
    documents = DocumentLoader(sink, SourceTexts())
    doc = documents.load_ruleset(shipped_ruleset() / "ruleset.yaml")
    from nycrules.games import nyc
    specs = [s for s in scripts.scripts_of(doc, nyc.scripts) if isinstance(s.text, scripts.MStr)]
    parsed = [scripts.parse(s, sink, doc) for s in specs]
    store = ruleset_cache.RulesetCache.open(documents.texts)
    store.store([s.key for s in specs], parsed)
    assert store.trees([s.key for s in specs], [s.kind for s in specs]) == parsed
    assert not sink


def test_a_changed_file_is_never_served_from_the_cache(cache, tmp_path, monkeypatch):
    mod = tmp_path / "mod.yaml"
    mod.write_text(MOD)
    assert points_of_critic(check_ruleset(mod).ruleset) == 12
    stamp = mod.stat()
    mod.write_text(MOD.replace("12)", "13)"))  # same size, same modification time
    os.utime(mod, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert points_of_critic(check_ruleset(mod).ruleset) == 13
    mod.write_text(MOD.replace("12)", "1 2)"))
    os.utime(mod, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    broken = check_ruleset(mod)
    assert broken.ruleset is None
    assert broken.diagnostics and broken.diagnostics == check_ruleset(mod, use_cache=False).diagnostics


def test_an_included_file_counts_too(cache, tmp_path):
    (tmp_path / "extra.yaml").write_text("params:\n  bonus: 2\n")
    (tmp_path / "mod.yaml").write_text(MOD + "include: [extra.yaml]\n")
    assert check_ruleset(tmp_path / "mod.yaml").ruleset.params["bonus"] == 2
    (tmp_path / "extra.yaml").write_text("params:\n  bonus: 3\n")
    assert check_ruleset(tmp_path / "mod.yaml").ruleset.params["bonus"] == 3
    (tmp_path / "extra.yaml").write_text("params:\n  bonus: [\n")
    assert check_ruleset(tmp_path / "mod.yaml").ruleset is None


def _tamper(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _first_effect(data) -> list:
    return next(tree for key, tree in data["scripts"] if tree[0] == "Effect")


def _an_expression_becomes(data, tree) -> None:
    index = next(i for i, (key, old) in enumerate(data["scripts"]) if old[0] != "Effect")
    data["scripts"][index][1] = tree


DAMAGE = {
    "truncated": lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]),
    "not json": lambda p: p.write_bytes(b"\x80\x81 not json"),
    "empty": lambda p: p.write_bytes(b""),
    "a list": lambda p: p.write_text("[]"),
    "other format": lambda p: _tamper(p, lambda d: d.update(format=0)),
    "other key": lambda p: _tamper(p, lambda d: d.update(key="0" * 64)),
    "a script less": lambda p: _tamper(p, lambda d: d["scripts"].pop()),
    "scripts swapped": lambda p: _tamper(p, lambda d: d["scripts"].reverse()),
    "unknown node": lambda p: _tamper(p, lambda d: _first_effect(d)[1][0].__setitem__(0, "Exec")),
    "a statement as a value": lambda p: _tamper(p, lambda d: _an_expression_becomes(d, ["Pass", [0, 1, 1]])),
    "an effect as an expression": lambda p: _tamper(p, lambda d: _an_expression_becomes(d, _first_effect(d))),
    "a field missing": lambda p: _tamper(p, lambda d: _first_effect(d).pop()),
    "a bad place": lambda p: _tamper(p, lambda d: _first_effect(d).__setitem__(-1, [99, 1, 1])),
    "a huge number": lambda p: p.write_text(p.read_text().replace('["Number",1,', '["Number",' + "9" * 30 + ",")),
    "a truth value as a number": lambda p: p.write_text(p.read_text().replace('["Number",1,', '["Number",true,')),
    "an unknown operator": lambda p: p.write_text(p.read_text().replace('"+"', '"**"')),
    "other compiled code": lambda p: _tamper(p, lambda d: d.update(codes=_other_code(d["codes"]))),
    "deeply nested": lambda p: p.write_text('{"format":1,"scripts":' + "[" * 100_000 + "]" * 100_000 + "}"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_or_planted_cache_file_is_ignored_and_rewritten(seeded, damage):
    good = seeded.read_bytes()
    DAMAGE[damage](seeded)
    assert seeded.read_bytes() != good, "the damage changed nothing"
    again = check_ruleset(shipped_ruleset())
    assert again.diagnostics == [] and again.ruleset is not None
    assert seeded.read_bytes() == good  # parsed again and written back


def test_trees_that_do_not_check_are_checked_again_from_the_files(seeded):
    """A tree that decodes but fails the checker (say, an unknown name): diagnostics never come from the cache."""
    entry = seeded
    entry.write_text(entry.read_text().replace('["Name","me",', '["Name","nobody",', 1))
    again = check_ruleset(shipped_ruleset())
    assert again.diagnostics == [] and again.ruleset is not None


def test_the_cache_is_not_used_from_a_folder_others_can_write(cache, seeded, monkeypatch):
    os.chmod(cache, 0o777)
    assert ruleset_cache.RulesetCache.open([("x", "y")]) is None
    no_parsing(monkeypatch)
    with pytest.raises(AssertionError, match="parsed again"):
        check_ruleset(shipped_ruleset())
    os.chmod(cache, 0o700)
    assert check_ruleset(shipped_ruleset()).ruleset is not None


@pytest.mark.parametrize("plant", ["writable by others", "a link", "a folder", "too big"])
def test_a_cache_file_not_of_ones_own_is_not_read(cache, seeded, tmp_path, monkeypatch, plant):
    entry = seeded
    if plant == "writable by others":
        os.chmod(entry, 0o666)
    elif plant == "a link":
        shutil.move(entry, tmp_path / "elsewhere.json")
        entry.symlink_to(tmp_path / "elsewhere.json")
    elif plant == "a folder":
        entry.unlink()
        entry.mkdir()
    else:
        monkeypatch.setattr(ruleset_cache, "MAX_CACHE_FILE_BYTES", entry.stat().st_size - 1)
    no_parsing(monkeypatch)
    with pytest.raises(AssertionError, match="parsed again"):
        check_ruleset(shipped_ruleset())
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache.parent))
    assert check_ruleset(shipped_ruleset()).ruleset is not None
    if plant == "a link":  # nothing was written through it
        assert entry.is_symlink() and json.loads((tmp_path / "elsewhere.json").read_text())["format"] == ruleset_cache.FORMAT


def test_no_more_than_the_limit_of_cache_files_is_kept(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(ruleset_cache, "MAX_CACHED_RULESETS", 3)
    for bonus in range(5):
        (tmp_path / f"mod{bonus}.yaml").write_text(MOD + f"params:\n  bonus: {bonus}\n")
        assert check_ruleset(tmp_path / f"mod{bonus}.yaml").ruleset is not None
    assert len(entries(cache)) == 3
    assert limits.MAX_CACHED_RULESETS >= 10


def test_an_invalid_ruleset_is_not_cached(cache, tmp_path):
    (tmp_path / "mod.yaml").write_text(MOD.replace("12)", "12"))
    assert check_ruleset(tmp_path / "mod.yaml").ruleset is None
    assert entries(cache) == []


def test_the_shipped_ruleset_s_cache_file_is_far_below_its_limit(shipped_entry):
    assert len(shipped_entry[1]) * 20 < limits.MAX_CACHE_FILE_BYTES


def test_every_kind_of_node_can_be_kept_with_all_its_fields():
    """A node added to nodes.py (or a field) must be added to ruleset_cache._FIELDS too."""
    import dataclasses

    from nycrules.language import nodes

    classes = {cls for cls in vars(nodes).values() if dataclasses.is_dataclass(cls) and cls.__module__ == nodes.__name__}
    assert classes == set(ruleset_cache._FIELDS)
    for cls in classes:
        assert len(dataclasses.fields(cls)) == len(ruleset_cache._FIELDS[cls]), cls.__name__


def test_a_cache_file_edited_by_its_owner_never_changes_a_rule(cache, tmp_path):
    """Issue 21: `gain_points(me, 2)` edited to 777 in the cache file awarded 777 while the rule says 2."""
    mod = tmp_path / "mod.yaml"
    mod.write_text(MOD.replace("12", "2"))
    assert check_ruleset(mod).ruleset is not None
    [entry] = entries(cache)
    entry.write_text(entry.read_text().replace('["Number",2,', '["Number",777,'))
    ruleset = check_ruleset(mod).ruleset
    game = table(ruleset=ruleset)
    seat = game.seats[0]
    before = seat.points
    ruleset.part.characters[23].effect.run(Frame(game, {"me": seat, "this": None}))
    assert seat.points - before == 2
    assert '["Number",2,' in entry.read_text()  # parsed again and written back, signed


def test_a_cache_file_copied_from_another_cache_is_not_read(cache, seeded, monkeypatch):
    """The signatures' secret is each cache's own: a file made elsewhere (seeded here) is parsed again."""
    (cache / "secret.key").write_bytes(os.urandom(32))
    os.chmod(cache / "secret.key", 0o600)
    no_parsing(monkeypatch)
    with pytest.raises(AssertionError, match="parsed again"):
        check_ruleset(shipped_ruleset())


def test_the_key_covers_every_module_of_the_program_in_every_folder(monkeypatch):
    """A change anywhere in the program (the language, the primitives, the engine) makes a new key, so a
    cache file written by another version, or before the modules moved into folders, is never read."""
    fed = []
    monkeypatch.setattr(ruleset_cache, "_feed", lambda digest, name, data: fed.append(name))
    ruleset_cache._program_digest.cache_clear()
    try:
        ruleset_cache._program_digest()
    finally:
        ruleset_cache._program_digest.cache_clear()  # the next key is made from the real digest again
    package = Path(nycrules.__file__).resolve().parent
    assert {path.relative_to(package).as_posix() for path in package.rglob("*.py")} <= set(fed)
    assert {"language/parser.py", "language/checker.py", "games/nyc/primitives_cards.py", "engine/state.py"} <= set(fed)


def test_a_relative_cache_or_data_folder_writes_nothing_in_the_current_folder(tmp_path, monkeypatch):
    """Before, XDG_CACHE_HOME=relcache made relcache/nycrules (the cache and its secret key) in the
    folder the command ran in. A relative XDG folder is ignored, as the XDG rule says: ~/.cache then."""
    from nycrules.reading.user_cache import private_folder
    from nycrules.table.saves import data_folder
    home, here = tmp_path / "home", tmp_path / "here"
    home.mkdir(mode=0o700)
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", "relcache")
    monkeypatch.setenv("XDG_DATA_HOME", "reldata")
    assert private_folder() == home / ".cache" / "nycrules"
    assert data_folder() == home / ".local" / "share" / "nycrules"
    assert list(here.iterdir()) == []


@pytest.mark.parametrize("key", [b"", b"\x01" * 7, b"\x02" * 5000], ids=["empty", "cut short", "too long"])
def test_a_damaged_secret_key_is_made_again_and_the_cache_works(cache, tmp_path, key):
    """An empty secret.key (the disk was full as it was written) turned the cache off for good."""
    cache.mkdir(mode=0o700)
    (cache / "secret.key").write_bytes(key)
    os.chmod(cache / "secret.key", 0o600)
    mod = tmp_path / "mod.yaml"
    mod.write_text(MOD, encoding="utf-8")
    assert check_ruleset(mod).diagnostics == []
    assert len((cache / "secret.key").read_bytes()) == 32 and entries(cache)
    assert oct(os.stat(cache / "secret.key").st_mode & 0o777) == "0o600"


def test_a_cache_folder_reached_through_a_link_of_ones_own_is_used(tmp_path, monkeypatch):
    """With XDG_CACHE_HOME a symbolic link (to a private folder), nothing was ever cached."""
    real = tmp_path / "real-cache"
    real.mkdir(mode=0o700)
    (tmp_path / "link-cache").symlink_to(real)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "link-cache"))
    mod = tmp_path / "mod.yaml"
    mod.write_text(MOD, encoding="utf-8")
    assert check_ruleset(mod).diagnostics == []
    assert entries(real / "nycrules")
