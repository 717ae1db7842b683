"""A balance study's report as plain text for a terminal or a pipe (the data comes from study.py)."""

from __future__ import annotations

import textwrap
from typing import Any

from .board_view import wrap_items


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
    """`+12.3 [10.1, 14.5] *` (the star: more than noise)."""
    scale, unit = (100, " pts") if percent else (1, "")

    def show(value: float | None) -> str:
        return "?" if value is None else f"{value * scale:+.1f}"

    mark = " *" if difference["beyond_noise"] else ""
    return f"{show(difference['delta'])}{unit} [{show(difference['low'])}, {show(difference['high'])}]{mark}"


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


def render(report: dict, workers: str) -> list[str]:
    lines = [f"{report['games']} games in {report['seconds']:.2f} s on {workers}: "
             f"{report['games_per_second']:.0f} games per second",
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
    ids = max(2, *(len(str(c["id"])) for c in report["characters"]))
    titles = 20 - ids  # the id and title columns share 21 columns
    lines += ["", "Characters (hired and used: per game; owners: seats that had it at the end)",
              f"  {'id':>{ids}} {'title':<{titles}}{'hired':>6}{'used':>5}{'owners':>7}  "
              f"{'owners win rate':<20}{'owners points'}"]
    for char in report["characters"]:
        lines.append(f"  {char['id']:>{ids}} {char['title'][:titles - 1]:<{titles}}{char['hired_per_game']:>6.2f}"
                     f"{char['used_per_game']:>5.2f}{char['owners']:>7}  "
                     f"{rate(char['owner_win_rate']):<20}{mean(char['owner_points'])}")
    return fit(lines)


def render_comparison(comparison: dict, other_name: str) -> list[str]:
    lines = ["", f"Compared with {other_name} on the same {comparison['games']} seeds (its figures minus the above, "
             "95% intervals): "
             f"{comparison['marked']} of {comparison['tests']} differences are more than noise (*, Holm-corrected)"]
    width = max(16, *(len(s["name"]) + 2 for s in comparison["seats"]))
    lines.append(f"  {'seat':<{width}}{'win rate':<30}{'points':<26}")
    for seat in comparison["seats"]:
        lines.append(f"  {seat['name']:<{width}}{signed(seat['win_rate'], True):<30}{signed(seat['points']):<26}")
        for name, difference in seat["by_category"].items():
            if difference["beyond_noise"]:
                lines.append(f"  {'':<{width}}  {name}: {signed(difference)}")
    marked = [c for c in comparison["characters"] if any(_marked(c[k]) for k in _CHARACTER_KEYS)]
    lines.append(f"  characters with a difference beyond noise: {len(marked) or 'none'}")
    for char in marked:
        parts = [f"{label} {signed(char[key], key == 'owner_win_rate')}" for key, label in _CHARACTER_KEYS.items()
                 if _marked(char[key])]
        lines.append(f"  {char['id']:>3} {char['title'][:16]:<17}" + "; ".join(parts))
    return fit(lines)


_CHARACTER_KEYS = {"hired_per_game": "hired/game", "used_per_game": "used/game",
                   "owner_win_rate": "owners win rate", "owner_points": "owners points"}


def _marked(difference: Any) -> bool:
    return bool(difference["beyond_noise"])
