"""New York 1901's action space (its ruleset's `actions:`): every option of random games has an id,
ids and keys go both ways, and a region's room may be given per slot of its key (issue 29)."""

from __future__ import annotations

import random

import pytest

import nycrules
from nycrules.engine.action_space import ActionSpaceError, action_space
from nycrules.loading.loader import check_ruleset

from ny1901_games import FOLDER

RULESET = nycrules.load("ny1901")
SPACE = action_space(RULESET)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_option_of_random_games_has_an_id(seats):
    rng = random.Random(seats)
    for seed in range(8):
        game = nycrules.new_game([f"P{i}" for i in range(seats)], seed=seed, ruleset=RULESET)
        while (decision := game.decision()) is not None:
            keys = [o.key for o in decision.options]
            ids = SPACE.actions_of(keys)  # ActionSpaceError for a key with no id
            assert len(set(ids)) == len(ids) and all(0 <= i < SPACE.size for i in ids)
            assert [SPACE.key_of(i, keys) for i in ids] == keys
            assert game.legal_actions() == sorted(ids)
            game.apply(rng.randrange(len(keys)))


def test_a_place_is_numbered_by_tile_square_and_turn_each_with_its_own_room():
    spots = SPACE.regions["spots"]
    assert spots.capacities == (32, 400, 4) and spots.size == 32 * 400 * 4
    tiles, squares = RULESET.part.lists["tiles"], RULESET.part.lists["squares"]
    key = f"spot:{tiles[5]}@{squares[37]}/3"
    assert SPACE.action_of(key) == spots.start + (5 * 400 + 37) * 4 + 3
    assert SPACE.key_of(SPACE.action_of(key)) == key
    with pytest.raises(ActionSpaceError, match="beyond the action space's room"):
        SPACE.action_of(f"spot:{tiles[5]}@{squares[37]}/4")


def test_pinned_ids():
    """Ids researchers' tools may have stored: they move only with a note in docs/api.md."""
    assert {key: SPACE.action_of(key) for key in ("yes", "no", "expand", "demolish", "build", "territory:y1",
                                                   "territory_card:blue/3", "tile:bronze_2a",
                                                   "spot:bronze_2a@A1/0")} == {
        "yes": 0, "no": 1, "expand": 2, "demolish": 3, "build": 4, "territory:y1": 8,
        "territory_card:blue/3": 104 + 1 * 4 + 3, "tile:bronze_2a": 136, "spot:bronze_2a@A1/0": 168}


def test_a_list_of_capacities_needs_one_for_each_slot(tmp_path):
    import shutil
    shutil.copytree(FOLDER, tmp_path / "ny1901")
    path = tmp_path / "ny1901" / "ruleset.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("capacity: [32, 400, 4]", "capacity: [32, 400]"), encoding="utf-8")
    result = check_ruleset(path)
    assert result.ruleset is None
    assert [(d.code, d.message) for d in result.diagnostics] == [
        ("E420", "action region 'spots': a list of capacities needs one for each of its key's 3 slot(s), in order, "
                 "and an ordered key")]
