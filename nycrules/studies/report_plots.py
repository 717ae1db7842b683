"""The plots of a balance study's HTML page, as inline SVG: win rates, points by category, differences,
and the verdicts on a mod's characters."""

from __future__ import annotations

from html import escape

from .verdicts import STRONG, UNCLEAR, UNSHARED, UNTOLD, WEAK

PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac"]
MARK = "#d62728"
VERDICT_COLOUR = {STRONG: "#c0392b", WEAK: "#2c6fbb", UNCLEAR: "#7f8c8d", UNTOLD: "#bdc3c7", UNSHARED: "#bdc3c7"}
CHAR_W = 7.5  # a generous width of one character of the plots' 12px text, to leave room for labels
LABEL_ROOM = 60  # right of a plot: its value labels ("100.0%", "112.5")


def as_percent(value: float | None) -> str:
    """A share as a percentage, or a dash for none."""
    return "–" if value is None else f"{value * 100:.1f}%"


def as_number(value: float | None, digits: int = 1) -> str:
    """A figure rounded to `digits`, or a dash for none."""
    return "–" if value is None else f"{value:.{digits}f}"


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


def pretty(category: str, titles: dict[str, str]) -> str:
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


def _symmetric_ticks(reach: float, count: int = 3) -> list[float]:
    """Ticks at a round step on both sides of zero, the outermost the first past `reach` (the widest
    interval), so that the axis ends at a labelled tick."""
    ticks = _axis_ticks(reach, count)
    step = ticks[1] - ticks[0] if len(ticks) > 1 else reach
    while ticks[-1] < reach * 1.05:
        ticks.append(ticks[-1] + step)
    return sorted({-t for t in ticks} | set(ticks))


def _tick_label(value: float) -> str:
    """A signed tick label ('+20', '-2.5'), and zero as '0'."""
    value = round(value, 6)  # 0.1 + 0.2 and the like, read as written
    return f"{value:+g}" if value else "0"


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
        out.append(f'<text x="{x(rate["high"]) + 6:.1f}" y="{cy + 4}">{as_percent(rate["mean"])}</text>')
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
                       f'fill="{PALETTE[j % len(PALETTE)]}"><title>{escape(pretty(name, titles))}: {value:.1f}</title></rect>')
            left += width
        points = seat["points"]
        if points["low"] is not None:
            cy = y + row_h / 2
            lo, hi = label_w + points["low"] * scale, label_w + points["high"] * scale
            out.append(f'<line x1="{lo:.1f}" x2="{hi:.1f}" y1="{cy}" y2="{cy}" stroke="#222" stroke-width="1.5"/>')
            for end in (lo, hi):
                out.append(f'<line x1="{end:.1f}" x2="{end:.1f}" y1="{cy - 6}" y2="{cy + 6}" stroke="#222" '
                           'stroke-width="1.5"/>')
            out.append(f'<text x="{max(hi, left) + 6:.1f}" y="{cy + 4}">{as_number(points["mean"])}</text>')
    out.append("</svg>")
    legend = "".join(f'<span><i style="background:{PALETTE[j % len(PALETTE)]}"></i>{escape(pretty(name, titles))}</span>'
                     for j, name in enumerate(categories))
    return "".join(out) + f'<div class="legend">{legend}</div>'


def difference_plot(rows: list[tuple[str, dict]], percent: bool) -> str:
    """Each difference as a dot with its 95% interval around a zero line; marked ones in red."""
    label_w, plot_w, row_h, top = _names_width([name for name, _ in rows]), 640, 28, 10
    bounds = [abs(v) for _, d in rows for v in (d["low"], d["high"], d["delta"]) if v is not None]
    ticks = _symmetric_ticks(max(bounds + [0.01 if percent else 0.1]))  # an axis even where nothing differs
    span = ticks[-1]
    x = lambda v: label_w + plot_w / 2 + v / span * plot_w / 2  # noqa: E731
    height = top + row_h * len(rows) + 30
    out = [_svg(label_w + plot_w + LABEL_ROOM, height, "Differences")]
    for tick in ticks:
        label = _tick_label(tick * 100 if percent else tick)  # the caption names the unit
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


def verdict_plot(rows: list[dict], margin: float, noun: str) -> str:
    """Each judged character's (or other `noun`'s) figure (points for its owner, mod minus base) with its 95% interval,
    around a zero line with the verdict margin dashed on either side; coloured by verdict."""
    shown = [row for row in rows if row["points"] is not None]
    if not shown:
        return ""
    names = [f'{row["id"]} {row["title"]}' if isinstance(row["id"], int) else row["title"] for row in shown]
    label_w, plot_w, row_h, top = _names_width(names), 640, 28, 10
    reach = max([abs(v) for row in shown for v in (row["points"]["low"], row["points"]["high"])] + [margin])
    ticks = _symmetric_ticks(reach)
    span = ticks[-1]
    x = lambda v: label_w + plot_w / 2 + v / span * plot_w / 2  # noqa: E731
    height = top + row_h * len(shown) + 30
    out = [_svg(label_w + plot_w + LABEL_ROOM, height, f"Points for each judged {noun}'s owner, mod minus base")]
    for tick in ticks:
        out.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top}" y2="{height - 24}" '
                   f'stroke="{"#999" if tick == 0 else "#e3e6ea"}"/>')
        out.append(f'<text x="{x(tick):.1f}" y="{height - 8}" text-anchor="middle">{_tick_label(tick)}</text>')
    for edge in (-margin, margin):
        out.append(f'<line x1="{x(edge):.1f}" x2="{x(edge):.1f}" y1="{top}" y2="{height - 24}" stroke="#b9770e" '
                   'stroke-dasharray="4 3"/>')
    for i, (row, name) in enumerate(zip(shown, names)):
        cy = top + i * row_h + row_h / 2
        colour = VERDICT_COLOUR[row["verdict"]]
        figure = row["points"]
        out.append(_name(name, label_w - 10, cy + 4, label_w))
        out.append(f'<line x1="{x(figure["low"]):.1f}" x2="{x(figure["high"]):.1f}" y1="{cy}" y2="{cy}" '
                   f'stroke="{colour}" stroke-width="2"/>')
        out.append(f'<circle cx="{x(figure["delta"]):.1f}" cy="{cy}" r="5" fill="{colour}"/>')
    out.append("</svg>")
    return "".join(out)
