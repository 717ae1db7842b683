"""A balance study's report as one self-contained HTML page: inline SVG plots, no scripts, nothing fetched.

It renders the same report data as report_text.py (from study.py); its plots are report_plots.py.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .report_plots import (as_number, as_percent, category_plot, difference_plot, pretty, verdict_plot,
                           win_rate_plot)
from .effects import MIN_OWNERS
from .report_text import pace
from .verdicts import PLAYED, STRONG, UNCLEAR, UNSHARED, UNTOLD, WEAK, called_first, figure_text


CSS = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
       margin: 0; background: #f6f7f9; }
main { max-width: 1080px; margin: 0 auto; padding: 24px 32px 48px; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 19px; margin: 32px 0 8px; border-bottom: 2px solid #dde1e6; padding-bottom: 4px; }
.meta { color: #555; margin: 0 0 8px; }
.card { background: #fff; border: 1px solid #e1e4e8; border-radius: 8px; padding: 16px 20px; margin: 12px 0; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 8px; text-align: right; border-bottom: 1px solid #eceef1; white-space: nowrap; }
th { font-weight: 600; color: #444; background: #fafbfc; position: sticky; top: 0; white-space: normal;
     vertical-align: bottom; }
.wide { overflow-x: auto; }
td.l, th.l { text-align: left; }
tr.none td { color: #aaa; }
.ci { color: #777; font-size: 13px; }
.marked { color: #d62728; font-weight: 600; }
.plot { font-weight: 600; margin: 8px 0 2px; }
.note { color: #555; font-size: 13px; margin: 6px 0 0; }
svg text { font: 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; fill: #333; }
.verdict { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 13px; font-weight: 600;
           color: #fff; white-space: nowrap; }
.v-strong { background: #c0392b; } .v-weak { background: #2c6fbb; } .v-unclear { background: #7f8c8d; }
.v-untold { background: #bdc3c7; color: #333; }
.judged td { vertical-align: top; }
.figure { color: #333; }
.howto { background: #fffbe6; border: 1px solid #f0e0a0; border-radius: 6px; padding: 8px 12px; font-size: 14px; }
.legend span { display: inline-block; margin-right: 14px; font-size: 13px; }
.legend i { display: inline-block; width: 12px; height: 12px; margin-right: 5px; vertical-align: -1px;
            border-radius: 2px; }
"""


def _interval(estimate: dict, percent: bool = False) -> str:
    show = as_percent if percent else as_number
    if not estimate["n"]:
        return "–"
    ci = f' <span class="ci">[{show(estimate["low"])} – {show(estimate["high"])}]</span>' \
        if estimate["low"] is not None else ""
    return f"{show(estimate['mean'])}{ci}"


def _signed(difference: dict, percent: bool = False) -> str:
    """A difference with its 95% interval; a share's in percentage points, a unit its column or row names."""
    scale = 100 if percent else 1

    def show(value: float | None) -> str:
        return "?" if value is None else f"{value * scale:+.1f}"

    text = (f"{show(difference['delta'])} <span class=\"ci\">[{show(difference['low'])}, "
            f"{show(difference['high'])}]</span>")
    return f'<span class="marked">{text} ●</span>' if difference["beyond_noise"] else text


def _seat_table(report: dict) -> str:
    rows = "".join(f'<tr><td class="l">{escape(s["name"])}</td><td>{s["wins"]}</td>'
                   f'<td>{_interval(s["win_rate"], True)}</td><td>{_interval(s["points"])}</td></tr>'
                   for s in report["seats"])
    return ('<table><tr><th class="l">seat</th><th>wins</th><th>win rate, 95% interval</th>'
            f'<th>mean points, 95% interval</th></tr>{rows}</table>')


