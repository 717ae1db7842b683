"""The outcome oracle (tests/oracle/games.py): every seeded game of it plays exactly as recorded.

A failure in `play` means a game changed: the commit that changes it must name the rule behind
the change and record it (`python tests/oracle/games.py --write --reason "..."`, which keeps the
reason with the games it changed). A failure in `text` alone means what a person reads changed,
not the game.
"""

import pytest

from oracle.games import DIGESTS, describe, differences, games, read_file, record_of, write_file

RECORDED, CHANGES = read_file()
GAMES = games()
BLOCKS = 8


def test_the_oracle_covers_every_seat_count_and_kind():
    seats = [g.seats for g in GAMES]
    assert len(GAMES) == len(RECORDED) >= 250
    assert {g.key for g in GAMES} == set(RECORDED)
    assert {len(s) for s in seats} == {2, 3, 4}
    kinds = {k.split(":")[0] + (":" + k.split(":")[1] if k.startswith("bot:") else "") for s in seats for k in s}
    assert {"bot:random", "bot:greedy", "bot:mcts", "tom"} <= kinds
    assert {len(g.seats) for g in GAMES if g.ruleset == "ny1901"} == {2, 3, 4}  # both games (issue 29)
    assert all(g.key.startswith("ny1901 ") for g in GAMES if g.ruleset == "ny1901")


@pytest.mark.parametrize("block", range(BLOCKS))
def test_seeded_games_play_as_recorded(block):
    now = {g.key: record_of(g) for g in GAMES[block::BLOCKS]}
    diff = differences(now, {key: RECORDED[key] for key in now})
    lines = "\n".join(describe(k, now[k], RECORDED[k]) for k in diff["play"][:5])
    assert not diff["play"], f"these games play differently now (decisions, points, winner):\n{lines}"
    assert not diff["text"], f"what a person reads changed in these games: {diff['text'][:5]}"


def test_every_recorded_change_names_its_reason_and_games():
    for change in CHANGES:
        assert change["reason"].strip()
        assert any(change.get(kind) for kind in ("play", "text", "new", "gone"))


# ------------------------------------------------------------------ --write guards the record
@pytest.fixture
def small_oracle(tmp_path, monkeypatch):
    """The oracle cut to its first three games, with one game's play digest changed in its file."""
    import oracle.games as module

    few = GAMES[:3]
    table = {g.key: dict(RECORDED[g.key]) for g in few}
    table[few[1].key]["play"] = "0" * 16
    path = tmp_path / "digests.json"
    write_file(table, [], path)
    monkeypatch.setattr(module, "DIGESTS", path)
    monkeypatch.setattr(module, "games", lambda: few)
    return module, path, few


def test_write_refuses_to_change_a_game_without_a_reason(small_oracle, capsys):
    module, path, few = small_oracle
    before = path.read_text()
    assert module.main(["--write"]) == 1
    assert path.read_text() == before
    out = capsys.readouterr()
    assert "refused" in out.err and "--reason" in out.err
    assert "play: 1 of 3 games" in out.out and few[1].key in out.out


def test_write_with_a_reason_records_it_with_the_games_it_changed(small_oracle):
    module, path, few = small_oracle
    assert module.main(["--write", "--reason", "ruling 99: a test"]) == 0
    table, changes = module.read_file(path)
    assert table[few[1].key] == RECORDED[few[1].key]
    assert changes == [{"reason": "ruling 99: a test", "play": [few[1].key]}]


def test_write_changes_nothing_when_nothing_changed(small_oracle):
    module, path, few = small_oracle
    module.main(["--write", "--reason", "first"])
    after_first = path.read_text()
    assert module.main(["--write"]) == 0
    assert path.read_text() == after_first


def test_the_file_has_one_line_a_game_its_summary_first():
    lines = [line for line in DIGESTS.read_text().splitlines() if line.startswith('  "')]
    assert len(lines) == len(RECORDED)
    assert all('{"summary": ' in line and " decisions; points by seat " in line for line in lines)
