"""A New York 1901 mod in a folder of its own: its base's board and tiles are found beside the base,
a board file the mod names beside the mod."""

import shutil
from pathlib import Path

from nycrules.loading.loader import check_ruleset

BASE = Path(__file__).resolve().parent.parent / "rulesets" / "ny1901"
HEADER = "extends: ny1901\nruleset: {id: m1901, name: Mod, version: 1, game: ny1901}\n"


def test_a_mod_elsewhere_finds_its_bases_board_and_plays(tmp_path):
    mod = tmp_path / "mod.yaml"
    mod.write_text(HEADER + "params: {market_size: 4}\n", encoding="utf-8")
    checked = check_ruleset(mod)
    assert checked.ruleset is not None, [d.headline() for d in checked.diagnostics]
    import nycrules
    game = nycrules.new_game(["bot:random", "bot:random"], seed=2, ruleset=checked.ruleset)
    game.run()
    assert game.winners()


def test_a_board_the_mod_names_is_read_beside_the_mod(tmp_path):
    shutil.copy(BASE / "board.yaml", tmp_path / "my_board.yaml")
    mod = tmp_path / "mod.yaml"
    mod.write_text(HEADER + "components: {board: my_board.yaml}\n", encoding="utf-8")
    assert check_ruleset(mod).ruleset is not None
    mod.write_text(HEADER + "components: {board: no_board.yaml}\n", encoding="utf-8")
    headlines = [d.headline() for d in check_ruleset(mod).diagnostics]
    assert any(h.startswith(f"{mod.name}:3:") or "mod.yaml:3:" in h for h in headlines) and \
        any("no file 'no_board.yaml' beside the ruleset" in h for h in headlines), headlines


def test_the_log_counts_the_workers_that_come_back_in_words_that_agree():
    import nycrules
    game = nycrules.new_game(["bot:greedy", "bot:random"], seed=3, ruleset=nycrules.load(BASE))
    game.run()
    built = [e.text for e in game.events() if e.text.startswith("builds ") and "back" in e.text]
    assert any(text.endswith("; 1 worker comes back") for text in built)
    assert not any(text.endswith("1 worker come back") or text.endswith("workers comes back") for text in built)
