"""A balance study's report as one self-contained HTML page: inline SVG plots, no scripts, nothing fetched.

It renders the same report data as report_text.py (from study.py).
"""

from __future__ import annotations

from html import escape
from typing import Any

from .verdicts import STRONG, UNCLEAR, UNTOLD, WEAK, called_first, figure_text

PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac"]
MARK = "#d62728"

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


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:.1f}%"


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _interval(estimate: dict, percent: bool = False) -> str:
    show = _pct if percent else _num
    if not estimate["n"]:
        return "–"
    ci = f' <span class="ci">[{show(estimate["low"])} – {show(estimate["high"])}]</span>' \
        if estimate["low"] is not None else ""
    return f"{show(estimate['mean'])}{ci}"


def _signed(difference: dict, percent: bool = False) -> str:
    scale, unit = (100, " pts") if percent else (1, "")

    def show(value: float | None) -> str:
        return "?" if value is None else f"{value * scale:+.1f}"

    text = (f"{show(difference['delta'])}{unit} <span class=\"ci\">[{show(difference['low'])}, "
            f"{show(difference['high'])}]</span>")
    return f'<span class="marked">{text} ●</span>' if difference["beyond_noise"] else text


CHAR_W = 7.5  # a generous width of one character of the plots' 12px text, to leave room for labels
LABEL_ROOM = 60  # right of a plot: its value labels ("100.0%", "112.5")


