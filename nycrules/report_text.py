"""A balance study's report as plain text for a terminal or a pipe (the data comes from study.py)."""

from __future__ import annotations

from typing import Any


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


def render(report: dict, workers: str) -> list[str]:
    lines = [f"{report['games']} games in {report['seconds']:.2f} s on {workers}: "
             f"{report['games_per_second']:.0f} games per second, {report['decisions_per_game']} decisions per game",
             f"ruleset {report['ruleset']['name']} (version {report['ruleset']['version']}), "
             f"seeds {report['seed']}-{report['seed'] + report['games'] - 1}", ""]
    width = max(16, *(len(s["name"]) + 2 for s in report["seats"]))
    lines.append(f"  {'seat':<{width}}{'wins':>6}  {'win rate, 95% interval':<24}{'points, 95% interval':<22}")
    for seat in report["seats"]:
        lines.append(f"  {seat['name']:<{width}}{seat['wins']:>6}  {rate(seat['win_rate']):<24}{mean(seat['points']):<22}")
    lines += ["", "Mean points by category (they add up to the points)"]
    cats = report["categories"]
    sizes = [max(7, len(c)) + 2 for c in cats]
    lines.append(f"  {'seat':<{width}}" + "".join(f"{c:>{n}}" for c, n in zip(cats, sizes)) + f"{'total':>8}")
    for seat in report["seats"]:
        lines.append(f"  {seat['name']:<{width}}"
                     + "".join(f"{_num(seat['by_category'][c]['mean']):>{n}}" for c, n in zip(cats, sizes))
                     + f"{_num(seat['points']['mean']):>8}")
    lines += ["", "Characters (owners: seats that had the character at the end of a game)",
              f"  {'id':>3} {'title':<19}{'hired/game':>11}{'used/game':>10}{'owners':>8}  "
              f"{'owners win rate':<22}{'owners points':<20}"]
    for char in report["characters"]:
        lines.append(f"  {char['id']:>3} {char['title'][:18]:<19}{char['hired_per_game']:>11.2f}"
                     f"{char['used_per_game']:>10.2f}{char['owners']:>8}  "
                     f"{rate(char['owner_win_rate']):<22}{mean(char['owner_points']):<20}")
    return lines


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
        lines.append(f"  {char['id']:>3} {char['title'][:18]:<19}" + "; ".join(parts))
    return lines


_CHARACTER_KEYS = {"hired_per_game": "hired/game", "used_per_game": "used/game",
                   "owner_win_rate": "owners win rate", "owner_points": "owners points"}


def _marked(difference: Any) -> bool:
    return bool(difference["beyond_noise"])
