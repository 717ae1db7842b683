"""docs/dsl.md is generated from the primitive and hook registries and must not go stale."""

from pathlib import Path

from nycrules.table.docgen import dsl_reference
from nycrules.language.hooks import HOOKS
from nycrules.language.registry import all_primitives

DOC = Path(__file__).resolve().parent.parent / "docs" / "dsl.md"


def test_dsl_reference_is_up_to_date():
    assert DOC.read_text(encoding="utf-8") == dsl_reference(), \
        "docs/dsl.md is stale: run `python -m nycrules.table.docgen > docs/dsl.md`"


def test_every_primitive_and_hook_is_documented():
    text = DOC.read_text(encoding="utf-8")
    for prim in all_primitives():
        assert f"`{prim.signature}`" in text
    for name in HOOKS:
        assert f"`{name}`" in text


def test_every_primitive_has_help_and_a_kind():
    for prim in all_primitives():
        assert prim.help.endswith(".") and len(prim.help) > 10, prim.name
        assert prim.kind in ("query", "action", "choice")
