"""What `nycrules rules list/show` reports: plain rows built from a ruleset and the registries."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from .. import primitives  # noqa: F401  (registers the primitives listed here)
from ..language.hooks import HOOKS
from .game_hooks import hook, hooks_of
from ..diagnostics import NycRulesError
from ..engine.model import PLAY_ROOT, SETUP_ROOT, ProcNode, Ruleset, Script
from ..language.registry import all_primitives


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]]

    def as_json(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row)) for row in self.rows]


def _where(script: Script | None) -> str:
    return script.loc.short() if script is not None else ""


def table(ruleset: Ruleset, kind: str) -> Table:
    if kind == "scoring":
        rows = [[str(i + 1), s.id, s.title, s.text] for i, s in enumerate(ruleset.final_scoring)]
        return Table("Final scoring", ["#", "id", "title", "text"], rows)
    if kind == "primitives":
        rows = [[p.name, p.signature, p.kind, p.category, p.help] for p in all_primitives(ruleset.part.game)]
        return Table("Primitives", ["name", "signature", "kind", "category", "help"], rows)
    if kind == "procedure":
        return _procedure(ruleset)
    if kind == "hooks":
        rows = [[h.name, h.phase, h.mode, ", ".join(f"{k}: {v}" for k, v in h.context.items()), h.help]
                for h in HOOKS.values()]
        return Table("Hooks", ["name", "phase", "mode", "gives", "help"], rows)
    own = hook(hooks_of(ruleset), "LISTINGS") or {}
    if kind in own:
        return own[kind](ruleset)
    listed = ", ".join([*own, *SHARED_KINDS])
    raise NycRulesError(f"{ruleset.name} has no {kind[:40]!r} to list; it lists {listed}")


SHARED_KINDS = ("scoring", "primitives", "procedure", "hooks")  # what every ruleset lists


def first_kind(ruleset: Ruleset) -> str:
    """What `rules list` lists when asked for nothing: the game's own first listing, else the scoring."""
    own = hook(hooks_of(ruleset), "LISTINGS") or {}
    return next(iter(own), "scoring")


def _procedure(ruleset: Ruleset) -> Table:
    """The procedure tree, a row per node, indented by depth: its id, what it does, where it is written."""
    proc = ruleset.procedure
    rows: list[list[str]] = []

    def walk(index: int, depth: int) -> None:
        node = proc.nodes[index]
        rows.append([node.id or "", "  " * depth + _node_text(node), node.loc.short()])
        for child in node.children:
            walk(child, depth + 1)

    for root, part in zip((SETUP_ROOT, PLAY_ROOT), ("setup", "play")):
        rows.append(["", f"{part}:", proc.nodes[root].loc.short()])
        for child in proc.nodes[root].children:
            walk(child, 1)
    rows.append(["", f"winner: {_one_line(ruleset.winner.source)}", ruleset.winner.loc.short()])
    return Table("Procedure", ["id", "node", "where"], rows)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _node_text(node: ProcNode) -> str:
    """A node in one line: its condition, rule, title, loop and body."""
    parts = []
    if node.when is not None:
        parts.append(f"when {_one_line(node.when.source)}:")
    for name, template in (("rule", node.rule), ("title", node.title), ("section", node.section)):
        if template is not None:
            text = "".join(p if isinstance(p, str) else "{" + p.source + "}" for p in template.pieces)
            parts.append(f"[{name}: {text}]")
    if node.loop:
        loop = f"{node.loop.replace('_', ' ')} {_one_line(node.items.source) if node.items else ''}"
        loop += f" as {node.name}" if node.name else ""
        for key, script in (("skip if", node.skip_if), ("stop if", node.stop_if), ("until", node.until),
                            ("at most", node.at_most)):
            if script is not None:
                loop += f", {key} {_one_line(script.source)}"
        if node.final_turns:
            loop += ", then every other seat once more"
        parts.append(loop + ":")
    if node.effect is not None:
        parts.append("; ".join(line.strip() for line in node.effect.source.splitlines() if line.strip()))
    elif node.run is not None:
        parts.append(f"run step {node.run}")
    return " ".join(parts)


