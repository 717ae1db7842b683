"""The picture of the table: valid XML, no network or special fonts, and it shows what the game holds."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

from nycrules.agents import agent_for_seat
from nycrules.engine.runner import Session
from nycrules.table.game_at import game_at
from nycrules.table.saves import Save, write_save
from nycrules.agents.seating import parse_seats
from nycrules.games.nyc.table.picture import picture
from scenario import nyc

ROOT = Path(__file__).resolve().parent.parent
NS = {"s": "http://www.w3.org/2000/svg"}


@lru_cache(maxsize=1)
def finished() -> Save:
    rs = nyc()
    specs = parse_seats(["Annabelle Longname", "bot:greedy", "Bernard", "tom:7"], rs)
    agents = {i: agent_for_seat("bot:greedy", 3, i) for i, s in enumerate(specs) if s.kind != "tom"}
    session = Session(rs, specs, 3, agents)
    session.run()
    return Save(rs.digest, rs.name, specs, 3, list(session.record))


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == name]


def check_against(root: ET.Element, game) -> None:
    # Boroughs: value, letter, and every owner's skyscrapers.
    boroughs = {g.get("data-borough"): g for g in by_class(root, "borough")}
    assert set(boroughs) == {b.id for b in game.boroughs}
    for b in game.boroughs:
        g = boroughs[b.id]
        assert g.get("data-value") == str(b.value) and g.get("data-letter") == b.letter
        counts = {e.get("data-seat"): int(e.text) for e in g.iter() if e.get("class") == "count"}
        assert counts == {"neutral": b.neutral, **{str(s.index): b.counts[s.index] for s in game.seats}}
        tiles = sorted((e.get("data-colour"), int(e.get("data-value"))) for e in g.iter()
                       if e.get("class") == "prestige")
        assert tiles == sorted((t.colour, t.value) for t in b.prestige)
        lantern = [e for e in g.iter() if e.get("class") == "lantern"]
        assert [e.get("data-colour") for e in lantern] == [b.lantern]
    # Vessels still on the board, each between its two boroughs.
    drawn = sorted((e.get("data-kind"), e.get("data-ends")) for e in by_class(root, "vessel"))
    assert drawn == sorted((v.kind, f"{v.ends[0].id} {v.ends[1].id}") for v in game.board_vessels)
    # The Mayor.
    mayors = [e.get("data-borough") for e in by_class(root, "mayor")]
    assert mayors == ([game.mayor.id] if game.mayor else [])
    # Press track: every token at its space and place.
    tokens = [(e.get("data-who"), int(e.get("data-space")), int(e.get("data-place")))
              for e in by_class(root, "press-token")]
    assert tokens == [(t.seat.name if t.seat else "neutral", t.space, i + 1) for i, t in enumerate(game.press)]
    # Points and companies.
    points = {int(e.get("data-seat")): int(e.text) for e in by_class(root, "points")}
    assert points == {s.index: s.points for s in game.seats}
    for s in game.seats:
        group = next(g for g in by_class(root, "seat") if g.get("data-seat") == str(s.index))
        assert group.get("data-name") == s.name
        chars = sorted(int(e.get("data-char")) for e in group.iter() if e.get("class") == "character")
        assert chars == sorted(t.char.id for t in s.company)
        used = sorted(int(e.get("data-char")) for e in group.iter() if e.get("data-used") == "true")
        assert used == sorted(t.char.id for t in s.company if t.uid in s.used)
        facts = next(e for e in group.iter() if e.get("class") == "facts")
        assert facts.get("data-dollars") == str(s.dollars) and facts.get("data-board") == str(s.board)


def test_the_picture_shows_the_table_mid_game_and_at_the_end():
    save = finished()
    for until in (40, 90, None):
        game, _ = game_at(nyc(), save, until)
        text = picture(game)
        root = parse(text)
        check_against(root, game)
        if until == 90:
            assert game.board_vessels and any(b.prestige for b in game.boroughs)


def test_the_picture_needs_no_network_and_only_generic_fonts():
    game, _ = game_at(nyc(), finished(), 60)
    text = picture(game)
    root = parse(text)
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in text and "@import" not in text and "<image" not in text
    families = {e.get("font-family") for e in root.iter() if e.get("font-family")}
    assert families <= {"sans-serif", "serif", "monospace"}


def test_names_that_need_escaping_stay_valid_xml():
    game, _ = game_at(nyc(), finished(), 30)
    game.seats[0].name = "A<b>&\"c'"
    root = parse(picture(game))
    assert any(g.get("data-name") == "A<b>&\"c'" for g in by_class(root, "seat"))


def test_board_command_writes_the_picture(tmp_path):
    save_path = tmp_path / "game.json"
    write_save(save_path, finished())
    out = tmp_path / "table.svg"
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "board", str(save_path), "--until", "50",
                             "--svg", str(out)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    game, _ = game_at(nyc(), finished(), 50)
    check_against(parse(out.read_text(encoding="utf-8")), game)
    text = subprocess.run([sys.executable, str(ROOT / "cli.py"), "board", str(save_path), "--until", "50"],
                          capture_output=True, text=True, timeout=120)
    assert text.returncode == 0 and "Press track, farthest ahead first" in text.stdout
    assert max(len(line) for line in text.stdout.splitlines()) <= 80


def test_board_of_a_save_with_decisions_past_its_games_end_says_the_file_was_changed(tmp_path):
    """Before, `board` drew the finished table and said "after decision 223 of 223" of a game that
    ended after 173; replay and play --load refuse such a save."""
    import dataclasses
    save = finished()
    played = len(save.decisions)
    save_path = tmp_path / "game.json"
    write_save(save_path, dataclasses.replace(save, decisions=save.decisions + [0] * 50))
    for until in ([], ["--until", str(played + 10)]):
        result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "board", str(save_path), *until],
                                capture_output=True, text=True, timeout=120)
        assert result.returncode == 1 and result.stdout == ""
        assert result.stderr == (f"nycrules: the save holds {played + 50} decisions, but its game ends after "
                                 f"{played}: the file was changed\n")
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "board", str(save_path), "--until", str(played)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and f"(after decision {played} of {played + 50})" in result.stdout


def test_picture_in_play_draws_the_current_table(tmp_path):
    out = tmp_path / "now.svg"
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "play", "--seed", "3"],
                            input=f"picture {out}\nquit\n", capture_output=True, text=True, timeout=120,
                            cwd=tmp_path)
    assert f"drew the table into {out}" in " ".join(result.stdout.split())  # lines break at 80 columns
    rs = nyc()
    game, _ = game_at(rs, Save(rs.digest, rs.name, parse_seats([], rs), 3, []), 0)
    check_against(parse(out.read_text(encoding="utf-8")), game)


def test_each_vessel_label_sits_on_its_own_line_and_on_no_other():
    """Lines crossing in the middle of the map once shared a label's place, so it named neither."""
    specs = parse_seats(["Ann", "bot:greedy", "tom:7", "bot:random"], nyc())
    session = Session(nyc(), specs, 11, {})
    session.decision()  # the first decision: every vessel is on the board, several cross
    root = parse(picture(session.state))
    lines = [e for e in by_class(root, "vessel")]
    labels = by_class(root, "vessel-label")
    assert len(labels) == len(lines) > 8
    boxes = [(float(e.get("x")), float(e.get("y")), float(e.get("width")), float(e.get("height"))) for e in labels]
    for (x, y, w, h), line in zip(boxes, lines):
        inside = [other.get("data-kind") + " " + other.get("data-ends") for other in lines
                  if other.get("data-ends") != line.get("data-ends") and crosses(other, x, y, w, h)]
        assert not inside, (line.get("data-kind"), line.get("data-ends"), inside)
        assert crosses(line, x, y, w, h)  # on its own line
    for i, (x, y, w, h) in enumerate(boxes):
        for (x2, y2, w2, h2) in boxes[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, "two labels overlap"


def crosses(line: ET.Element, x: float, y: float, w: float, h: float) -> bool:
    """Whether the line passes through the box (points every pixel along it)."""
    x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
    steps = int(max(abs(x2 - x1), abs(y2 - y1))) + 1
    return any(x <= x1 + (x2 - x1) * t / steps <= x + w and y <= y1 + (y2 - y1) * t / steps <= y + h
               for t in range(steps + 1))


def start_of_game():
    specs = parse_seats(["Ann", "bot:greedy", "tom:7", "bot:random"], nyc())
    session = Session(nyc(), specs, 11, {})
    session.decision()  # every vessel is still on the board
    return session.state


def borough_centres(root: ET.Element) -> dict[str, tuple[float, float]]:
    out = {}
    for g in by_class(root, "borough"):
        ring = next(e for e in g if e.tag.endswith("circle"))
        out[g.get("data-borough")] = (float(ring.get("cx")), float(ring.get("cy")))
    return out


def test_the_map_is_laid_out_like_the_city():
    """North up: the Bronx above Manhattan, Queens east of it, Jersey City west across the river,
    Brooklyn south-east, Staten Island to the south-west."""
    at = borough_centres(parse(picture(start_of_game())))
    x, y = {b: p[0] for b, p in at.items()}, {b: p[1] for b, p in at.items()}
    assert y["bronx"] < y["manhattan"] < y["brooklyn"] < y["staten_island"]
    assert x["jersey_city"] < x["manhattan"] < x["queens"]
    assert x["staten_island"] < x["brooklyn"] < x["queens"] and y["queens"] < y["brooklyn"]


def test_a_ruleset_without_map_places_puts_the_boroughs_on_a_ring():
    import dataclasses
    game = start_of_game()
    comp = game.ruleset.part.components
    unplaced = tuple(dataclasses.replace(b, map=None) for b in comp.boroughs)
    part = dataclasses.replace(game.ruleset.part, components=dataclasses.replace(comp, boroughs=unplaced))
    game.ruleset = dataclasses.replace(game.ruleset, part=part)
    at = borough_centres(parse(picture(game)))
    centre_x = sum(p[0] for p in at.values()) / len(at)
    centre_y = sum(p[1] for p in at.values()) / len(at)
    radii = {round(((p[0] - centre_x) ** 2 + (p[1] - centre_y) ** 2) ** 0.5) for p in at.values()}
    assert max(radii) - min(radii) <= 1  # all at one distance from the middle


def test_vessel_lines_run_from_rim_to_rim():
    """A line from centre to centre hid the short ones under the circles."""
    from nycrules.games.nyc.table.picture import NODE_R
    root = parse(picture(start_of_game()))
    at = borough_centres(root)
    lines = by_class(root, "vessel")
    assert len(lines) == 10
    for line in lines:
        ends = line.get("data-ends").split()
        for (px, py) in ((float(line.get("x1")), float(line.get("y1"))), (float(line.get("x2")), float(line.get("y2")))):
            gaps = [((px - at[b][0]) ** 2 + (py - at[b][1]) ** 2) ** 0.5 for b in ends]
            assert min(gaps) >= NODE_R, "a line's end lies inside a borough's circle"
            assert min(gaps) <= NODE_R + 12, "a line stops short of its borough"
        visible = ((float(line.get("x2")) - float(line.get("x1"))) ** 2
                   + (float(line.get("y2")) - float(line.get("y1"))) ** 2) ** 0.5
        assert visible >= 60, f"{line.get('data-kind')} {ends} shows only {visible:.0f} pixels"


def test_the_elevator_is_drawn_as_rows_of_tiles_with_a_key_and_the_piles():
    game = start_of_game()
    root = parse(picture(game))
    rows = {int(g.get("data-value")): [int(t.get("data-char")) for t in g if t.get("class") == "elevator-tile"]
            for g in by_class(root, "elevator-row")}
    assert rows == {value: [t.char.id for t in tiles] for value, tiles in game.elevator_rows.items()}
    assert len(rows) == 5 and all(len(tiles) == 4 for tiles in rows.values())
    key = [e.get("data-owner") for e in by_class(root, "key-swatch")]
    assert key == ["neutral"] + [s.name for s in game.seats]
    piles = by_class(root, "piles")[0]
    assert (int(piles.get("data-draw")), int(piles.get("data-discard"))) == (len(game.deck), len(game.discard))
    for s in game.seats:
        group = next(g for g in by_class(root, "seat") if g.get("data-seat") == str(s.index))
        facts = next(e for e in group.iter() if e.get("class") == "facts")
        assert (int(facts.get("data-hand")), int(facts.get("data-reserve"))) == (len(s.hand), len(s.reserve))


def test_control_characters_are_written_visibly_so_the_picture_stays_well_formed_xml():
    import xml.etree.ElementTree as ET

    from nycrules.table.drawing import Canvas

    canvas = Canvas()
    canvas.add("text", "Man\x01hattan", title="a\x02b")
    root = ET.fromstring("<svg>" + "".join(canvas.parts) + "</svg>")
    assert root[0].text == "Man\\x01hattan" and root[0].get("title") == "a\\x02b"


def test_board_svg_refuses_a_name_that_is_not_svg(tmp_path):
    """An SVG written into table.png would not open as a PNG: the name is refused before anything."""
    save_path = tmp_path / "game.json"
    write_save(save_path, finished())
    result = subprocess.run([sys.executable, str(ROOT / "cli.py"), "board", str(save_path), "--svg",
                             str(tmp_path / "table.png")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert "ending in .svg" in result.stderr and "table.svg" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "table.png").exists()


def test_the_picture_scales_to_the_window_and_a_finished_game_names_its_winner():
    """Opened in a browser window of 1200x900, the whole picture shows (it scales to the view);
    a finished game's title says who won."""
    from nycrules.engine.scoring import winner_of

    game, _ = game_at(nyc(), finished(), None)
    root = parse(picture(game))
    assert root.get("width") == "100%" and root.get("height") == "100%"
    assert root.get("preserveAspectRatio") == "xMidYMid meet"
    _, _, width, height = (float(v) for v in root.get("viewBox").split())
    assert width == 1200 and height > 900  # taller than the window: only scaling shows it all
    title = by_class(root, "title")[0].text
    winner = winner_of(game)
    assert f"{winner.name} wins with {winner.points} points" in title
    mid, _ = game_at(nyc(), finished(), 40)
    assert "wins" not in by_class(parse(picture(mid)), "title")[0].text
