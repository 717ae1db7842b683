"""The hostile corpus (tests/hostile/): what an attacker or a broken file can throw at the program.

tests/hostile/runner.py runs every case of tests/hostile/cases.yaml in a forked
child under a memory limit (RLIMIT_AS) in a copy of tests/hostile/files/. Each
case must end by itself with its exit code, show its expected one-line
diagnostic, never a traceback, never any text it lists under `absent`, and
write only valid UTF-8.

`python tests/test_hostile.py [NAME ...]` measures each case as a fresh process
with /usr/bin/time: wall time and peak memory, the figures of the issue note.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "hostile"))
import runner  # noqa: E402

CASES = runner.cases()


@lru_cache(maxsize=1)
def _results() -> dict[str, dict]:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "hostile" / "runner.py")], capture_output=True,
                          text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return {r["name"]: r for r in map(json.loads, done.stdout.splitlines())}


@lru_cache(maxsize=1)
def _digest() -> str:
    return runner._digest()


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_hostile_case(case):
    result = _results()[case["name"]]
    assert "error" not in result, result["error"]
    assert not result.get("timeout"), f"still running after {runner.TIME_LIMIT} s"
    output = result["stdout"] + result["stderr"]
    assert "Traceback" not in output and "internal error" not in output, output[-3000:]
    assert result["exit"] == case.get("exit", 1), output[-3000:]
    if case["run"].startswith("play"):  # play breaks long lines for an 80-column terminal: join them
        output = re.sub(r"\n {2,}(?=\S)", " ", output)
    lines = [line.rstrip() for line in output.splitlines()]
    if case["expect"] == "":
        assert result["stderr"] == ""
    else:
        expected = case["expect"].replace("@DIGEST12@", _digest()[:12])
        assert expected in lines, "\n".join(lines[:12])
    for text in case.get("absent", []):
        assert text not in output
    # CPU time, not wall time: the machine running the tests may be busy with other work.
    assert result["cpu_seconds"] < case.get("seconds", 5), f"took {result['cpu_seconds']} s of CPU"


def test_every_case_has_a_name_of_its_own():
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))


def measure(names: list[str]) -> None:
    """Each case as a fresh `python cli.py ...` under /usr/bin/time -v: seconds and peak memory."""
    digest = runner._digest()
    for case in CASES:
        if names and not any(n in case["name"] for n in names):
            continue
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            folder = runner.prepare(case, tmp, digest)
            args = [runner.placeholders(a) for a in __import__("shlex").split(case["run"])]
            stdout = open("/dev/full", "w") if case.get("stdout") == "/dev/full" else subprocess.DEVNULL
            source = case.get("stdin")
            stdin = {"stdin": open(source, "rb")} if source not in (None, "closed") else \
                {"input": case.get("input", "").encode("utf-8")} if source is None else \
                {"stdin": subprocess.DEVNULL, "preexec_fn": lambda: os.close(0)}
            done = subprocess.run(["/usr/bin/time", "-v", sys.executable, str(ROOT / "cli.py"), *args],
                                  cwd=folder, stdout=stdout, stderr=subprocess.PIPE, **stdin,
                                  env={"PATH": "/usr/bin:/bin", "HOME": str(tmp), "NO_COLOR": "1"})
            report = done.stderr.decode("utf-8", "replace")
            field = {line.split(": ")[0].strip(): line.split(": ")[-1] for line in report.splitlines() if ": " in line}
            cpu = float(field["User time (seconds)"]) + float(field["System time (seconds)"])
            peak = int(field["Maximum resident set size (kbytes)"]) / 1024
            wall = field["Elapsed (wall clock) time (h:mm:ss or m:ss)"]
            print(f"{case['name']:<44} exit {done.returncode:<3} wall {wall:>8}  cpu {cpu:5.2f} s  peak {peak:6.1f} MB")


if __name__ == "__main__":
    measure(sys.argv[1:])