def _category_table(report: dict) -> str:
    titles = report.get("category_titles", {})
    head = "".join(f"<th>{escape(pretty(c, titles))}</th>" for c in report["categories"])
    rows = "".join(f'<tr><td class="l">{escape(s["name"])}</td>'
                   + "".join(f"<td>{as_number(s['by_category'][c]['mean'])}</td>" for c in report["categories"])
                   + f"<td><b>{as_number(s['points']['mean'])}</b></td></tr>" for s in report["seats"])
    return f'<table><tr><th class="l">seat</th>{head}<th>total</th></tr>{rows}</table>'


def _effect(figure: dict | None, percent: bool = False, untold: str = "too few owners") -> str:
    """A signed figure with its 95% interval, or why there is none (too few owners, or non-owners, to tell)."""
    if figure is None:
        return f'<span class="ci">{untold}</span>'
    return _signed({**figure, "beyond_noise": False}, percent)


def _character_table(report: dict) -> str:
    rows = []
    for c in report["characters"]:
        effect = c["owner_effect"]
        rows.append(f'<tr class="{"none" if not c["owners"] else ""}"><td>{c["id"]}</td>'
                    f'<td class="l">{escape(c["title"])}</td><td>{c["hired_per_game"]:.2f}</td>'
                    f'<td>{c["used_per_game"]:.2f}</td><td>{c["owners"]}{_lost(c)}</td>'
                    f'<td>{_effect(effect["points"])}</td><td>{_effect(effect["win_rate"], True)}</td></tr>')
    return ('<table><tr><th>id</th><th class="l">character</th><th>hired / game</th><th>used / game</th>'
            '<th>owners</th><th>points for its owner</th><th>wins for its owner, percentage points</th></tr>'
            + "".join(rows) + "</table>")


def _lost(character: dict) -> str:
    """After the owners: how often the character was hired and then removed from the game."""
    lost = character.get("lost")
    return f'<br><span class="ci">hired {character["hired"]}, removed {lost}</span>' if lost else ""


def _untold(row: dict) -> str:
    """Why a piece's figure against non-owners is missing: too few owners, or (a piece nearly every seat
    owns, such as an action card every seat plays) too few non-owners to compare with."""
    if row.get("basis") == PLAYED or (row.get("owners") or 0) >= MIN_OWNERS:
        return "too few non-owners"
    return "too few owners"


_VERDICT_CLASS = {STRONG: "v-strong", WEAK: "v-weak", UNCLEAR: "v-unclear", UNTOLD: "v-untold", UNSHARED: "v-untold"}


