"""The one switch that rewrites golden files (tests/golden.py) is read the same way everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import golden

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("value, rewrites", [("1", True), ("0", False), ("no", False), ("", False), ("yes", False)])
def test_only_the_value_1_rewrites(value, rewrites, monkeypatch):
    monkeypatch.setenv(golden.SWITCH, value)
    assert golden.regenerating() is rewrites


def test_no_other_test_reads_the_switch_itself():
    reading = re.compile(r"(environ|getenv)\W[^\n]*" + golden.SWITCH)
    readers = [p.name for p in TESTS.rglob("*.py") if p.name not in ("golden.py", "test_golden.py")
               and reading.search(p.read_text(encoding="utf-8"))]
    assert readers == []


def test_a_golden_file_is_written_only_when_it_would_change(tmp_path):
    path = tmp_path / "game.txt"
    assert golden.rewrite(path, "one\n")
    stamp = path.stat().st_mtime_ns
    assert not golden.rewrite(path, "one\n") and path.stat().st_mtime_ns == stamp
    assert golden.rewrite(path, b"two\n") and path.read_text() == "two\n"
