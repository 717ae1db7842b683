"""The procedure compiled to Python: the interpreter's loop (procedure.py), each node's part written out.

The interpreter reads a node's fields at every step (has it a loop? a condition? a rule
of its own? a title?) and works out the same answers again each time round. Here each
node becomes Python source once per ruleset, written from those fields: a function that
runs the node from its place to its end (its children in order from `place.step`, each
item of its loop, its leaves inline: an offer is one call, a plain effect one
`run_script`, a task it starts run on from there (tasks.run_pushed); its conditions, loop items
and texts as the compiler writes an expression into a rule's function, with no call, and with no
frame when it reads only names and values), and one that binds its loop's first item (the body
binds the next ones itself). They keep where the game stands
in exactly the interpreter's data (the cursor's places: node, step, items, item,
scope...), so a position, a copy and a JSON file are the same whichever runs, and a game
goes on from a position the other made.

Errors are raised with the same places (`game.where` is set as the interpreter sets it,
failures are located at the same nodes and scripts). A node with a field this module
does not write out (a form added to the procedure later) gets the interpreter's own
functions for that part: the form is defined once, in procedure_form.py and the
interpreter, and is compiled here only as a speed-up. The interpreter stays the
reference that the tests compare this with (tests/test_procedure_code.py).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from ..language.runtime import Frame
from .effects import run_script
from .effect_task import EffectTask
from .tasks import Task, run_pushed
from .model import SETUP_ROOT, ProcNode, Procedure, Template
from . import procedure as interpreter

# The fields of a node this module writes out; for any other field with a value, the interpreter's
# functions run that node (see the module's docstring).
WRITTEN = frozenset(("index", "id", "loc", "loop", "items", "name", "when", "skip_if", "stop_if", "until",
                     "at_most", "final_turns", "rule", "title", "section", "children", "effect", "run", "reads"))
_GENERIC_NEXT = ("until", "at_most", "final_turns")  # turns that go round until a condition: the interpreter's


class Compiled:
    """The compiled procedure of one ruleset: per node index, the function that runs it (see `run`)."""

    def __init__(self, bodies: list[Callable | None], source: str):
        self.bodies, self.source = bodies, source

    def run(self, game: Any, cursor: Any) -> Any:
        """procedure.run, compiled: None at the end of the cursor's root, else what a waiting leaf gave.

        A node's function runs it from its place to its end, every item of its loop, entering its
        children by calling theirs: it gives None when the node is done (its caller takes its place
        off the cursor), else what a waiting leaf gave, with the places of the nodes under way left
        on the cursor. The game goes on from the innermost of them; as each is done, the node
        around it goes on from its place's step."""
        places = cursor.places
        bodies = self.bodies
        while places:
            place = places[-1]
            out = bodies[place.node](game, cursor, place)
            if out is not None:
                return out
            places.pop()
        return None


def compiled(procedure: Procedure) -> Compiled:
    """The procedure's compiled code, written the first time a ruleset's game asks for it."""
    code = procedure.compiled.get("code")
    if code is None:
        code = procedure.compiled["code"] = _Writer(procedure).compile()
    return code


def _plain(node: ProcNode) -> bool:
    """Whether every field of the node with a value is one this module writes out."""
    return all(field.name in WRITTEN or not getattr(node, field.name) for field in dataclasses.fields(node))