def _verdicts(comparison: dict) -> str:
    verdicts = comparison["verdicts"]
    mod, base = escape(comparison["mod"]["path"]), escape(comparison["base"]["path"])
    judged = [row for row in called_first(verdicts["characters"]) if row["judged"]]
    noun = verdicts.get("noun", "character")
    # Pieces numbered by the game (New York City's characters) show their number; named ones (New York
    # 1901's cards: `land_grab`) only their title.
    numbered = all(isinstance(row["id"], int) for row in verdicts["characters"])
    ident = (lambda row: f'<td>{row["id"]}</td>') if numbered else (lambda row: "")
    head = "<th>id</th>" if numbered else ""
    parts = [f"<h2>Verdicts: {mod} against {base}</h2>",
             f'<p class="meta">{len(judged)} {noun}(s) judged, {verdicts["called"]} called too strong or too '
             f'weak, from {verdicts["games"]} games of each ruleset on the same seeds.</p>', '<div class="card">']
    if not judged:
        parts.append(f"<p>The mod changes no {noun}. Its other {noun}s are listed below without a verdict "
                     "(<code>--verdicts all</code> judges every one).</p>")
    else:
        rows = "".join(
            f'<tr class="judged">{ident(row)}<td class="l"><b>{escape(row["title"])}</b> '
            f'<span class="ci">({row["status"]})</span></td>'
            f'<td class="l"><span class="verdict {_VERDICT_CLASS[row["verdict"]]}">{row["verdict"]}</span></td>'
            f'<td class="l figure" style="white-space:normal">{escape(figure_text(row, verdicts["games"]))}</td>'
            f'<td>{_effect(row["owner_win_rate"], True, _untold(row))}</td></tr>' for row in judged)
        parts.append(f'<div class="wide"><table><tr>{head}<th class="l">{noun}</th><th class="l">verdict</th>'
                     '<th class="l">the figure behind it, with its 95% interval</th>'
                     f'<th>its owners\' wins against non-owners of their seat, percentage points</th></tr>{rows}</table></div>')
        plot = verdict_plot(judged, verdicts["margin"], noun)
        if plot:
            parts.append(f'<div class="plot">Points for its owner, mod minus base</div>{plot}')
    parts.append(
        f'<div class="howto"><b>How to read the verdicts.</b> A {noun}\'s strength is what owning it does for '
        "a seat: the owners' points minus the non-owners' points <i>in the same seat</i>, so that who plays and "
        f"where they sit are the same on both sides. A changed {noun} is measured against its base version "
        f"(the figure is the change); a new one against the base's {noun}s of its kind, named in its figure. "
        "Positive: stronger. <b>Likely too strong</b> or <b>likely too weak</b> "
        f"needs the figure clear of zero by {verdicts['margin']:g} points (the dashed lines) with all "
        f"{verdicts['family']} judged figure(s) taken together (Bonferroni, 95%): the base against itself calls "
        "nothing at least 95% of the time. <b>No clear effect</b>: within the margin, or too uncertain; more games "
        f"narrow the interval. A {noun} that fewer than 10 seats owned (the bots judge one by trying it, "
        "and leave a useless one on offer) is judged by <b>how often the bots took it</b> when it was "
        "offered to them, against the same reference, with a margin of "
        f"{verdicts['hire_margin'] * 100:g} percentage points. One that nearly every seat owned (an action card "
        "every seat plays) is judged by its owners' points against the same seats in the base's games of the same "
        "seeds. <b>Too few owners to tell</b>: too seldom owned and offered; play more games. <b>Too few non-owners "
        "to tell</b>: owned by nearly every seat, with none without it to compare with.</div></div>")
    others = [row for row in verdicts["characters"] if not row["judged"]]
    if others:
        rows = "".join(f'<tr>{ident(row)}<td class="l">{escape(row["title"])}</td>'
                       f'<td>{row.get("owners", "–")}</td><td>'
                       + ("removed by the mod" if row["status"] == "removed" else _effect(row["points"], False, _untold(row)))
                       + "</td></tr>" for row in others)
        parts.append(f'<div class="card"><b>Other {noun}s</b> (not changed by the mod, no verdict): points for '
                     "their owner in the mod minus in the base, 95% interval"
                     f'<div class="wide"><table><tr>{head}<th class="l">{noun}</th><th>owners</th>'
                     f"<th>points for its owner</th></tr>{rows}</table></div></div>")
    return "".join(parts)


_CHARACTER_KEYS = {"hired_per_game": "hired / game", "used_per_game": "used / game"}