def _svg(width: float, height: float, label: str) -> str:
    """An SVG that keeps its proportions and shrinks to a narrow window instead of overflowing it."""
    return (f'<svg viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'style="max-width:100%;height:auto" role="img" aria-label="{label}">')


def _names_width(names: list[str]) -> int:
    """The room left of a plot for its row names (long names are shortened, see _name)."""
    return int(min(max(120, max(len(n) for n in names) * CHAR_W + 16), 260))


def _name(name: str, x: float, y: float, room: int) -> str:
    """A row name ending at x; one too long for its room is shortened, the full name on hover."""
    fits = int((room - 16) / CHAR_W)
    shown = name if len(name) <= fits else name[:fits - 1] + "…"
    return f'<text x="{x}" y="{y}" text-anchor="end">{escape(shown)}<title>{escape(name)}</title></text>'


def _pretty(category: str, titles: dict[str, str]) -> str:
    """A category as the game names it (reports made before titles were kept fall back to the id)."""
    return titles.get(category) or category.replace("_", " ")


def _axis_ticks(high: float, count: int = 5) -> list[float]:
    step = max(high / count, 1e-9)
    magnitude = 10 ** len(str(int(step))) / 10 if step >= 1 else 0.1
    for nice in (1, 2, 2.5, 5, 10):
        if nice * magnitude >= step:
            step = nice * magnitude
            break
    ticks, value = [], 0.0
    while value <= high + 1e-9:
        ticks.append(value)
        value += step
    return ticks


def win_rate_plot(seats: list[dict]) -> str:
    """Horizontal bars of the seats' win rates with their 95% intervals and the fair share."""
    label_w, plot_w, row_h, top = _names_width([s["name"] for s in seats]), 640, 34, 10
    height = top + row_h * len(seats) + 30
    x = lambda p: label_w + p * plot_w  # noqa: E731
    out = [_svg(label_w + plot_w + LABEL_ROOM, height, "Win rates with 95% intervals")]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        out.append(f'<line x1="{x(tick)}" x2="{x(tick)}" y1="{top}" y2="{height - 24}" stroke="#e3e6ea"/>')
        out.append(f'<text x="{x(tick)}" y="{height - 8}" text-anchor="middle">{tick:.0%}</text>')
    fair = 1 / len(seats)
    for i, seat in enumerate(seats):
        y = top + i * row_h
        rate = seat["win_rate"]
        out.append(_name(seat["name"], label_w - 10, y + row_h / 2 + 4, label_w))
        out.append(f'<rect x="{x(0)}" y="{y + 7}" width="{rate["mean"] * plot_w:.1f}" height="{row_h - 14}" '
                   'fill="#4e79a7" rx="3"/>')
        cy = y + row_h / 2
        out.append(f'<line x1="{x(rate["low"]):.1f}" x2="{x(rate["high"]):.1f}" y1="{cy}" y2="{cy}" '
                   'stroke="#222" stroke-width="1.5"/>')
        for end in (rate["low"], rate["high"]):
            out.append(f'<line x1="{x(end):.1f}" x2="{x(end):.1f}" y1="{cy - 6}" y2="{cy + 6}" stroke="#222" '
                       'stroke-width="1.5"/>')
        out.append(f'<text x="{x(rate["high"]) + 6:.1f}" y="{cy + 4}">{_pct(rate["mean"])}</text>')
    out.append(f'<line x1="{x(fair)}" x2="{x(fair)}" y1="{top - 4}" y2="{height - 24}" stroke="#888" '
               'stroke-dasharray="5 4"/>')
    out.append("</svg>")
    return "".join(out)


def category_plot(seats: list[dict], categories: list[str], titles: dict[str, str]) -> str:
    """Stacked bars of mean points by category per seat, with the total's 95% interval."""
    label_w, plot_w, row_h, top = _names_width([s["name"] for s in seats]), 640, 34, 10
    high = max((seat["points"]["high"] or seat["points"]["mean"] or 0) for seat in seats) or 1
    ticks = _axis_ticks(high)
    scale = plot_w / max(ticks[-1], high)
    height = top + row_h * len(seats) + 30
    out = [_svg(label_w + plot_w + LABEL_ROOM, height, "Mean points by category")]
    for tick in ticks:
        tx = label_w + tick * scale
        out.append(f'<line x1="{tx:.1f}" x2="{tx:.1f}" y1="{top}" y2="{height - 24}" stroke="#e3e6ea"/>')
        out.append(f'<text x="{tx:.1f}" y="{height - 8}" text-anchor="middle">{tick:g}</text>')
    for i, seat in enumerate(seats):
        y = top + i * row_h
        out.append(_name(seat["name"], label_w - 10, y + row_h / 2 + 4, label_w))
        left = float(label_w)
        for j, name in enumerate(categories):
            value = seat["by_category"][name]["mean"] or 0
            if value <= 0:
                continue
            width = value * scale
            out.append(f'<rect x="{left:.1f}" y="{y + 7}" width="{width:.1f}" height="{row_h - 14}" '
                       f'fill="{PALETTE[j % len(PALETTE)]}"><title>{escape(_pretty(name, titles))}: {value:.1f}</title></rect>')
            left += width
        points = seat["points"]
        if points["low"] is not None:
            cy = y + row_h / 2
            lo, hi = label_w + points["low"] * scale, label_w + points["high"] * scale
            out.append(f'<line x1="{lo:.1f}" x2="{hi:.1f}" y1="{cy}" y2="{cy}" stroke="#222" stroke-width="1.5"/>')
            for end in (lo, hi):
                out.append(f'<line x1="{end:.1f}" x2="{end:.1f}" y1="{cy - 6}" y2="{cy + 6}" stroke="#222" '
                           'stroke-width="1.5"/>')
            out.append(f'<text x="{max(hi, left) + 6:.1f}" y="{cy + 4}">{_num(points["mean"])}</text>')
    out.append("</svg>")
    legend = "".join(f'<span><i style="background:{PALETTE[j % len(PALETTE)]}"></i>{escape(_pretty(name, titles))}</span>'
                     for j, name in enumerate(categories))
    return "".join(out) + f'<div class="legend">{legend}</div>'


def difference_plot(rows: list[tuple[str, dict]], percent: bool) -> str:
    """Each difference as a dot with its 95% interval around a zero line; marked ones in red."""
    label_w, plot_w, row_h, top = _names_width([name for name, _ in rows]), 640, 28, 10
    bounds = [abs(v) for _, d in rows for v in (d["low"], d["high"], d["delta"]) if v is not None]
    span = max(bounds + [1e-9]) * 1.1
    x = lambda v: label_w + plot_w / 2 + v / span * plot_w / 2  # noqa: E731
    height = top + row_h * len(rows) + 30
    out = [_svg(label_w + plot_w + LABEL_ROOM, height, "Differences")]
    for tick in (-span, -span / 2, 0, span / 2, span):
        label = f"{tick * 100:+.0f} pts" if percent else f"{tick:+.1f}"
        out.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top}" y2="{height - 24}" '
                   f'stroke="{"#999" if tick == 0 else "#e3e6ea"}"/>')
        out.append(f'<text x="{x(tick):.1f}" y="{height - 8}" text-anchor="middle">{label}</text>')
    for i, (name, d) in enumerate(rows):
        cy = top + i * row_h + row_h / 2
        colour = MARK if d["beyond_noise"] else "#4e79a7"
        out.append(_name(name, label_w - 10, cy + 4, label_w))
        if d["low"] is not None:
            out.append(f'<line x1="{x(d["low"]):.1f}" x2="{x(d["high"]):.1f}" y1="{cy}" y2="{cy}" '
                       f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<circle cx="{x(d["delta"]):.1f}" cy="{cy}" r="5" fill="{colour}"/>')
    out.append("</svg>")
    return "".join(out)


def _seat_table(report: dict) -> str:
    rows = "".join(f'<tr><td class="l">{escape(s["name"])}</td><td>{s["wins"]}</td>'
                   f'<td>{_interval(s["win_rate"], True)}</td><td>{_interval(s["points"])}</td></tr>'
                   for s in report["seats"])
    return ('<table><tr><th class="l">seat</th><th>wins</th><th>win rate, 95% interval</th>'
            f'<th>mean points, 95% interval</th></tr>{rows}</table>')


def _category_table(report: dict) -> str:
    titles = report.get("category_titles", {})
    head = "".join(f"<th>{escape(_pretty(c, titles))}</th>" for c in report["categories"])
    rows = "".join(f'<tr><td class="l">{escape(s["name"])}</td>'
                   + "".join(f"<td>{_num(s['by_category'][c]['mean'])}</td>" for c in report["categories"])
                   + f"<td><b>{_num(s['points']['mean'])}</b></td></tr>" for s in report["seats"])
    return f'<table><tr><th class="l">seat</th>{head}<th>total</th></tr>{rows}</table>'


def _effect(figure: dict | None, percent: bool = False) -> str:
    """A signed figure with its 95% interval, or a dash when there are too few owners to tell."""
    if figure is None:
        return '<span class="ci">too few owners</span>'
    return _signed({**figure, "beyond_noise": False}, percent)


def _character_table(report: dict) -> str:
    rows = []
    for c in report["characters"]:
        effect = c["owner_effect"]
        rows.append(f'<tr class="{"none" if not c["owners"] else ""}"><td>{c["id"]}</td>'
                    f'<td class="l">{escape(c["title"])}</td><td>{c["hired_per_game"]:.2f}</td>'
                    f'<td>{c["used_per_game"]:.2f}</td><td>{c["owners"]}</td>'
                    f'<td>{_effect(effect["points"])}</td><td>{_effect(effect["win_rate"], True)}</td></tr>')
    return ('<table><tr><th>id</th><th class="l">character</th><th>hired / game</th><th>used / game</th>'
            '<th>owners</th><th>points for its owner</th><th>wins for its owner</th></tr>'
            + "".join(rows) + "</table>")


_VERDICT_CLASS = {STRONG: "v-strong", WEAK: "v-weak", UNCLEAR: "v-unclear", UNTOLD: "v-untold"}
_VERDICT_COLOUR = {STRONG: "#c0392b", WEAK: "#2c6fbb", UNCLEAR: "#7f8c8d", UNTOLD: "#bdc3c7"}


def verdict_plot(rows: list[dict], margin: float) -> str:
    """Each judged character's figure (points for its owner, mod minus base) with its 95% interval,
    around a zero line with the verdict margin dashed on either side; coloured by verdict."""
    shown = [row for row in rows if row["points"] is not None]
    if not shown:
        return ""
    names = [f'{row["id"]} {row["title"]}' for row in shown]
    label_w, plot_w, row_h, top = _names_width(names), 640, 28, 10
    reach = max([abs(v) for row in shown for v in (row["points"]["low"], row["points"]["high"])] + [margin])
    ticks = _axis_ticks(reach, 3)
    step = ticks[1] - ticks[0] if len(ticks) > 1 else reach
    while ticks[-1] < reach * 1.05:  # the axis ends at a labelled tick past the widest interval
        ticks.append(ticks[-1] + step)
    span = ticks[-1]
    x = lambda v: label_w + plot_w / 2 + v / span * plot_w / 2  # noqa: E731
    height = top + row_h * len(shown) + 30
    out = [_svg(label_w + plot_w + LABEL_ROOM, height, "Points for each judged character's owner, mod minus base")]
    for tick in sorted({-t for t in ticks} | set(ticks)):
        out.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top}" y2="{height - 24}" '
                   f'stroke="{"#999" if tick == 0 else "#e3e6ea"}"/>')
        out.append(f'<text x="{x(tick):.1f}" y="{height - 8}" text-anchor="middle">{tick:+g}</text>'
                   if tick else f'<text x="{x(0):.1f}" y="{height - 8}" text-anchor="middle">0</text>')
    for edge in (-margin, margin):
        out.append(f'<line x1="{x(edge):.1f}" x2="{x(edge):.1f}" y1="{top}" y2="{height - 24}" stroke="#b9770e" '
                   'stroke-dasharray="4 3"/>')
    for i, (row, name) in enumerate(zip(shown, names)):
        cy = top + i * row_h + row_h / 2
        colour = _VERDICT_COLOUR[row["verdict"]]
        figure = row["points"]
        out.append(_name(name, label_w - 10, cy + 4, label_w))
        out.append(f'<line x1="{x(figure["low"]):.1f}" x2="{x(figure["high"]):.1f}" y1="{cy}" y2="{cy}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<circle cx="{x(figure["delta"]):.1f}" cy="{cy}" r="5" fill="{colour}"/>')
    out.append("</svg>")
    return "".join(out)


