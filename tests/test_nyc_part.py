"""Every ruleset has its game's part (docs/games.md, "Moving New York City"): New York City's too, so
no shared module asks whether a ruleset has one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nycrules.engine.information import observation
from nycrules.api import new_game
from nycrules.diagnostics import NycRulesError
from nycrules.loading.loader import check_ruleset, load_ruleset

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = [ROOT / "rulesets" / "nyc", ROOT / "rulesets" / "ny1901", ROOT / "rulesets" / "ny1901" / "advanced.yaml",
           *sorted((ROOT / "rulesets" / "examples").glob("*.yaml"))]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_ruleset_has_the_part_of_the_game_it_names(path):
    ruleset = load_ruleset(path)
    assert ruleset.part.game == ("ny1901" if "ny1901" in path.parts else "nyc")
    assert ruleset.seat_counts == (2, 3, 4)


def test_new_york_city_s_part_lays_out_its_table_and_says_what_a_seat_sees():
    ruleset = load_ruleset(ROOT / "rulesets" / "nyc")
    game = new_game(["Ann", "Bob", "Cy"], seed=3, ruleset=ruleset).state
    seen = observation(game, 1)
    assert len(seen["boroughs"]) == len(ruleset.part.components.boroughs) and seen["seat"] == 1
    assert "hand" in seen["seats"][1] and "hand" not in seen["seats"][0]  # its own cards only
    with pytest.raises(NycRulesError, match="plays with 2, 3, 4 seats, not 5"):
        new_game([f"P{i}" for i in range(5)], seed=3, ruleset=ruleset)


def test_no_shared_module_asks_whether_a_ruleset_has_a_part():
    asking = re.compile(r"\.part is (not )?None|getattr\([^)]*[\"']part[\"']")
    found = [f"{path.relative_to(ROOT)}:{number}"
             for path in sorted((ROOT / "nycrules").rglob("*.py")) if "games" not in path.relative_to(ROOT).parts
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if asking.search(line)]
    assert found == []


def test_a_new_york_1901_ruleset_cannot_call_new_york_city_s_primitives(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text("extends: ny1901\nruleset: {id: m1901, name: Mod, version: 1, game: ny1901}\n"
                   "steps:\n  turn: |\n    found = boroughs()\n", encoding="utf-8")
    found = check_ruleset(mod).diagnostics
    assert [(d.code, d.location.line) for d in found] == [("E402", 5)]
    assert found[0].message.startswith("unknown primitive 'boroughs'")
    assert check_ruleset(ROOT / "rulesets" / "nyc").ruleset is not None  # its own rulesets call it
