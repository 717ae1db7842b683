"""docs/dsl.md is generated from the primitive and hook registries and must not go stale."""

from pathlib import Path

from nycrules.games.nyc.reference import dsl_reference
from nycrules.language.hooks import HOOKS
from nycrules.games import nyc  # noqa: F401  (registers New York City's primitives, described there too)
from nycrules.language.registry import all_primitives

DOC = Path(__file__).resolve().parent.parent / "docs" / "dsl.md"


def test_dsl_reference_is_up_to_date():
    assert DOC.read_text(encoding="utf-8") == dsl_reference(), \
        "docs/dsl.md is stale: run `python -m nycrules.games.nyc.reference > docs/dsl.md`"


def test_every_primitive_and_hook_is_documented():
    text = DOC.read_text(encoding="utf-8")
    for prim in all_primitives("nyc"):
        assert f"`{prim.signature}`" in text
    for name in HOOKS:
        assert f"`{name}`" in text


def test_every_primitive_has_help_and_a_kind():
    for prim in all_primitives("nyc"):
        assert prim.help.endswith(".") and len(prim.help) > 10, prim.name
        assert prim.kind in ("query", "action", "choice")


def test_every_type_of_the_language_is_in_the_types_list():
    from nycrules.games.nyc.types import TYPES
    from nycrules.language.dsltypes import DESCRIPTIONS
    text = DOC.read_text(encoding="utf-8")
    types = text[text.index("## Types"):text.index("## Hooks")]
    for name in [*DESCRIPTIONS, *TYPES]:  # bidding_round, scoring_step and hook were missing
        assert f"| `{name}` |" in types, name


def test_the_docs_say_which_names_a_block_leaves_bound():
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "A name bound inside a block is seen after it only when every way through binds it" in text