def _verdicts(comparison: dict) -> str:
    verdicts = comparison["verdicts"]
    mod, base = escape(comparison["mod"]["path"]), escape(comparison["base"]["path"])
    judged = [row for row in called_first(verdicts["characters"]) if row["judged"]]
    parts = [f"<h2>Verdicts: {mod} against {base}</h2>",
             f'<p class="meta">{len(judged)} character(s) judged, {verdicts["called"]} called too strong or too '
             f'weak, from {verdicts["games"]} games of each ruleset on the same seeds.</p>', '<div class="card">']
    if not judged:
        parts.append("<p>The mod changes no character. Its other characters are listed below without a verdict "
                     "(<code>--verdicts all</code> judges every one).</p>")
    else:
        rows = "".join(
            f'<tr class="judged"><td>{row["id"]}</td><td class="l"><b>{escape(row["title"])}</b> '
            f'<span class="ci">({row["status"]})</span></td>'
            f'<td class="l"><span class="verdict {_VERDICT_CLASS[row["verdict"]]}">{row["verdict"]}</span></td>'
            f'<td class="l figure" style="white-space:normal">{escape(figure_text(row, verdicts["games"]))}</td>'
            f'<td>{_effect(row["owner_win_rate"], True)}</td></tr>' for row in judged)
        parts.append('<div class="wide"><table><tr><th>id</th><th class="l">character</th><th class="l">verdict</th>'
                     '<th class="l">the figure behind it, with its 95% interval</th>'
                     f'<th>its owners\' wins against non-owners of their seat</th></tr>{rows}</table></div>')
        plot = verdict_plot(judged, verdicts["margin"])
        if plot:
            parts.append(f'<div class="plot">Points for its owner, mod minus base</div>{plot}')
    parts.append(
        '<div class="howto"><b>How to read the verdicts.</b> A character\'s strength is what owning it does for '
        "a seat: the owners' points minus the non-owners' points <i>in the same seat</i>, so that who plays and "
        "where they sit are the same on both sides. A changed character is measured against its base version "
        "(the figure is the change); a new one against the base's characters of the same value (the same price "
        "and the same points at the end). Positive: stronger. <b>Likely too strong</b> or <b>likely too weak</b> "
        f"needs the figure clear of zero by {verdicts['margin']:g} points (the dashed lines) with all "
        f"{verdicts['family']} judged figure(s) taken together (Bonferroni, 95%): the base against itself calls "
        "nothing at least 95% of the time. <b>No clear effect</b>: within the margin, or too uncertain; more games "
        "narrow the interval. A character that fewer than 10 seats owned (the bots judge a character by trying it, "
        "and leave a useless one on the elevator) is judged by <b>how often the bots took it</b> when it was on "
        "offer at a hire, against the same reference, with a margin of "
        f"{verdicts['hire_margin'] * 100:g} percentage points. <b>Too few owners to tell</b>: too seldom owned "
        "and offered; play more games.</div></div>")
    others = [row for row in verdicts["characters"] if not row["judged"]]
    if others:
        rows = "".join(f'<tr><td>{row["id"]}</td><td class="l">{escape(row["title"])}</td>'
                       f'<td>{row.get("owners", "–")}</td><td>'
                       + ("removed by the mod" if row["status"] == "removed" else _effect(row["points"]))
                       + "</td></tr>" for row in others)
        parts.append('<div class="card"><b>Other characters</b> (not changed by the mod, no verdict): points for '
                     "their owner in the mod minus in the base, 95% interval"
                     '<div class="wide"><table><tr><th>id</th><th class="l">character</th><th>owners</th>'
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
    parts.append('<div class="card"><div class="plot">Win rate</div>'
                 + difference_plot([(s["name"], s["win_rate"]) for s in seats], True)
                 + '<div class="plot">Mean points</div>'
                 + difference_plot([(s["name"], s["points"]) for s in seats], False))
    head = "".join(f"<th>{escape(s['name'])}</th>" for s in seats)
    lines = [("win rate", [_signed(s["win_rate"], True) for s in seats]),
             ("points", [_signed(s["points"]) for s in seats])]
    titles = report.get("category_titles", {})
    lines += [(_pretty(name, titles), [_signed(s["by_category"][name]) for s in seats]) for name in seats[0]["by_category"]]
    rows = "".join(f'<tr><td class="l">{escape(name)}</td>' + "".join(f"<td>{cell}</td>" for cell in cells)
                   + "</tr>" for name, cells in lines)
    parts.append(f'<div class="wide"><table><tr><th class="l"></th>{head}</tr>{rows}</table></div></div>')
    chars = differences["characters"]
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
            f'{report["games_per_second"]:.0f} games per second.</p>',
            "<h2>Win rates</h2>", '<div class="card">', win_rate_plot(report["seats"]),
            '<p class="note">Bars: share of games won; whiskers: 95% interval (Wilson); dashed line: an even share.'
            "</p>", _seat_table(report), "</div>",
            "<h2>Points by category</h2>", '<div class="card">', category_plot(report["seats"], report["categories"], report.get("category_titles", {})),
            '<p class="note">Mean points per game; the categories add up to the total, whose 95% interval is the '
            "whisker.</p>", '<div class="wide">', _category_table(report), "</div></div>",
            "<h2>Characters</h2>", '<div class="card">',
            '<p class="note">Hired: taken into a company (start stacks included); used: times the character acted; '
            "owners: seats that had it at the end of a game. Points and wins for its owner: the owners' mean minus "
            "the non-owners' mean in the same seat (the same player in the same place), averaged over the seats, "
            "with a 95% bootstrap interval; too few owners: fewer than 10.</p>",
            '<div class="wide">', _character_table(report), "</div></div>"]
    if "comparison" in report:
        body[2:2] = [_verdicts(report["comparison"])]  # the modder's answer first
        body.append(_comparison(report))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head>"
            f"<body><main>{''.join(body)}</main></body></html>\n")
