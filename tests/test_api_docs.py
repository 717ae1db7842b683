"""docs/api.md: every Python example runs (those of PettingZoo and OpenSpiel when they are installed)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "api.md"
EXAMPLES = re.findall(r"```python\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S)
NEEDS = {"pettingzoo": "pettingzoo", "pyspiel": "pyspiel"}


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_the_example_runs(number, capsys):
    code = EXAMPLES[number]
    for word, module in NEEDS.items():
        if word in code and importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    exec(compile(code, f"docs/api.md example {number + 1}", "exec"), {"__name__": "docs_example"})
    assert capsys.readouterr().out.strip()  # each example prints what it shows


def test_the_action_space_and_tensor_sizes_shown_are_the_rulesets():
    import nycrules
    game = nycrules.new_game(["Ann", "Ben"])
    text = DOC.read_text(encoding="utf-8")
    space = game.action_space()
    assert f"{space.size} ids for `nyc`" in text and f"{len(game.observation_tensor(0))} for `nyc`" in text
    for region in space.regions.values():
        assert f"| {region.name} |" in text and f"{region.start}-{region.start + region.size - 1} |" in text
    assert sorted(nycrules.__all__) == sorted(dir(nycrules))
    for name in nycrules.__all__:
        assert getattr(nycrules, name) is not None
        assert name == "__version__" or f"`{name}`" in text
