"""The modules of the language know no game state: importing them loads nothing of the engine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = ["nycrules.registry", "nycrules.compiler", "nycrules.parser", "nycrules.nodes", "nycrules.diagnostics",
        "nycrules.checker"]


def _loaded_after_importing(modules: list[str]) -> list[str]:
    """The nycrules modules a fresh interpreter holds after importing `modules` (from this checkout)."""
    code = ("import json, sys\n" + "".join(f"import {m}\n" for m in modules)
            + "print(json.dumps(sorted(m for m in sys.modules if m.startswith('nycrules'))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_base_modules_import_nothing_of_the_engine_or_the_primitives():
    loaded = _loaded_after_importing(BASE)
    assert set(BASE) <= set(loaded)  # the check below looks at the right interpreter
    assert [m for m in loaded if m.startswith(("nycrules.engine", "nycrules.primitives"))] == []


def test_the_loader_registers_the_primitives_before_it_checks():
    loaded = _loaded_after_importing(["nycrules.loader"])
    assert "nycrules.primitives" in loaded
    done = subprocess.run([sys.executable, "-c", "from nycrules import registry; registry.names()"], cwd=ROOT,
                          capture_output=True, text=True)
    assert "import nycrules.primitives first" in done.stderr  # not an empty registry read as "unknown"
