"""Verdicts on a mod's characters: is a new or changed character likely too strong, too weak, or neither?

A game of its own folder may give other pieces to judge the same way (its part's `pieces`: New
York 1901's action and bonus cards); "character" below stands for any of them.

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

A character that too few seats owned to measure (bots that judge characters by what they do
leave a useless one on offer) is judged by the bots' choices instead: how often they
took it when it was face up at a hire, against the reference's rate (Newcombe's interval of
two Wilson intervals, with the same Bonferroni correction and a margin of HIRE_MARGIN).
"""

from __future__ import annotations

from typing import Sequence

from .effects import MIN_OWNERS, Sample
from ..engine.model import Ruleset
from .stats import Bootstrapped, bonferroni_z, bootstrapped, newcombe

MARGIN = 2.0  # points: an effect smaller than this is not called, however sure it is (see benchmarks/verdicts.py)
HIRE_MARGIN = 0.05  # the same for a difference of how often it is taken when offered
ALPHA = 0.05  # the chance of calling anything at all when nothing differs
OWNERS, HIRES, PLAYED = "owners", "hires", "played"  # what a verdict rests on

STRONG, WEAK, UNCLEAR, UNTOLD = "likely too strong", "likely too weak", "no clear effect", "too few owners to tell"
UNSHARED = "too few non-owners to tell"  # owned by (nearly) every seat: no seat without it to compare with
NEW, CHANGED, SAME, REMOVED = "new", "changed", "same", "removed"


def pieces_of(ruleset: Ruleset) -> dict:
    """What a study judges of the ruleset's games, by id: its game's pieces (GamePart.pieces)."""
    return ruleset.part.pieces(ruleset)


def noun_of(ruleset: Ruleset) -> str:
    """What the judged pieces are called: what the game calls them (`character`, `card`)."""
    return ruleset.part.piece_noun or "piece"


def changes(mod_rules: Ruleset, base_rules: Ruleset) -> dict:
    """Each character (or piece, pieces_of) of either ruleset by id: new in the mod, changed, the same,
    or removed."""
    mod, base = pieces_of(mod_rules), pieces_of(base_rules)
    found = {}
    for char_id in sorted(set(mod) | set(base)):
        if char_id not in base:
            found[char_id] = NEW
        elif char_id not in mod:
            found[char_id] = REMOVED
        else:
            found[char_id] = SAME if mod[char_id].rules == base[char_id].rules else CHANGED
    return found


def _peers(char_id, status: str, mod: dict, base: dict, told: list, noun: str) -> tuple[str, list]:
    """What the piece is measured against, among the base's pieces `told` (those with a figure)."""
    if status != NEW:
        return "its base version", [char_id] if char_id in told else []
    group = mod[char_id].peers
    peers = [c for c in told if base[c].peers == group]
    return (f"the base's {group}", peers) if peers else (f"the base's {noun}s", told)


def _reference(peers: list[int], base_effects: dict[int, Sample]) -> tuple[float | None, list[float | None]]:
    """The peers' mean effect on their owners, and the same in each bootstrap draw."""
    if not peers:
        return None, []
    draws = len(base_effects[peers[0]].points_drawn)
    mean = sum(base_effects[c].points for c in peers) / len(peers)  # type: ignore[misc]
    drawn: list[float | None] = []
    for i in range(draws):
        values = [base_effects[c].points_drawn[i] for c in peers]
        drawn.append(None if None in values else sum(values) / len(values))  # type: ignore[arg-type]
    return mean, drawn


def _difference(mod: Sample, reference: float | None, drawn: list[float | None]) -> Bootstrapped | None:
    if mod.points is None or reference is None:
        return None
    paired = [None if m is None or r is None else m - r for m, r in zip(mod.points_drawn, drawn)]
    return bootstrapped(mod.points - reference, paired, mod.owners)


def _hires(mod: Sample, peers: list[int], base_effects: dict[int, Sample], z: float) -> dict | None:
    """How often the bots took it when it was on offer, against the reference; None if too seldom offered."""
    taken, offered = sum(base_effects[c].taken for c in peers), sum(base_effects[c].offered for c in peers)
    if min(mod.offered, offered) < MIN_OWNERS:
        return None
    low, high = newcombe(mod.taken, mod.offered, taken, offered, z)
    return {"taken": mod.taken, "offered": mod.offered, "reference_taken": taken, "reference_offered": offered,
            "delta": round(mod.taken / mod.offered - taken / offered, 4), "low": round(low, 4), "high": round(high, 4)}


def _call(low: float, high: float, margin: float) -> str:
    if low > margin:
        return STRONG
    if high < -margin:
        return WEAK
    return UNCLEAR