def _comparison(report: dict) -> str:
    comparison = report["comparison"]
    differences = comparison["differences"]
    other = comparison["report"]
    mod, base = escape(comparison["mod"]["path"]), escape(comparison["base"]["path"])
    parts = [f'<h2>{mod} minus {base}</h2>',
             f'<p class="meta">The same {differences["games"]} seeds under both rulesets (the one above and '
             f'{escape(other["ruleset"]["name"])}): the mod\'s figures minus the base\'s, with 95% intervals. '
             f'<b>{differences["marked"]}</b> of {differences["tests"]} differences are more than noise '
             '(<span class="marked">●</span>; paired per game, Holm-corrected over the whole comparison).</p>']
    seats = differences["seats"]
    parts.append('<div class="card"><div class="plot">Win rate, percentage points</div>'
                 + difference_plot([(s["name"], s["win_rate"]) for s in seats], True)
                 + '<div class="plot">Mean points</div>'
                 + difference_plot([(s["name"], s["points"]) for s in seats], False))
    head = "".join(f"<th>{escape(s['name'])}</th>" for s in seats)
    lines = [("win rate, percentage points", [_signed(s["win_rate"], True) for s in seats]),
             ("points", [_signed(s["points"]) for s in seats])]
    titles = report.get("category_titles", {})
    lines += [(pretty(name, titles), [_signed(s["by_category"][name]) for s in seats]) for name in seats[0]["by_category"]]
    rows = "".join(f'<tr><td class="l">{escape(name)}</td>' + "".join(f"<td>{cell}</td>" for cell in cells)
                   + "</tr>" for name, cells in lines)
    parts.append(f'<div class="wide"><table><tr><th class="l"></th>{head}</tr>{rows}</table></div></div>')
    chars = differences["characters"]
    if not chars:  # its game counts no named things (GamePart.tallied)
        return "".join(parts)
    marked = [c for c in chars if any(c[k]["beyond_noise"] for k in _CHARACTER_KEYS)]
    shown = sorted(chars, key=lambda c: (not any(c[k]["beyond_noise"] for k in _CHARACTER_KEYS), c["id"]))
    rows = "".join(f'<tr><td>{c["id"]}</td><td class="l">{escape(c["title"])}</td>'
                   + "".join(f"<td>{_signed(c[k])}</td>" for k in _CHARACTER_KEYS) + "</tr>"
                   for c in shown)
    head = "".join(f"<th>{label}</th>" for label in _CHARACTER_KEYS.values())
    parts.append(f'<div class="card"><b>Characters hired and used</b> ({len(marked)} with a difference beyond '
                 'noise, listed first)'
                 f'<div class="wide"><table><tr><th>id</th><th class="l">character</th>{head}</tr>{rows}</table>'
                 '</div></div>')
    return "".join(parts)


def render(report: dict[str, Any]) -> str:
    ruleset = report["ruleset"]
    title = f"Balance study: {ruleset['name']}"
    seeds = f"seeds {report['seed']}–{report['seed'] + report['games'] - 1}"
    body = [f"<h1>{escape(title)}</h1>",
            f'<p class="meta">{report["games"]} games ({seeds}), ruleset version {ruleset["version"]}, '
            f'digest {ruleset["digest"][:12]}; {report["decisions_per_game"]} decisions per game, '
            f'{pace(report["games"], report["seconds"])}.</p>',
            "<h2>Win rates</h2>", '<div class="card">', win_rate_plot(report["seats"]),
            '<p class="note">Bars: share of games won; whiskers: 95% interval (Wilson); dashed line: an even share.'
            "</p>", _seat_table(report), "</div>",
            "<h2>Points by category</h2>", '<div class="card">', category_plot(report["seats"], report["categories"], report.get("category_titles", {})),
            '<p class="note">Mean points per game; the categories add up to the total, whose 95% interval is the '
            "whisker.</p>", '<div class="wide">', _category_table(report), "</div></div>"]
    if report["characters"]:  # the named things its game counts (GamePart.tallied): New York City's characters
        body += ["<h2>Characters</h2>", '<div class="card">',
                 '<p class="note">Hired: taken into a company (start stacks included); used: times the character '
                 "acted; owners: seats that had it at the end of a game. Points and wins for its owner: the owners' "
                 "mean minus the non-owners' mean in the same seat (the same player in the same place), averaged "
                 "over the seats, with a 95% bootstrap interval; too few owners: fewer than 10. "
                 + (f"Removed: hired, then removed from the game (by {escape(' or '.join(report['removed_by']))}), "
                    "so not among the owners." if report.get("removed_by") else "") + "</p>",
                 '<div class="wide">', _character_table(report), "</div></div>"]
    if "comparison" in report:
        body[2:2] = [_verdicts(report["comparison"])]  # the modder's answer first
        body.append(_comparison(report))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head>"
            f"<body><main>{''.join(body)}</main></body></html>\n")
