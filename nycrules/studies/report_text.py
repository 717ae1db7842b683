"""A balance study's report as plain text for a terminal or a pipe (the data comes from study.py)."""

from __future__ import annotations

import textwrap
from typing import Any

from ..table.layout import wrap_items
from .verdicts import UNSHARED, UNTOLD, called_first, figure_text


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}"


def _num(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def rate(estimate: dict) -> str:
    """`25.1% [23.6-26.7]`"""
    if not estimate["n"]:
        return "-"
    return f"{_pct(estimate['mean'])}% [{_pct(estimate['low'])}-{_pct(estimate['high'])}]"


def mean(estimate: dict) -> str:
    """`38.2 [37.9-38.6]`"""
    if not estimate["n"]:
        return "-"
    if estimate["low"] is None:  # one value: no interval
        return _num(estimate["mean"])
    return f"{_num(estimate['mean'])} [{_num(estimate['low'])}-{_num(estimate['high'])}]"


def signed(difference: dict, percent: bool = False) -> str:
    """`+12.3 [10.1, 14.5] *` (the star: more than noise); a share in percentage points, which the
    table's heading names."""
    scale = 100 if percent else 1

    def show(value: float | None) -> str:
        return "?" if value is None else f"{value * scale:+.1f}"

    mark = " *" if difference["beyond_noise"] else ""
    return f"{show(difference['delta'])} [{show(difference['low'])}, {show(difference['high'])}]{mark}"


def interval(figure: dict | None, percent: bool = False) -> str:
    """`+2.3 [-1.2, +5.9]`, or for a share in percentage points `+3 [-8, +14]` (the caller names the
    unit: in the characters' table its heading does); `-` when there is none."""
    if figure is None:
        return "-"
    if percent:
        return f"{figure['delta'] * 100:+.0f} [{figure['low'] * 100:+.0f}, {figure['high'] * 100:+.0f}]"
    return f"{figure['delta']:+.1f} [{figure['low']:+.1f}, {figure['high']:+.1f}]"


WIDTH = 80  # an 80-column terminal: tables are laid out for it, prose lines are broken to it


def fit(lines: list[str]) -> list[str]:
    """Lines for an 80-column terminal: no trailing blanks, long lines broken between words."""
    out = []
    for line in lines:
        line = line.rstrip()
        indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
        out += textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def columns(names: list[str], first: int, width: int) -> tuple[list[str], int, list[str]]:
    """Seat columns of a table: the names, the column width and a legend (numbers when names are long)."""
    width = max(width, *(len(n) + 2 for n in names))
    if first + width * len(names) <= WIDTH:
        return names, width, []
    legend = wrap_items("  seats: ", [f"#{i + 1} {name}" for i, name in enumerate(names)], sep="   ")
    return [f"#{i + 1}" for i in range(len(names))], 8, legend


def pace(games: int, seconds: float) -> str:
    """How fast a study's games went: '85 games per second', '2.5 games per second', or for slow
    ones (search bots) '12.3 s a game', never '0 games per second'."""
    if games <= 0 or seconds <= 0:
        return "no time measured"
    rate = games / seconds
    if rate >= 10:
        return f"{rate:.0f} games per second"
    if rate >= 1:
        return f"{rate:.1f} games per second"
    return f"{seconds / games:.1f} s a game"


def render(report: dict, workers: str) -> list[str]:
    lines = [f"{report['games']} games in {report['seconds']:.2f} s on {workers}: "
             f"{pace(report['games'], report['seconds'])}",
             f"{report['decisions_per_game']} decisions per game; ruleset {report['ruleset']['name']} "
             f"(version {report['ruleset']['version']}), seeds {report['seed']}-{report['seed'] + report['games'] - 1}",
             ""]
    width = max(16, *(len(s["name"]) + 2 for s in report["seats"]))
    lines.append(f"  {'seat':<{width}}{'wins':>6}  {'win rate, 95% interval':<24}{'points, 95% interval':<22}")
    for seat in report["seats"]:
        lines.append(f"  {seat['name']:<{width}}{seat['wins']:>6}  {rate(seat['win_rate']):<24}{mean(seat['points']):<22}")
    # One row per category and a column per seat, so that any number of categories fits the width.
    cats = report["categories"]
    titles = report.get("category_titles", {})
    first = max(len(titles.get(c, c)) for c in [*cats, "total"]) + 2
    names, size, legend = columns([s["name"] for s in report["seats"]], first + 2, 9)
    lines += ["", "Mean points by category (they add up to the points)",
              f"  {'':<{first}}" + "".join(f"{n:>{size}}" for n in names)]
    for cat in cats:
        lines.append(f"  {titles.get(cat, cat):<{first}}"
                     + "".join(f"{_num(s['by_category'][cat]['mean']):>{size}}" for s in report["seats"]))
    lines.append(f"  {'total':<{first}}" + "".join(f"{_num(s['points']['mean']):>{size}}" for s in report["seats"]))
    lines += legend
    if not report["characters"]:  # a ruleset without characters (another game's)
        return fit(lines + removed_note(report))
    lines += ["", "Characters: hired and used per game; owners: seats that had it at the end.",
              "What it does for its owner: owners minus non-owners of the same seat, with a",
              "95% interval (- : too few owners); wins in percentage points of the win rate.",
              f"  {'id':>3} {'title':<16}{'hired':>6}{'used':>5}{'owners':>7}  {'points for owner':<21}wins for owner"]
    for char in report["characters"]:
        effect = char["owner_effect"]
        lines.append(f"  {char['id']:>3} {char['title'][:15]:<16}{char['hired_per_game']:>6.2f}"
                     f"{char['used_per_game']:>5.2f}{char['owners']:>7}  {interval(effect['points']):<20} "
                     f"{interval(effect['win_rate'], True)}")
    return fit(lines + removed_note(report))


def removed_note(report: dict) -> list[str]:
    """The characters hired and then removed from the game (so with fewer owners at the end), said so."""
    lost = [char for char in report["characters"] if char.get("lost")]
    if not lost:
        return []
    by = f" (by {' or '.join(report['removed_by'])})" if report.get("removed_by") else ""
    told = "; ".join(f"{char['id']} {char['title']} hired {char['hired']} times, removed from the game "
                     f"{char['lost']} times" for char in lost)
    return ["", f"Hired, then removed from the game{by}, so owners counts them only when kept: {told}."]


def render_comparison(comparison: dict) -> list[str]:
    """The mod minus its base: seats, hires and uses, then the verdicts on the mod's characters."""
    mod, base = comparison["mod"]["path"], comparison["base"]["path"]
    verdicts, comparison = comparison["verdicts"], comparison["differences"]
    lines = ["", f"{mod} minus {base} on the same {comparison['games']} seeds (95% intervals): "
             f"{comparison['marked']} of {comparison['tests']} differences are more than noise (*, Holm-corrected)"]
    width = max(16, *(len(s["name"]) + 2 for s in comparison["seats"]))
    lines.append(f"  {'seat':<{width}}{'win rate, percentage points':<30}{'points':<26}")
    for seat in comparison["seats"]:
        lines.append(f"  {seat['name']:<{width}}{signed(seat['win_rate'], True):<30}{signed(seat['points']):<26}")
        for name, difference in seat["by_category"].items():
            if difference["beyond_noise"]:
                lines.append(f"  {'':<{width}}  {name}: {signed(difference)}")
    marked = [c for c in comparison["characters"] if any(_marked(c[k]) for k in _CHARACTER_KEYS)]
    if comparison["characters"]:  # the named things its game counts (GamePart.tallied)
        lines.append(f"  characters hired or used more or less often beyond noise: {len(marked) or 'none'}")
    for char in marked:
        parts = [f"{label} {signed(char[key])}" for key, label in _CHARACTER_KEYS.items() if _marked(char[key])]
        lines.append(f"  {char['id']:>3} {char['title'][:16]:<17}" + "; ".join(parts))
    return fit(lines + render_verdicts(verdicts, mod, base))


def render_verdicts(verdicts: dict, mod: str, base: str) -> list[str]:
    judged = [row for row in called_first(verdicts["characters"]) if row["judged"]]
    others = [row for row in verdicts["characters"] if not row["judged"]]
    games, noun = verdicts["games"], verdicts.get("noun", "character")
    lines = ["", f"Verdicts on the {noun}s of {mod} (against {base}): {len(judged)} judged, "
                 f"{verdicts['called']} called too strong or too weak"]
    if not judged:
        lines.append(f"  the mod changes no {noun} (--verdicts all judges every one)")
    for row in judged:
        named = f"{row['id']:>3} {row['title']}" if isinstance(row["id"], int) else row["title"]
        lines.append(f"  {named} ({row['status']}): {row['verdict'].upper()}")
        lines.append(f"      {figure_text(row, games)}")
        if row["verdict"] not in (UNTOLD, UNSHARED) and row["owner_win_rate"]:
            lines.append(f"      its owners' wins: {interval(row['owner_win_rate'], True)} percentage points "
                         "against non-owners")  # of the same seat, as the note under the verdicts says
    lines.append(f"  How to read: points for its owner = what owning it adds to a seat's points (owners minus "
                 f"non-owners of the same seat) in the mod, minus the same in the base. A verdict needs the "
                 f"figure clear of zero by {verdicts['margin']:g} points with all {verdicts['family']} judged "
                 f"figures taken together (Bonferroni, 95%); otherwise 'no clear effect'. A {noun} that too "
                 f"few seats owned is judged by how often the bots took it when it was on offer (margin "
                 f"{verdicts['hire_margin'] * 100:g} percentage points); one that nearly every seat owned, by "
                 f"its owners' points against the same seats in the base's games.")
    if others:
        lines += ["", f"Other {noun}s (no verdict): points for their owner in the mod minus in the base, "
                      "95% interval",
                  f"  {'id':>3} {'title':<18}{'owners':>7}  points for owner"]
        for row in others:
            figure = row.get("points")
            shown = "removed by the mod" if row["status"] == "removed" else interval(figure)
            ident = f"{row['id']:>3}" if isinstance(row["id"], int) else "   "
            lines.append(f"  {ident} {row['title'][:17]:<18}{row.get('owners', 0):>7}  {shown}")
    return lines


_CHARACTER_KEYS = {"hired_per_game": "hired/game", "used_per_game": "used/game"}
def _marked(difference: Any) -> bool:
    return bool(difference["beyond_noise"])
