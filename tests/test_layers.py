"""The package's parts depend one way: the language knows no game state, the engine no screen.

Importing the language loads nothing of the engine; and no module of a folder imports one of a
folder above it (docs/architecture.md, "Where things are")."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = ["nycrules.language.registry", "nycrules.language.compiler", "nycrules.language.parser",
        "nycrules.language.nodes", "nycrules.diagnostics", "nycrules.language.checker"]


def _loaded_after_importing(modules: list[str]) -> list[str]:
    """The nycrules modules a fresh interpreter holds after importing `modules` (from this checkout)."""
    code = ("import json, sys\n" + "".join(f"import {m}\n" for m in modules)
            + "print(json.dumps(sorted(m for m in sys.modules if m.startswith('nycrules'))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_base_modules_import_nothing_of_the_engine_or_the_primitives():
    loaded = _loaded_after_importing(BASE)
    assert set(BASE) <= set(loaded)  # the check below looks at the right interpreter
    assert [m for m in loaded if m.startswith(("nycrules.engine", "nycrules.primitives"))] == []


def test_the_loader_registers_the_primitives_before_it_checks():
    loaded = _loaded_after_importing(["nycrules.loading.loader"])
    assert "nycrules.primitives" in loaded
    done = subprocess.run([sys.executable, "-c", "from nycrules.language import registry; registry.names()"], cwd=ROOT,
                          capture_output=True, text=True)
    assert "import nycrules.primitives first" in done.stderr  # not an empty registry read as "unknown"


# ------------------------------------------------------------------ the folders and their direction
PACKAGE = ROOT / "nycrules"
# Each part of the package, from the ground up, and the parts it may import (docs/architecture.md, "Where things are").
BASICS = {"diagnostics", "text", "limits", "resources"}  # top-level modules every folder uses
PUBLIC_API = {"api", "pettingzoo", "openspiel", "scenario"}  # top-level modules that docs/api.md names
MAY_IMPORT = {
    "basics": set(),
    "reading": {"basics"},
    "language": {"basics", "reading"},
    "engine": {"basics", "language"},
    "primitives": {"basics", "language", "engine"},
    "loading": {"basics", "reading", "language", "engine", "primitives", "games"},  # games: the finder only
    "agents": {"basics", "language", "engine", "games"},  # games: the finder only (another game's seat kinds)
    "public_api": {"basics", "reading", "language", "engine", "primitives", "loading", "agents"},
    "table": {"basics", "reading", "language", "engine", "primitives", "loading", "agents"},
    "web": {"basics", "reading", "language", "engine", "primitives", "loading", "agents", "table"},
    "studies": {"basics", "reading", "language", "engine", "primitives", "loading", "agents", "public_api",
                "table"},
    "cli": {"basics", "reading", "language", "engine", "primitives", "loading", "agents", "public_api", "table",
            "studies", "web", "package"},  # the package: its version
    # Each game's own vocabulary (docs/games.md); the shared parts reach a game only by its name.
    # table: drawing helpers and the table's shell; agents: the rules of seats' names and kinds
    "games": {"basics", "reading", "language", "engine", "primitives", "agents", "table"},
}


def part_of(module: str) -> str:
    """The part of the package `module` (a dotted name under nycrules) belongs to."""
    parts = module.split(".")
    if len(parts) == 1:
        return "package"  # nycrules/__init__.py: imports its public names lazily, by name
    if parts[1] == "__main__":
        return "cli"  # `python -m nycrules`
    if parts[1] in BASICS:
        return "basics"
    if parts[1] in PUBLIC_API:
        return "public_api"
    return parts[1]


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module in `path` (a file under root/nycrules)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, root: Path) -> set[str]:
    """The nycrules modules a file imports, at its top or inside a function (both are dependencies)."""
    package = module_name(path, root).split(".")
    if path.name != "__init__.py":
        package.pop()
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1] + ([node.module] if node.module else [])
            else:
                base = (node.module or "").split(".")
            if base[0] != "nycrules":
                continue
            found |= {".".join(base + [a.name]) for a in node.names} if node.module is None else {".".join(base)}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "nycrules"}
    return found


def wrong_way_imports(root: Path) -> list[str]:
    """Each import of a module of root/nycrules from a part it may not import."""
    found = []
    for path in sorted((root / "nycrules").rglob("*.py")):
        mine = part_of(module_name(path, root))
        for target in sorted(imports_of(path, root)):
            theirs = part_of(target)
            if theirs != mine and mine != "package" and theirs not in MAY_IMPORT.get(mine, ()):
                found.append(f"{path.relative_to(root).as_posix()} ({mine}) imports {target} ({theirs})")
    return found


def test_every_module_is_in_a_known_part():
    """A new module goes into the folder that fits its job (docs/architecture.md, "Where things are"), not loose in nycrules/."""
    loose = sorted(path.relative_to(ROOT).as_posix() for path in PACKAGE.rglob("*.py")
                   if part_of(module_name(path, ROOT)) not in {*MAY_IMPORT, "package"})
    assert loose == [], f"not in a known part of the package (add it to a folder, or its folder to MAY_IMPORT): {loose}"


def test_dependencies_between_the_folders_point_one_way():
    assert wrong_way_imports(ROOT) == []


def test_the_direction_check_finds_an_import_the_wrong_way(tmp_path):
    package = tmp_path / "nycrules"
    (package / "language").mkdir(parents=True)
    (package / "language" / "checker.py").write_text("def f():\n    from ..engine.state import Game\n")
    (package / "engine").mkdir()
    (package / "engine" / "state.py").write_text("from ..language import nodes as n\n")
    assert wrong_way_imports(tmp_path) == [
        "nycrules/language/checker.py (language) imports nycrules.engine.state (engine)"]


# ------------------------------------------------------------------ small modules
MAX_LINES = 400


def test_no_module_is_over_400_lines():
    lengths = {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
               for path in PACKAGE.rglob("*.py")}
    assert {name: n for name, n in lengths.items() if n > MAX_LINES} == {}


# ------------------------------------------------------------------ one engine, two games (docs/games.md)
# Each game's words: no module outside nycrules/games/ may name them, in an identifier or a text.
GAME_WORDS = {
    "ny1901": {"territory", "territories", "district", "districts", "street", "streets", "park", "parks",
               "estate", "estates", "legendary", "legendaries"},
    "nyc": {"borough", "boroughs", "vessel", "vessels", "bid", "bids", "bidding", "tom", "mayor", "prestige",
            "press", "skyscraper", "skyscrapers", "elevator", "elevators", "statue", "dollar", "dollars"},
}
# The shared modules that still name New York City's words, until they move to nycrules/games/nyc/
# (docs/games.md). The list may only shrink: a module not on it may not name them.
NYC_STILL_NAMING = ROOT / "tests" / "nyc_vocabulary_modules.txt"


# "press Enter" is the keyboard, not New York City's press tokens: a text may say it.
KEYBOARD = re.compile(r"\bpress (Enter|Return)\b", re.IGNORECASE)


def _split(name: str) -> set[str]:
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return {w.lower() for w in re.findall(r"[A-Za-z]+", spaced)}


def words_of(path: Path) -> set[str]:
    """The words of a module's identifiers and texts, lower case (snake_case and CamelCase split); of a
    web page's script, markup or style (web/), every word of it."""
    if path.suffix != ".py":
        return _split(KEYBOARD.sub("", path.read_text(encoding="utf-8")))
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.arg):
            names.append(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.append(KEYBOARD.sub("", node.value))
        for name in names:
            found |= _split(name)
    return found


def game_words_in_shared_modules(root: Path) -> dict[str, list[str]]:
    """Per game, the shared modules (outside nycrules/games/) that name one of its words, with the words."""
    found: dict[str, list[str]] = {}
    for path in sorted(p for p in (root / "nycrules").rglob("*") if p.suffix in (".py", ".js", ".html", ".css")):
        if part_of(module_name(path, root)) == "games":
            continue
        words = words_of(path)
        for game, vocabulary in GAME_WORDS.items():
            named = sorted(words & vocabulary)
            if named:
                found.setdefault(game, []).append(f"{path.relative_to(root).as_posix()}: {', '.join(named)}")
    return found


def test_no_shared_module_names_a_concept_of_new_york_1901():
    assert game_words_in_shared_modules(ROOT).get("ny1901", []) == []


def test_only_the_listed_shared_modules_still_name_new_york_city():
    listed = {line for line in NYC_STILL_NAMING.read_text(encoding="utf-8").splitlines()
              if line and not line.startswith("#")}
    naming = {entry.split(": ")[0]: entry for entry in game_words_in_shared_modules(ROOT).get("nyc", [])}
    new = [naming[path] for path in sorted(set(naming) - listed)]
    assert new == [], ("shared modules naming New York City's words: name them generically or move them "
                       "to nycrules/games/nyc/")
    cleaned = sorted(listed - set(naming))
    assert cleaned == [], f"these no longer name New York City's words: take them off {NYC_STILL_NAMING.name}"


def test_the_vocabulary_check_finds_a_game_word_in_a_shared_module(tmp_path):
    (tmp_path / "nycrules" / "engine").mkdir(parents=True)
    (tmp_path / "nycrules" / "engine" / "x.py").write_text("def claim(estate_cells):\n    return 'the District'\n")
    (tmp_path / "nycrules" / "games" / "ny1901").mkdir(parents=True)
    (tmp_path / "nycrules" / "games" / "ny1901" / "board.py").write_text("territory = 'street'\n")
    assert game_words_in_shared_modules(tmp_path) == {"ny1901": ["nycrules/engine/x.py: district, estate"]}


def test_the_vocabulary_check_reads_the_web_page_too(tmp_path):
    (tmp_path / "nycrules" / "web").mkdir(parents=True)
    (tmp_path / "nycrules" / "web" / "page.js").write_text('const ON_BOARD = {boroughName: "g.x"}; // press Enter\n')
    (tmp_path / "nycrules" / "web" / "page.html").write_text("<title>A game</title><p>Your estate</p>\n")
    assert game_words_in_shared_modules(tmp_path) == {"nyc": ["nycrules/web/page.js: borough"],
                                                      "ny1901": ["nycrules/web/page.html: estate"]}


def test_the_vocabulary_check_reads_press_enter_as_the_keyboard(tmp_path):
    (tmp_path / "nycrules" / "table").mkdir(parents=True)
    (tmp_path / "nycrules" / "table" / "x.py").write_text("MORE = '-- more: press Enter --'\n")
    assert game_words_in_shared_modules(tmp_path) == {}
    (tmp_path / "nycrules" / "table" / "x.py").write_text("TOKENS = 'a press token; press Enter'\n")
    assert game_words_in_shared_modules(tmp_path) == {"nyc": ["nycrules/table/x.py: press"]}


def test_no_shared_module_imports_a_game():
    """Only nycrules.games (its `load`, by a checked name) reaches a game's modules."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        mine = module_name(path, ROOT)
        for target in imports_of(path, ROOT):
            inside = target.split(".")[2:3]
            if target.startswith("nycrules.games.") and not mine.startswith(f"nycrules.games.{inside[0]}"):
                found.append(f"{mine} imports {target}")
    assert found == []
