"""CI's guard on skips (tests/conftest.py, NYCRULES_STRICT_SKIPS): a skip known_skips.txt does not name fails the run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _pytest(folder: Path, strict: bool) -> subprocess.CompletedProcess:
    (folder / "test_one.py").write_text("import pytest\n\ndef test_skipped():\n    pytest.skip('no extra')\n\n"
                                        "def test_passes():\n    pass\n")
    env = {**os.environ, "PYTHONPATH": str(TESTS)}
    env.pop("NYCRULES_STRICT_SKIPS", None)
    if strict:
        env["NYCRULES_STRICT_SKIPS"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "conftest", "-c", os.devnull,
                           "--rootdir", str(folder), "-p", "no:cacheprovider", str(folder)],
                          capture_output=True, text=True, env=env, cwd=folder, timeout=120)


def test_an_unnamed_skip_fails_the_run_in_ci(tmp_path):
    done = _pytest(tmp_path, strict=True)
    assert done.returncode == 1, done.stdout
    assert "1 tests skipped that tests/known_skips.txt does not name" in done.stdout
    assert "test_one.py::test_skipped" in done.stdout


def test_without_the_guard_a_skip_is_a_skip(tmp_path):
    assert _pytest(tmp_path, strict=False).returncode == 0
