"""The effects and expressions of New York City's own sections of a ruleset (the game's numbers, the
characters, the bidding, Tom), with the names each may see, among the shared ones (loading/scripts.py)."""

from __future__ import annotations

from typing import Any, Iterator

from ...language.hooks import HOOKS
from ...language.scope import ME, CheckContext, ScriptSpec
from ...reading.marked_yaml import MDict

BID_VALUE_NAMES = {name: "int" for name in ("matching", "wilds", "pairs", "singles", "added", "worth")}
_ME_VALUE = {"me": "seat", "value": "int"}


def scripts(doc: MDict, shared: dict[str, Any]) -> Iterator[ScriptSpec]:
    """Every script of the document, in the order they are parsed and checked: the game's numbers, the
    steps, the characters, the bidding, the final scoring, Tom's, the procedure."""
    yield from _game(doc)
    yield from shared["steps"](doc)
    yield from _characters(doc)
    yield from _bidding(doc)
    yield from shared["final_scoring"](doc)
    tom = doc.get("tom")
    if isinstance(tom, dict):
        yield from _tom(tom)
    yield from shared["procedure"](doc)


def _game(doc: MDict) -> Iterator[ScriptSpec]:
    game = doc.get("game")
    if isinstance(game, dict):
        for key in ("start_stacks_revealed", "pairs_dealt"):
            if key in game:
                yield ScriptSpec(("game", key), game[key], "expression", f"game.{key}",
                                 CheckContext({}, pure=True, what="a game number"))
        if "exchanges_per_turn" in game:
            yield ScriptSpec(("game", "exchanges_per_turn"), game["exchanges_per_turn"], "expression",
                             "game.exchanges_per_turn", CheckContext(dict(ME), pure=True, what="a game number"))


def _characters(doc: MDict) -> Iterator[ScriptSpec]:
    characters = doc.get("characters")
    if isinstance(characters, list):
        for i, char in enumerate(characters):
            if not isinstance(char, dict):
                continue
            hook = HOOKS.get(char.get("when")) if isinstance(char.get("when"), str) else None
            names = {"me": "seat", "this": "tile", **(hook.context if hook else {})}
            writable = hook.writable if hook else ()
            label = f"character {char.get('id')}"
            known = hook is not None
            own = char.get("when") if known and hook.mode in ("automatic", "ordered") else None
            at = hook.name if known else None
            if "effect" in char:
                yield ScriptSpec(("characters", i, "effect"), char["effect"], "effect", label,
                                 CheckContext(names, writable, label=label, own_hook=own, hook=at), checkable=known)
            if "requires" in char:
                yield ScriptSpec(("characters", i, "requires"), char["requires"], "expression", label,
                                 CheckContext(dict(names), pure=True, label=label, hook=at), "bool", checkable=known)


def _bidding(doc: MDict) -> Iterator[ScriptSpec]:
    bidding = doc.get("bidding")
    if isinstance(bidding, dict):
        rounds = bidding.get("rounds")
        if isinstance(rounds, list):
            for i, rnd in enumerate(rounds):
                if isinstance(rnd, dict):
                    for key in ("action", "bonus", "runner_up"):
                        if key in rnd:
                            label = f"{rnd.get('id')} round {key.replace('_', '-')}"
                            yield ScriptSpec(("bidding", "rounds", i, key), rnd[key], "effect", label,
                                             CheckContext(dict(_ME_VALUE), label=label))
        if "value" in bidding:
            yield ScriptSpec(("bidding", "value"), bidding["value"], "effect", "bid value",
                             CheckContext(dict(BID_VALUE_NAMES), ("worth",), pure=True, what="the bid value"))
        if "after_each_round" in bidding:
            yield ScriptSpec(("bidding", "after_each_round"), bidding["after_each_round"], "effect",
                             "after each bidding round", CheckContext({}))


def _tom(tom: dict) -> Iterator[ScriptSpec]:
    game = tom.get("game")
    if isinstance(game, dict):
        for key, text in game.items():
            yield ScriptSpec(("tom", "game", key), text, "expression", f"Tom: game.{key}",
                             CheckContext({}, pure=True, what="a game number"))
    steps = tom.get("steps")
    if isinstance(steps, dict):
        for key, text in steps.items():
            yield ScriptSpec(("tom", "steps", key), text, "effect", f"Tom: step {key}", CheckContext(dict(ME)))
    for key in ("phase1", "before_bid", "bid"):
        if key in tom:
            yield ScriptSpec(("tom", key), tom[key], "effect", f"Tom: {key.replace('_', ' ')}", CheckContext(dict(ME)))
    rounds = tom.get("rounds")
    if isinstance(rounds, dict):
        for rid, parts in rounds.items():
            if isinstance(parts, dict):
                for key, text in parts.items():
                    label = f"Tom: {rid} round {key.replace('_', '-')}"
                    yield ScriptSpec(("tom", "rounds", rid, key), text, "effect", label,
                                     CheckContext(dict(_ME_VALUE), label=label))
    final = tom.get("final_scoring")
    if isinstance(final, dict):
        for key, text in final.items():
            label = f"Tom: final scoring: {key}"
            yield ScriptSpec(("tom", "final_scoring", key), text, "effect", label, CheckContext(dict(ME), label=label))
