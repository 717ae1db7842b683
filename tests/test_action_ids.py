"""New York City's action ids are pinned: a golden table of option keys and their ids (tests/action_ids/),
changed only with a note in docs/api.md ("Changes to action ids")."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

import golden
import nycrules
from nycrules.engine.action_space import action_space

TABLE = Path(__file__).resolve().parent / "action_ids" / "nyc.tsv"
API_DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def read_table() -> tuple[list[str], list[tuple[int, str]]]:
    """(the table's comment lines, its rows as (id, key))."""
    comments, rows = [], []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            comments.append(line)
        else:
            action, key = line.split("\t")
            rows.append((int(action), key))
    return comments, rows


@pytest.fixture(scope="module")
def space():
    space = action_space(nycrules.load("nyc"))
    if golden.regenerating():
        comments, rows = read_table()
        rewritten = sorted((space.action_of(key), key) for _, key in rows)
        golden.rewrite(TABLE, "".join(f"{c}\n" for c in comments) + "".join(f"{a}\t{k}\n" for a, k in rewritten))
    return space


def test_every_key_of_the_table_has_its_recorded_id(space):
    _, rows = read_table()
    moved = [(key, action, space.action_of(key)) for action, key in rows if space.action_of(key) != action]
    assert not moved, f"ids moved (key, recorded, now): {moved[:10]}"
    assert all(space.action_of(space.key_of(action)) == action for action, _ in rows)


def test_the_table_covers_every_region_at_both_ends_and_the_middle(space):
    _, rows = read_table()
    ids = {action for action, _ in rows}
    assert len(rows) >= 40
    for region in space.regions.values():
        for action in (region.start, region.start + region.size // 2, region.start + region.size - 1):
            assert action in ids, f"the table has no key at id {action} of the region {region.name}"


def test_the_table_as_it_stands_is_noted_in_the_docs():
    """A new numbering is told to researchers: docs/api.md names the table's fingerprint."""
    fingerprint = hashlib.sha256(TABLE.read_bytes()).hexdigest()[:12]
    notes = API_DOC.read_text(encoding="utf-8").split("### Changes to action ids", 1)[1]
    assert f"`{fingerprint}`" in notes, (f"tests/action_ids/nyc.tsv changed: add a line with `{fingerprint}` and why "
                                        f"the ids changed under 'Changes to action ids' in docs/api.md")
