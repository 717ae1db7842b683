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


def read_table() -> tuple[list[str], list[tuple[int, str, list[str]]]]:
    """(the table's comment lines, its rows as (id, key, the keys of its decision)). A list (a bid, cards
    or characters chosen together) is numbered among its decision's lists: its row names them, after
    the key, separated by `|`; any other key's id is its own."""
    comments, rows = [], []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            comments.append(line)
        else:
            action, key, *among = line.split("\t")
            rows.append((int(action), key, among[0].split("|") if among else []))
    return comments, rows


def id_of(space, key: str, among: list[str]) -> int:
    return space.actions_of(among)[among.index(key)] if among else space.action_of(key)


@pytest.fixture(scope="module")
def space():
    space = action_space(nycrules.load("nyc"))
    if golden.regenerating():
        comments, rows = read_table()
        rewritten = sorted((id_of(space, key, among), key, among) for _, key, among in rows)
        golden.rewrite(TABLE, "".join(f"{c}\n" for c in comments) + "".join(
            f"{a}\t{k}" + (f"\t{'|'.join(among)}" if among else "") + "\n" for a, k, among in rewritten))
    return space


def test_every_key_of_the_table_has_its_recorded_id(space):
    _, rows = read_table()
    moved = [(key, action, id_of(space, key, among)) for action, key, among in rows
             if id_of(space, key, among) != action]
    assert not moved, f"ids moved (key, recorded, now): {moved[:10]}"
    assert all(space.key_of(action, among or None) == key for action, key, among in rows)


def named_ids(space, region) -> list[int]:
    """The region's ids that name a key of this ruleset (the others are room for what a mod adds)."""
    named = []
    for action in range(region.start, region.start + region.size):
        try:
            space.key_of(action)
        except nycrules.ActionSpaceError:
            continue
        named.append(action)
    return named


def test_the_table_covers_every_region_at_both_ends_and_the_middle(space):
    _, rows = read_table()
    ids = {action for action, _, _ in rows}
    assert len(rows) >= 40
    for region in space.regions.values():
        if region.picks:  # numbered within a decision: the first id and a few lists
            assert region.start in ids and sum(region.start <= a < region.start + region.size for a in ids) >= 4
            continue
        named = named_ids(space, region)
        for action in (named[0], named[len(named) // 2], named[-1]):
            assert action in ids, f"the table has no key at id {action} of the region {region.name}"


def test_the_table_as_it_stands_is_noted_in_the_docs():
    """A new numbering is told to researchers: docs/api.md names the table's fingerprint."""
    fingerprint = hashlib.sha256(TABLE.read_bytes()).hexdigest()[:12]
    notes = API_DOC.read_text(encoding="utf-8").split("### Changes to action ids", 1)[1]
    assert f"`{fingerprint}`" in notes, (f"tests/action_ids/nyc.tsv changed: add a line with `{fingerprint}` and why "
                                        f"the ids changed under 'Changes to action ids' in docs/api.md")
