"""Verdicts on a mod's characters: is a new or changed character likely too strong, too weak, or neither?

A character's strength is its effect on its owner (effects.py: owners against non-owners in
the same seat, in points). A mod's character is judged against a reference from the base:

- a changed character (or, when asked, an untouched one) against its own base version:
  the figure is the change in what owning it does;
- a new character against the base's characters of the same value (the same price and the
  same points at the end): the figure is how much more it does than they do on average.

The verdict needs the figure to be clear of zero by a margin, with all judged characters
taken together: "likely too strong" when the simultaneous interval (Bonferroni over the
judged characters, at 95%) lies above +MARGIN points, "likely too weak" when it lies below
-MARGIN, "no clear effect" otherwise. A mod compared with itself, or with a change that does
nothing, is then called "too strong" or "too weak" for any character less than 5% of the time.
"""

from __future__ import annotations

from typing import Sequence

from .effects import Sample
from .model import CharacterDef, Ruleset
from .stats import Bootstrapped, bootstrapped

MARGIN = 1.0  # points: an effect smaller than this is not called, however sure it is
ALPHA = 0.05  # the chance of calling anything at all when nothing differs

STRONG, WEAK, UNCLEAR, UNTOLD = "likely too strong", "likely too weak", "no clear effect", "too few owners to tell"
NEW, CHANGED, SAME, REMOVED = "new", "changed", "same", "removed"


def _rules_of(char: CharacterDef) -> tuple:
    """What a character is and does, without where it is written."""
    return (char.title, char.phase, char.value, char.copies, char.cost, char.when, char.text, char.effect.source,
            char.requires.source if char.requires else None, char.needs_a_bid)


def changes(mod: Ruleset, base: Ruleset) -> dict[int, str]:
    """Each character id of either ruleset: new in the mod, changed, the same, or removed."""
    found = {}
    for char_id in sorted(set(mod.characters) | set(base.characters)):
        if char_id not in base.characters:
            found[char_id] = NEW
        elif char_id not in mod.characters:
            found[char_id] = REMOVED
        else:
            same = _rules_of(mod.characters[char_id]) == _rules_of(base.characters[char_id])
            found[char_id] = SAME if same else CHANGED
    return found


def _reference(char_id: int, status: str, mod: Ruleset, base: Ruleset,
               base_effects: dict[int, Sample]) -> tuple[str, float | None, list[float | None]]:
    """What the character is measured against: a label, the base's figure and its draws."""
    if status != NEW:
        sample = base_effects[char_id]
        return "its base version", sample.points, list(sample.points_drawn)
    value = mod.characters[char_id].value
    told = [c for c in sorted(base.characters) if base_effects[c].points is not None]
    peers = [c for c in told if base.characters[c].value == value]
    label = f"the base's value-{value} characters"
    if not peers:
        peers, label = told, "the base's characters"
    if not peers:
        return label, None, []
    draws = len(base_effects[peers[0]].points_drawn)
    mean = sum(base_effects[c].points for c in peers) / len(peers)  # type: ignore[misc]
    drawn: list[float | None] = []
    for i in range(draws):
        values = [base_effects[c].points_drawn[i] for c in peers]
        drawn.append(None if None in values else sum(values) / len(values))  # type: ignore[arg-type]
    return label, mean, drawn


def _difference(mod: Sample, reference: float | None, drawn: list[float | None]) -> Bootstrapped | None:
    if mod.points is None or reference is None:
        return None
    paired = [None if m is None or r is None else m - r for m, r in zip(mod.points_drawn, drawn)]
    return bootstrapped(mod.points - reference, paired, mod.owners)


def verdict(figure: Bootstrapped | None, family: int) -> str:
    """The plain verdict on one figure judged with `family` figures in all."""
    if figure is None:
        return UNTOLD
    low, high = figure.simultaneous(family, ALPHA)
    if low > MARGIN:
        return STRONG
    if high < -MARGIN:
        return WEAK
    return UNCLEAR


def judge(mod: Ruleset, base: Ruleset, mod_effects: dict[int, Sample], base_effects: dict[int, Sample],
          games: int, everything: bool = False) -> dict:
    """Every character of the two rulesets with its figure; a verdict for the new and changed ones
    (for all of them when `everything`)."""
    rows = []
    for char_id, status in changes(mod, base).items():
        title = (mod.characters.get(char_id) or base.characters[char_id]).title
        row: dict = {"id": char_id, "title": title, "status": status, "judged": False, "verdict": None}
        if status == REMOVED:
            rows.append((row, None))
            continue
        label, reference, drawn = _reference(char_id, status, mod, base, base_effects)
        mine = mod_effects[char_id]
        figure = _difference(mine, reference, drawn)
        wins = bootstrapped(mine.wins, mine.wins_drawn, mine.owners)
        row |= {"reference": label, "owners": mine.owners,
                "points": figure.as_json(2) if figure else None,
                "owner_win_rate": wins.as_json(4) if wins else None,
                "judged": everything or status in (NEW, CHANGED)}
        rows.append((row, figure))
    family = sum(1 for row, figure in rows if row["judged"] and figure is not None)
    for row, figure in rows:
        if row["judged"]:
            row["verdict"] = verdict(figure, family)
            if figure is not None:
                low, high = figure.simultaneous(family, ALPHA)
                row["simultaneous"] = {"low": round(low, 2), "high": round(high, 2)}
    characters = [row for row, _ in rows]
    return {"games": games, "margin": MARGIN, "alpha": ALPHA, "family": family,
            "judged": sum(row["judged"] for row in characters),
            "called": sum(row["verdict"] in (STRONG, WEAK) for row in characters),
            "characters": characters}


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def figure_text(row: dict, games: int) -> str:
    """The figure behind a verdict in words: `+12.3 points for its owner [+9.1, +15.5] over 400 games,
    against its base version`."""
    if row["status"] == REMOVED:
        return "removed by the mod"
    points = row["points"]
    if points is None:
        return f"{row['owners']} owners in {games} games: too few to measure"
    return (f"{_signed(points['delta'])} points for its owner [{_signed(points['low'])}, {_signed(points['high'])}] "
            f"over {games} games, against {row['reference']}")


def called_first(rows: Sequence[dict]) -> list[dict]:
    """The judged characters first (the ones called too strong or too weak at the top), then the others."""
    order = {STRONG: 0, WEAK: 1, UNCLEAR: 2, UNTOLD: 3, None: 4}
    return sorted(rows, key=lambda row: (order[row["verdict"]], row["id"]))