@dataclass
class Detail:
    """One rule shown in full: fields, then the effects with their source lines."""

    title: str
    fields: list[tuple[str, str]]
    scripts: list[tuple[str, Script]]

    def as_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            **{k: v for k, v in self.fields},
            "scripts": [{"name": name, "source": s.source.rstrip("\n"), "at": s.loc.short()}
                        for name, s in self.scripts],
        }


def detail(ruleset: Ruleset, ident: str) -> Detail | None:
    """A rule the game shows by its name (game_hooks.py: a character's number, a round), a scoring step,
    hook, primitive or procedure node, or the game's by a unique start of its name."""
    own = hook(hooks_of(ruleset), "detail")
    found = own(ruleset, ident, False) if own is not None else None
    if found is not None:
        return found
    for s in ruleset.final_scoring:
        if s.id == ident:
            return Detail(f"Final scoring: {s.title}", [("text", s.text)], [("effect", s.effect)])
    if ident in HOOKS:
        h = HOOKS[ident]
        users = ", ".join(str(c.id) for c in getattr(ruleset.part, "by_hook", {}).get(ident, ())) or "none"
        return Detail(f"Hook {h.name}", [("phase", h.phase), ("mode", h.mode), ("fired by", h.fired_by),
                                         ("help", h.help), ("characters", users)], [])
    for p in all_primitives(ruleset.part.game):
        if p.name == ident:
            variants = [q for q in all_primitives(ruleset.part.game) if q.name == ident]
            fields = [("signature", q.signature) for q in variants] + [("kind", p.kind), ("help", p.help)]
            return Detail(f"Primitive {p.name}", fields, [])
    if ident in ruleset.procedure.by_id:
        node = ruleset.procedure.nodes[ruleset.procedure.by_id[ident]]
        fields = [("node", _node_text(node)), ("defined at", node.loc.short())]
        fields += [("inside it", ", ".join(ruleset.procedure.nodes[c].id or _node_text(ruleset.procedure.nodes[c])
                                           for c in node.children))] if node.children else []
        scripts = [("effect", node.effect)] if node.effect is not None else []
        return Detail(f"Procedure node {ident}", fields, scripts)
    return own(ruleset, ident, True) if own is not None else None  # a unique start of a name, last


def not_found(ruleset: Ruleset, ident: str) -> str:
    """Why `rules show` shows nothing for `ident`: the game's rules it could be (several), or nothing
    so called, with the names spelt close."""
    own = hook(hooks_of(ruleset), "ambiguous")
    said = own(ruleset, ident) if own is not None else None
    if said is not None:
        return said
    close = hook(hooks_of(ruleset), "close_names")
    names = (close(ruleset, ident) if close is not None else []) + close_names(ruleset, ident)
    hint = f" (did you mean {' or '.join(names[:3])}?)" if names else ""
    return f"nothing called '{ident[:40]}' in the ruleset{hint}; try `nycrules rules list`"


def lines(ruleset: Ruleset, kind: str) -> list[str] | None:
    """`rules list KIND` as lines of text, when the game lists that kind so (long texts); else None."""
    own = (hook(hooks_of(ruleset), "LISTING_LINES") or {}).get(kind)
    return own(ruleset) if own is not None else None


def close_names(ruleset: Ruleset, ident: str) -> list[str]:
    """What `rules show` could show that is spelt close to `ident`: the game's rules, scoring steps, hooks,
    primitives and procedure nodes (`round_start` for `round_number`), at most three."""
    own = hook(hooks_of(ruleset), "detail_names")
    known = {s.id for s in ruleset.final_scoring} | set(HOOKS) | set(own(ruleset) if own is not None else ())
    known |= {p.name for p in all_primitives(ruleset.part.game)} | set(ruleset.procedure.by_id)
    text = ident.strip().lower()
    first = text.split("_")[0]  # `round_number`: the names with the word `round` first
    shortest_first = sorted(known, key=lambda name: (len(name), name))  # by name among equals: any hash seed
    by_word = [name for name in shortest_first if len(first) >= 3 and first in name.split("_")]
    close = difflib.get_close_matches(text, sorted(known), n=3, cutoff=0.6)
    return list(dict.fromkeys(by_word + close))[:3]


