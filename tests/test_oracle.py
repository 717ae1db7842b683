"""The outcome oracle (tests/oracle/games.py): every seeded game of it plays exactly as recorded.

A failure in `play` means a game changed: the commit that changes it must name the rule behind
the change and regenerate the digests (`python tests/oracle/games.py --write`). A failure in
`text` alone means what a person reads changed, not the game.
"""

import json

import pytest

from oracle.games import DIGESTS, digest_with_options, games, name

RECORDED = json.loads(DIGESTS.read_text())
GAMES = games()
BLOCKS = 8


def test_the_oracle_covers_every_seat_count_and_kind():
    seats = [s for s, _ in GAMES]
    assert len(GAMES) == len(RECORDED) >= 250
    assert {len(s) for s in seats} == {2, 3, 4}
    kinds = {k.split(":")[0] + (":" + k.split(":")[1] if k.startswith("bot:") else "") for s in seats for k in s}
    assert {"bot:random", "bot:greedy", "bot:mcts", "tom"} <= kinds


@pytest.mark.parametrize("block", range(BLOCKS))
def test_seeded_games_play_as_recorded(block):
    changed = {"play": [], "text": []}
    for seats, seed in GAMES[block::BLOCKS]:
        key = name(seats, seed)
        now = digest_with_options(seats, seed)
        for kind in changed:
            if now[kind] != RECORDED[key][kind]:
                changed[kind].append(key)
    assert not changed["play"], f"these games play differently now: {changed['play'][:5]}"
    assert not changed["text"], f"what a person reads changed in these games: {changed['text'][:5]}"