def judge(mod_rules: Ruleset, base_rules: Ruleset, mod_effects: dict[int, Sample], base_effects: dict[int, Sample],
          games: int, everything: bool = False, played: dict | None = None) -> dict:
    """Every character (or piece, pieces_of) of the two rulesets with its figure; a verdict for the new
    and changed ones (for all of them when `everything`). `played`: for a piece nearly every seat
    owned, what the mod did for its owners against the base's games (effects.played_effects): the
    figure when owners cannot be compared with non-owners."""
    played = played or {}
    mod, base, noun = pieces_of(mod_rules), pieces_of(base_rules), noun_of(base_rules)
    with_points = [c for c in sorted(base) if base_effects[c].points is not None]
    offered = [c for c in sorted(base) if base_effects[c].offered]
    rows = []
    changed = changes(mod_rules, base_rules)
    # A piece every seat plays is judged by its owners' points against the base's games, a figure that
    # holds every change of the mod: it is the piece's own only when the piece is the one change.
    alone = [c for c, status in changed.items() if status != SAME]
    for char_id, status in changed.items():
        title = (mod.get(char_id) or base[char_id]).title
        row: dict = {"id": char_id, "title": title, "status": status, "judged": False, "verdict": None}
        if status == REMOVED:
            rows.append(row)
            continue
        mine = mod_effects[char_id]
        label, peers = _peers(char_id, status, mod, base, with_points, noun)
        figure = _difference(mine, *_reference(peers, base_effects))
        basis = OWNERS if figure else None
        if figure is None and played.get(char_id) is not None and alone == [char_id]:
            figure, label, basis = played[char_id], "its owners in the base's games of the same seeds", PLAYED
        wins = bootstrapped(mine.wins, mine.wins_drawn, mine.owners)
        hire_label, hire_peers = _peers(char_id, status, mod, base, offered, noun)
        hires = _hires(mine, hire_peers, base_effects, bonferroni_z(1))
        if figure is None and hires is not None:
            label = hire_label  # what the figure shown is measured against
        row |= {"reference": label, "owners": mine.owners, "figure": figure,
                "points": figure.as_json(2) if figure else None,
                "owner_win_rate": wins.as_json(4) if wins else None, "hires": hires,
                "basis": basis or (HIRES if hires else None),
                "judged": everything or status in (NEW, CHANGED)}
        rows.append(row)
    family = sum(1 for row in rows if row["judged"] and row["basis"])
    z = bonferroni_z(family, ALPHA)
    for row in rows:
        figure = row.pop("figure", None)
        if not row["judged"]:
            continue
        if row["basis"] in (OWNERS, PLAYED):
            low, high = figure.simultaneous(family, ALPHA)
            row["verdict"] = _call(low, high, MARGIN)
        elif row["basis"] == HIRES:
            hires = row["hires"]
            low, high = newcombe(hires["taken"], hires["offered"], hires["reference_taken"],
                                 hires["reference_offered"], z)
            row["verdict"] = _call(low, high, HIRE_MARGIN)
        else:
            row["verdict"] = UNTOLD if row["owners"] < MIN_OWNERS else UNSHARED
            continue
        row["simultaneous"] = {"low": round(low, 4), "high": round(high, 4)}
    return {"games": games, "noun": noun, "margin": MARGIN, "hire_margin": HIRE_MARGIN, "alpha": ALPHA, "family": family,
            "judged": sum(row["judged"] for row in rows),
            "called": sum(row["verdict"] in (STRONG, WEAK) for row in rows),
            "characters": rows}


def _owners(count: int) -> str:
    return f"{count} owner" if count == 1 else f"{count} owners"


def _signed(value: float) -> str:
    return f"{value:+.1f}"


def figure_text(row: dict, games: int) -> str:
    """The figure behind a verdict in words: `+12.3 points for its owner [+9.1, +15.5] over 400 games,
    against its base version`."""
    if row["status"] == REMOVED:
        return "removed by the mod"
    points, hires = row["points"], row["hires"]
    if points is None and hires is not None:
        rate = hires["taken"] / hires["offered"]
        reference = hires["reference_taken"] / hires["reference_offered"]
        return (f"the bots took it {hires['taken']} of the {hires['offered']} times it was offered to them ({rate:.0%}), "
                f"against {reference:.0%} for {row['reference']}: {hires['delta'] * 100:+.0f} "
                f"[{hires['low'] * 100:+.0f}, {hires['high'] * 100:+.0f}] percentage points over {games} games "
                f"({_owners(row['owners'])})")
    if points is None:  # too few owners, or (a piece nearly every seat owns) too few seats without it
        few = "owners" if row["owners"] < MIN_OWNERS else "non-owners"
        return f"{_owners(row['owners'])} in {games} games: too few {few} to measure"
    return (f"{_signed(points['delta'])} points for its owner [{_signed(points['low'])}, {_signed(points['high'])}] "
            f"over {games} games, against {row['reference']}")


def called_first(rows: Sequence[dict]) -> list[dict]:
    """The judged characters first (the ones called too strong or too weak at the top), then the others."""
    order = {STRONG: 0, WEAK: 1, UNCLEAR: 2, UNTOLD: 3, UNSHARED: 3, None: 4}
    return sorted(rows, key=lambda row: (order[row["verdict"]], row["id"]))
