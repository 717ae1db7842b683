"""Golden tests of the ruleset checker, driven by the files in tests/cases/.

Each case is checked with the working directory set to its own folder, so the
FILE of a diagnostic is the bare file name.

invalid/X.yaml + X.expected
    A broken ruleset and the diagnostics it must give: one line per
    diagnostic, `FILE:LINE:COL: CODE`, in the order the checker sorts them
    (by file, line, column), optionally followed by the whole message
    (`FILE:LINE:COL: CODE message`), which must then match word for word.
    Every message must be a single line without a Python traceback.

valid/X.yaml + X.check.json (+ X.expected)
    A mod that must load with no error (and with no warning, or with the
    warnings listed in X.expected, in the format above). The JSON maps a dotted path into
    the loaded Ruleset to the value it must have, e.g.
    {"characters.43.value": 2, "rounds.dollar.bonus.source": "..."}.
    A path step is an attribute, a mapping key (digits: an int key), or the
    `id` of an item of a tuple (characters, rounds, boroughs, ...).

Regenerating the goldens
    After an intended change to the checker's output, run
        NYCRULES_REGEN_GOLDEN=1 python -m pytest tests/test_cases.py
    to rewrite invalid/*.expected from the checker's current output (with the
    messages where the golden file had them, or is new). Nothing
    is rewritten unless NYCRULES_REGEN_GOLDEN=1 is set. Then review the diff
    BY HAND: every line must point at the offending token with a clear
    message. A case that shows a checker bug is fixed first, then added here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import golden as golden_files
from nycrules.diagnostics import Diagnostic, render
from nycrules.loading.loader import LoadResult, check_ruleset

CASES = Path(__file__).parent / "cases"
REGEN = golden_files.regenerating()


def _cases(folder: str) -> list[Path]:
    return sorted((CASES / folder).glob("*.yaml"))


def _check(case: Path, monkeypatch: pytest.MonkeyPatch) -> LoadResult:
    monkeypatch.chdir(case.parent)
    return check_ruleset(case.name)


def _golden_line(d: Diagnostic, with_message: bool = False) -> str:
    line = f"{d.location.file}:{d.location.line}:{d.location.column}: {d.code}"
    return f"{line} {d.message}" if with_message else line


def _compare(diagnostics: list[Diagnostic], golden: Path) -> tuple[list[str], list[str]]:
    """The golden lines and the diagnostics as lines, each with its message where the golden line has one."""
    expected = golden.read_text(encoding="utf-8").splitlines()
    actual = [_golden_line(d, i < len(expected) and len(expected[i].split(" ", 2)) > 2)
              for i, d in enumerate(diagnostics)]
    return expected, actual


def _regenerate(diagnostics: list[Diagnostic], golden: Path) -> None:
    with_messages = not golden.exists() or any(len(line.split(" ", 2)) > 2
                                               for line in golden.read_text(encoding="utf-8").splitlines())
    regenerate_golden(golden, [_golden_line(d, with_messages) for d in diagnostics])


def _report(result: LoadResult) -> str:
    """Every diagnostic rendered with its caret, for assertion messages."""
    return "\n".join(render(d, result.sources) for d in result.diagnostics) or "(no diagnostics)"


def _assert_clean_messages(result: LoadResult) -> None:
    for d in result.diagnostics:
        assert d.message.strip(), f"empty message: {d.headline()}"
        assert "\n" not in d.message, f"message spans several lines: {d.headline()!r}"
        assert "Traceback" not in d.message, f"message holds a traceback: {d.headline()!r}"


def regenerate_golden(golden: Path, lines: list[str]) -> None:
    """Rewrite a golden file from the checker's output; only with NYCRULES_REGEN_GOLDEN=1."""
    if not REGEN:
        raise RuntimeError("set NYCRULES_REGEN_GOLDEN=1 to regenerate golden files")
    golden_files.rewrite(golden, "".join(line + "\n" for line in lines))


# ---------------------------------------------------------------- invalid


@pytest.mark.parametrize("case", _cases("invalid"), ids=lambda p: p.stem)
def test_invalid_case(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _check(case, monkeypatch)
    _assert_clean_messages(result)
    golden = case.with_suffix(".expected")
    if REGEN:
        _regenerate(result.diagnostics, golden)
    assert golden.exists(), f"{golden.name} is missing: run with NYCRULES_REGEN_GOLDEN=1 and review it by hand"
    expected, actual = _compare(result.diagnostics, golden)
    assert actual == expected, f"diagnostics of {case.name} differ from {golden.name}:\n{_report(result)}"
    assert expected, f"{case.name} is in invalid/ but its golden file lists no diagnostic"
    assert result.ruleset is None, "a ruleset with diagnostics must not load"


def test_every_golden_has_a_case() -> None:
    for folder in ("invalid",):
        orphans = [g.name for g in (CASES / folder).glob("*.expected") if not g.with_suffix(".yaml").exists()]
        assert not orphans, f"golden files without a case in {folder}/: {orphans}"


def test_invalid_cases_cover_every_stage() -> None:
    """YAML/files (E1xx), schema (E2xx), effect syntax (E3xx) and semantic (E4xx) errors all have cases."""
    codes = {line.split(" ")[1] for g in (CASES / "invalid").glob("*.expected")
             for line in g.read_text(encoding="utf-8").splitlines()}
    for stage in ("E1", "E2", "E3", "E4"):
        assert any(code.startswith(stage) for code in codes), f"no invalid case for {stage}xx"


# ------------------------------------------------------------------ valid


def _lookup(obj: Any, path: str) -> Any:
    for step in path.split("."):
        if isinstance(obj, dict):
            obj = obj[int(step)] if step.isdigit() and step not in obj else obj[step]
        elif isinstance(obj, (tuple, list)):
            matches = [item for item in obj if str(getattr(item, "id", None)) == step]
            assert matches, f"no item with id {step!r} in {path}"
            obj = matches[0]
        else:
            obj = getattr(obj, step)
    return obj


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("case", _cases("valid"), ids=lambda p: p.stem)
def test_valid_case(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = _check(case, monkeypatch)
    assert result.diagnostics == [], _report(result)
    assert result.ruleset is not None
    golden = case.with_suffix(".expected")
    if REGEN and result.warnings:
        _regenerate(result.warnings, golden)
    if golden.exists():
        expected, actual = _compare(result.warnings, golden)
        assert actual == expected and expected, f"warnings of {case.name} differ from {golden.name}"
    else:
        assert result.warnings == [], "\n".join(d.headline() for d in result.warnings)
    checks = json.loads(case.with_suffix(".check.json").read_text(encoding="utf-8"))
    assert checks, f"{case.stem}.check.json checks nothing"
    for path, want in checks.items():
        assert _plain(_lookup(result.ruleset, path)) == want, path