class _Writer:
    def __init__(self, procedure: Procedure):
        self.nodes = procedure.nodes
        self.codes = procedure.compiled.setdefault("codes", {})
        self.names: dict[str, Any] = {
            "Frame": Frame, "Place": interpreter.Place, "LIMIT": interpreter.MAX_PROCEDURE_STEPS,
            "too_long": interpreter._too_long, "shown": interpreter._shown, "count": interpreter._count,
            "enter": interpreter._enter, "next_item": interpreter._next_item,
            "leaf": interpreter._leaf, "leaf_body": interpreter.leaf_body, "call_result": interpreter.call_result,
            "run_script": run_script, "generic_body": _generic_body, "run_pushed": run_pushed, "Task": Task,
            "EffectTask": EffectTask,
        }
        self.constants: dict[int, str] = {}

    def constant(self, value: Any, stem: str) -> str:
        """A name for a value of the ruleset in the generated code (a script, a node, a text)."""
        name = self.constants.get(id(value))
        if name is None:
            number = value.index if isinstance(value, ProcNode) else len(self.constants)
            name = self.constants[id(value)] = f"{stem}{number}"
            self.names[name] = value
        return name

    def compile(self) -> Compiled:
        # The `setup` list runs once a game: compiling it would cost more than it saves (Python's
        # compiler takes about as long per line as running it a few times), so the interpreter runs it.
        once = _subtree(self.nodes, SETUP_ROOT)
        lines: list[str] = []
        for node in self.nodes:
            if node.loop and node.index not in once:
                self.next_item(node, lines)
        for node in self.nodes:
            if (node.children or node.loop) and node.index not in once:
                self.body(node, lines)
        source = "\n".join(lines) + "\n"
        # The ruleset's compiled code by source (the compiler's, filled from the ruleset cache too):
        # Python's compiler takes longer over these lines than most games take to run them.
        codes = self.codes
        code = codes.get(source)
        if code is None:
            code = codes[source] = compile(source, "<procedure>", "exec", dont_inherit=True)
        exec(code, self.names)
        bodies = [_interpreted(node) if node.index in once else self.names.get(f"body_{node.index}")
                  for node in self.nodes]
        return Compiled(bodies, source)

    # ------------------------------------------------------------ a node: its body, each item of its loop
    def body(self, node: ProcNode, lines: list[str]) -> None:
        lines.append(f"def body_{node.index}(game, cursor, place):")
        if not _plain(node):
            lines += [f"    return generic_body(game, cursor, place, {self.constant(node, 'N')})", ""]
            return
        pad = "    "
        if node.loop:
            lines.append("    while True:")
            pad = "        "
        lines.append(f"{pad}scope = place.scope")
        if not node.children:  # a loop around a leaf: the leaf once per item
            lines += [f"{pad}if not place.step:", f"{pad}    place.step = 1"]
            lines += self.leaf(node, own=False, depth=len(pad) // 4 + 1)
        else:
            lines.append(f"{pad}step = place.step")
            for i, index in enumerate(node.children):
                child = self.nodes[index]
                lines += [f"{pad}if step <= {i}:" if i else f"{pad}if step == 0:", f"{pad}    place.step = {i + 1}"]
                if child.loop or child.children:
                    lines += self.enter(child, depth=len(pad) // 4 + 1)
                else:
                    lines += self.leaf(child, own=True, depth=len(pad) // 4 + 1)
        if not node.loop:
            lines += [f"{pad}return None", ""]
        elif self.written_next(node):  # the next item bound here, then round again (`break`: out of its checks)
            lines += self.advance(node, pad, over="return None", bound="break" if _checked(node) else "continue")
            lines.append("")
        else:
            lines += [f"{pad}if not next_{node.index}(game, cursor, place):", f"{pad}    return None", ""]

    def steps(self, node: ProcNode, pad: str) -> list[str]:
        """A step of the procedure's budget (as the interpreter counts them)."""
        return [f"{pad}cursor.steps += 1",
                f"{pad}if cursor.steps > LIMIT: raise too_long(game, {self.constant(node, 'N')})"]

    def value(self, script: Any, pad: str) -> tuple[list[str], str]:
        """An expression of the procedure with the names of `scope`, as procedure._value runs it: the lines
        before (game.where set; a frame `f` made if it needs one) and the expression, written out as the
        compiler writes it into a rule's function (no call), or a call of that function."""
        name = self.constant(script, "S")
        lines = [f"{pad}game.where = {name}.loc"]
        give = getattr(script.run, "inline_source", None)
        if give is None:  # not an expression the compiler wrote (a number)
            return lines, f"{name}.run(Frame(game, scope))"
        source, values, needs_frame = give(f"{name}_")
        self.names.update(values)
        return lines + ([f"{pad}f = Frame(game, scope)"] if needs_frame else []), source

    def text(self, template: Template, pad: str) -> tuple[list[str], str]:
        """procedure._text: the lines computing the template's parts in order, and the text."""
        if template.text is not None:
            return [], repr(template.text)
        lines, parts = [], []
        for piece in template.pieces:
            if isinstance(piece, str):
                parts.append(repr(piece))
                continue
            before, value = self.value(piece, pad)
            part = f"t{len(parts)}"
            lines += before + [f"{pad}{part} = shown({value})"]
            parts.append(part)
        return lines, " + ".join(parts) if parts else "''"

    def headings(self, node: ProcNode, pad: str) -> list[str]:
        """procedure._headings: the node's title and section shown, each at the node's line."""
        lines = []
        for template, kind in ((node.title, "header"), (node.section, "section")):
            if template is not None:
                before, text = self.text(template, pad)
                lines += before + [f"{pad}game.where = {self.constant(node, 'N')}.loc",
                                   f"{pad}game.emit(None, {text}, {kind!r})"]
        return lines

    def rule(self, template: Template | None, pad: str) -> tuple[list[str], str]:
        """The rule a node's events name: its own (`rule:`, lines computing it and the text), else its parent's."""
        return ([], "place.rule") if template is None else self.text(template, pad)

    def condition(self, script: Any, pad: str, negated: bool = False) -> list[str]:
        """The `if` line of a condition of the procedure (a `when`, `skip_if`, `stop_if`), with its lines before."""
        before, value = self.value(script, pad)
        return before + [f"{pad}if {'not ' if negated else ''}{value}:"]

    def enter(self, node: ProcNode, depth: int) -> list[str]:
        """procedure._enter, for this node: unless it is skipped or its loop has no item, its place put on
        the cursor and the node run (to its end: its place comes off; or until a leaf waits)."""
        pad = "    " * depth

        def run(pad: str) -> list[str]:
            return [f"{pad}out = body_{node.index}(game, cursor, new)", f"{pad}if out is not None:",
                    f"{pad}    return out", f"{pad}cursor.places.pop()"]
        if not _plain(node):
            return [f"{pad}if enter(game, cursor, {self.constant(node, 'N')}):",
                    f"{pad}    new = cursor.places[-1]"] + run(pad + "    ")
        out = self.steps(node, pad)
        if node.when is not None:
            out += self.condition(node.when, pad)
            pad += "    "
        before, rule = self.rule(node.rule, pad)
        out += before + [f"{pad}new = Place({node.index}, {rule}, scope)",
                         f"{pad}cursor.places.append(new)", f"{pad}game.rule = new.rule"]
        out += self.headings(node, pad)
        if not node.loop:
            return out + run(pad)
        me = self.constant(node, "N")
        if node.loop == "repeat":
            out.append(f"{pad}new.items = list(range(1, count(game, {me}, {me}.items, scope, 'repeat') + 1))")
        else:
            before, items = self.value(node.items, pad)
            out += before + [f"{pad}new.items = list({items})"]
        if node.until is not None:
            out.append(f"{pad}new.bound = count(game, {me}, {me}.at_most, scope, 'at_most')")
        return out + [f"{pad}if not next_{node.index}(game, cursor, new):", f"{pad}    cursor.places.pop()",
                      f"{pad}else:"] + run(pad + "    ")

    def leaf(self, node: ProcNode, own: bool, depth: int) -> list[str]:
        """procedure._leaf, for this node: in its parent's place (`own`) or as its loop's body."""
        pad = "    " * depth
        if not _plain(node):
            return [f"{pad}out = leaf(game, cursor, {self.constant(node, 'N')}, place, {own})",
                    f"{pad}if out is not None:", f"{pad}    return out"]
        out = self.steps(node, pad)
        if own:
            if node.when is not None:
                out += self.condition(node.when, pad)
                pad += "    "
            before, rule = self.rule(node.rule, pad)
            # A call sets the game's rule itself (below); anything else finds it set, as its headings do.
            plain_call = node.call is not None and node.title is None and node.section is None
            out += before + [f"{pad}rule = {'' if plain_call else 'game.rule = '}{rule}"] + self.headings(node, pad)
        else:
            out.append(f"{pad}rule = place.rule")
        call = node.call
        if call is not None:  # one call that may wait: procedure._one_call, its arguments written out
            resume, arguments, loc = call
            args, values, _ = arguments.inline_source(f"{self.constant(arguments, 'A')}_")
            self.names.update(values)
            return out + [f"{pad}f = Frame(game, scope)",
                          f"{pad}game.rule, game.where = rule, {self.constant(loc, 'L')}",
                          f"{pad}out = {self.constant(resume, 'C')}(f{', ' if args else ''}{args})",
                          f"{pad}if out is not None:",  # procedure.call_result, its usual case (a task) written out
                          f"{pad}    out = run_pushed(game, out) if isinstance(out, Task) else "
                          f"call_result(game, {self.constant(node, 'N')}, out, scope, rule)",
                          f"{pad}    if out is not None:", f"{pad}        return out"]
        if node.effect is not None:  # procedure.leaf_body for an effect: the names it reads, in a dict of its own
            names = ", ".join(f"{name!r}: scope[{name!r}]" for name in node.reads)
            script = self.constant(node.effect, 'S')
            if node.effect.program is None:  # an effect that cannot wait
                return out + [f"{pad}run_script(game, {script}, {{{names}}}, rule)"]
            return out + [f"{pad}out = run_pushed(game, EffectTask(game, {script}, {{{names}}}, rule))",
                          f"{pad}if out is not None:", f"{pad}    return out"]
        return out + [f"{pad}out = leaf_body(game, {self.constant(node, 'N')}, scope, rule)",
                      f"{pad}if out is not None:", f"{pad}    return out"]

    # ------------------------------------------------------------ a loop's next item
    def next_item(self, node: ProcNode, lines: list[str]) -> None:
        """procedure._next_item, for this node, as a function `next_N`: False when the loop is over (its
        place stays: the caller takes it off). Its body binds the next items itself (`advance`)."""
        lines.append(f"def next_{node.index}(game, cursor, place):")
        if not self.written_next(node):
            lines += [f"    return next_item(game, cursor, {self.constant(node, 'N')}, place)", ""]
            return
        lines += self.advance(node, "    ", over="return False", bound="return True") + [""]

    def written_next(self, node: ProcNode) -> bool:
        """Whether this module writes out the node's next item (else the interpreter's runs it)."""
        return _plain(node) and not any(getattr(node, key) for key in _GENERIC_NEXT)

    def advance(self, node: ProcNode, pad: str, over: str, bound: str) -> list[str]:
        """The lines binding the loop's next item (procedure._next_item): `over` runs when the loop is over,
        `bound` when an item is bound (each a statement ending what runs here: a return, a `break`)."""
        lines = [f"{pad}items = place.items"]
        checked = _checked(node)
        if checked:
            lines.append(f"{pad}while True:")
            pad += "    "
        lines += [f"{pad}item = place.item + 1", f"{pad}if item >= len(items):", f"{pad}    place.item = item",
                  f"{pad}    {over}", f"{pad}place.item = item"]
        scope = "scope = " if checked else ""  # the conditions below read it
        if node.name:
            lines.append(f"{pad}place.scope = {scope}{{**place.outer, {node.name!r}: items[item]}}")
        elif checked:
            lines.append(f"{pad}scope = place.scope")
        lines.append(f"{pad}place.step = 0")
        if not checked:
            return lines + [f"{pad}{bound}"]
        lines += self.steps(node, pad)
        if node.stop_if is not None:
            lines += self.condition(node.stop_if, pad) + [f"{pad}    {over}"]
        if node.skip_if is None:
            return lines + [f"{pad}{bound}"]
        return lines + self.condition(node.skip_if, pad, negated=True) + [f"{pad}    {bound}"]


def _checked(node: ProcNode) -> bool:
    """Whether a loop's items are weighed as they come (`stop_if`, `skip_if`)."""
    return node.stop_if is not None or node.skip_if is not None


def _subtree(nodes: tuple[ProcNode, ...], root: int) -> set[int]:
    """The indices of a node and of every node under it."""
    found, stack = set(), [root]
    while stack:
        index = stack.pop()
        found.add(index)
        stack.extend(nodes[index].children)
    return found


def _interpreted(node: ProcNode) -> Callable:
    """A node's function that runs it as the interpreter does (`_generic_body`)."""
    return lambda game, cursor, place: _generic_body(game, cursor, place, node)


def _generic_body(game: Any, cursor: Any, place: Any, node: ProcNode) -> Any:
    """A node with a form this module does not write out, run to its end as the interpreter runs it
    (a child's place it enters runs as compiled code)."""
    bodies = game.ruleset.procedure.compiled["code"].bodies
    while True:
        out = interpreter.body_step(game, cursor, place, node)
        if out is interpreter.ENTERED:
            child = cursor.places[-1]
            out = bodies[child.node](game, cursor, child)
            if out is not None:
                return out
            cursor.places.pop()
            continue
        if out is not None:
            return out
        if not node.loop or not interpreter._next_item(game, cursor, node, place):
            return None
