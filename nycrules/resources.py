"""Find the grammar, schemas and shipped rulesets, in a checkout or an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder `name` (grammar, schemas, rulesets): bundled in the wheel, or the checkout's."""
    bundled = _PACKAGE / "_data" / name
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / name


def grammar_path() -> Path:
    return data_dir("grammar") / "effects.lark"


def schema_path(name: str) -> Path:
    return data_dir("schemas") / name


def shipped_ruleset(name: str = "nyc") -> Path:
    return data_dir("rulesets") / name
