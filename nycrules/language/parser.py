"""Parse effect-language text (from a YAML scalar) into located syntax trees.

The Lark LALR parser is built once per process (and never read from a file). Positions inside the effect text
are mapped through the scalar's `TextSpan`, so every node and every syntax error
points at its line and column in the YAML file.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.indenter import DedentError, Indenter

from . import nodes as n
from ..diagnostics import Location, Sink
from ..limits import MAX_EFFECT_CHARS, MAX_LIST_LITERAL, int_in_range, numeral_too_long
from ..reading.text_span import TextSpan
from ..resources import grammar_path


class _EffectIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        postlex=_EffectIndenter(),
        start=["effect", "expression"],
        propagate_positions=True,
        maybe_placeholders=True,
        # No cache file: Lark's is a pickle, read (running any code planted in it) before its hash is
        # checked, and building the parser takes under 0.1 s, once per process and only for rules the
        # signed ruleset cache (loading/ruleset_cache.py) does not hold.
        cache=False,
    )


# Friendlier names for the tokens a syntax error may expect.
_TOKEN_NAMES = {
    "NAME": "a name",
    "INT": "a number",
    "STRING": "a quoted text",
    "COMPARE": "a comparison",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '//' or '%'",
    "_NL": "end of line",
    "_INDENT": "an indented block",
    "_DEDENT": "end of block",
    "$END": "end of text",
    "HOOK_NAME": "a hook name (two words joined by a dot)",
    "DOTTED_NAME": "params.NAME",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COMMA": "','",
    "COLON": "':'",
    "EQUAL": "'='",
    "MINUS": "'-'",
}


def _describe_expected(expected: set[str]) -> str:
    names = sorted({_TOKEN_NAMES.get(tok, tok.lower().strip('"')) for tok in expected})
    if len(names) > 6:
        names = names[:6] + ["..."]
    return ", ".join(names)


def _describe_token(token: Token) -> str:
    if token.type == "_NL":
        return "end of line"
    if token.type == "$END":
        return "end of text"
    if token.type in ("_INDENT", "_DEDENT"):
        return "a change of indentation"
    return f"'{token}'"


class _Refused(Exception):
    """Text over a limit of the language (limits.py), found while building the tree."""

    def __init__(self, message: str, loc: Location):
        super().__init__(message)
        self.message = message
        self.loc = loc


class _ToNodes(Transformer):
    """Builds `nodes` from the Lark tree; no checks here (they are the checker's job)."""

    def __init__(self, span: TextSpan):
        super().__init__()
        self.span = span

    def _loc(self, meta: Any) -> Location:
        return self.span.locate(getattr(meta, "line", 1), getattr(meta, "column", 1))

    def _tok(self, token: Token) -> Location:
        return self.span.locate(token.line or 1, token.column or 1)


    # --- entry points
    @v_args(meta=True)
    def effect(self, meta: Any, children: list) -> n.Effect:
        return n.Effect(tuple(children), self._loc(meta))

    def expression(self, children: list) -> n.Expr:
        return children[0]

    # --- statements
    @v_args(meta=True)
    def assign(self, meta: Any, c: list) -> n.Assign:
        return n.Assign(str(c[0]), c[1], self._loc(meta))

    @v_args(meta=True)
    def call_stmt(self, meta: Any, c: list) -> n.CallStmt:
        return n.CallStmt(c[0], self._loc(meta))

    @v_args(meta=True)
    def hook_stmt(self, meta: Any, c: list) -> n.Hook:
        return n.Hook(str(c[0]), self._tok(c[0]))

    @v_args(meta=True)
    def stop_stmt(self, meta: Any, c: list) -> n.Stop:
        return n.Stop(self._loc(meta))

    @v_args(meta=True)
    def pass_stmt(self, meta: Any, c: list) -> n.Pass:
        return n.Pass(self._loc(meta))

    def suite(self, c: list) -> tuple:
        return tuple(c)

    @v_args(meta=True)
    def if_stmt(self, meta: Any, c: list) -> n.If:
        branches = [(c[0], c[1])]
        orelse: tuple = ()
        for clause in c[2:]:
            if clause is None:
                continue
            kind, payload = clause
            if kind == "elif":
                branches.append(payload)
            else:
                orelse = payload
        return n.If(tuple(branches), orelse, self._loc(meta))

    def elif_clause(self, c: list) -> tuple:
        return ("elif", (c[0], c[1]))

    def else_clause(self, c: list) -> tuple:
        return ("else", c[0])

    @v_args(meta=True)
    def for_stmt(self, meta: Any, c: list) -> n.For:
        return n.For(str(c[0]), c[1], c[2], self._loc(meta), self._tok(c[0]))

    @v_args(meta=True)
    def repeat_stmt(self, meta: Any, c: list) -> n.Repeat:
        return n.Repeat(c[0], c[1], self._loc(meta))

    # --- expressions
    @v_args(meta=True)
    def or_expr(self, meta: Any, c: list) -> n.BoolOp:
        return self._boolop("or", c, meta)

    @v_args(meta=True)
    def and_expr(self, meta: Any, c: list) -> n.BoolOp:
        return self._boolop("and", c, meta)

    def _boolop(self, op: str, c: list, meta: Any) -> n.BoolOp:
        items: list = []
        for child in c:  # flatten a or b or c into one node
            if isinstance(child, n.BoolOp) and child.op == op:
                items.extend(child.items)
            else:
                items.append(child)
        return n.BoolOp(op, tuple(items), self._loc(meta))

    @v_args(meta=True)
    def not_expr(self, meta: Any, c: list) -> n.Not:
        return n.Not(c[0], self._loc(meta))

    @v_args(meta=True)
    def compare(self, meta: Any, c: list) -> n.Compare:
        return n.Compare(str(c[1]), c[0], c[2], self._tok(c[1]))

    @v_args(meta=True)
    def binary(self, meta: Any, c: list) -> n.Binary:
        return n.Binary(str(c[1]), c[0], c[2], self._tok(c[1]))

    @v_args(meta=True)
    def negate(self, meta: Any, c: list) -> n.Negate:
        return n.Negate(c[0], self._loc(meta))

    @v_args(meta=True)
    def index(self, meta: Any, c: list) -> n.Index:
        return n.Index(c[0], c[1], self._loc(meta))

    def number(self, c: list) -> n.Number:
        if numeral_too_long(c[0]) or not int_in_range(int(c[0])):
            raise _Refused("this number is too large (the limit is 10^18)", self._tok(c[0]))
        return n.Number(int(c[0]), self._tok(c[0]))

    def string(self, c: list) -> n.String:
        return n.String(str(c[0])[1:-1], self._tok(c[0]))

    @v_args(meta=True)
    def true(self, meta: Any, c: list) -> n.Bool:
        return n.Bool(True, self._loc(meta))

    @v_args(meta=True)
    def false(self, meta: Any, c: list) -> n.Bool:
        return n.Bool(False, self._loc(meta))

    def name(self, c: list) -> n.Name:
        return n.Name(str(c[0]), self._tok(c[0]))

    def dotted_name(self, c: list) -> n.Param:
        return n.Param(str(c[0]).split(".", 1)[1], self._tok(c[0]))

    @v_args(meta=True)
    def call(self, meta: Any, c: list) -> n.Call:
        args = tuple(arg for arg in c[1:] if arg is not None)
        return n.Call(str(c[0]), args, self._tok(c[0]))

    @v_args(meta=True)
    def lambda_arg(self, meta: Any, c: list) -> n.Lambda:
        return n.Lambda(str(c[0]), c[1], self._tok(c[0]))

    @v_args(meta=True)
    def list_literal(self, meta: Any, c: list) -> n.ListLit:
        if len(c) > MAX_LIST_LITERAL:
            raise _Refused(f"a list of more than {MAX_LIST_LITERAL} items written out", self._loc(meta))
        return n.ListLit(tuple(item for item in c if item is not None), self._loc(meta))

    @v_args(meta=True)
    def filter(self, meta: Any, c: list) -> n.Filter:
        return n.Filter(str(c[0]), c[1], c[2], self._loc(meta), self._tok(c[0]))


def _error_position(err: UnexpectedInput) -> tuple[int, int]:
    """Where a syntax error is; for an unexpected indentation, the start of the indented text."""
    token = getattr(err, "token", None)
    if token is not None and token.type == "_INDENT" and token.end_line:
        return token.end_line, token.end_column
    return err.line or 1, err.column or 1


def _parse(text: str, span: TextSpan, start: str, sink: Sink) -> Any:
    if len(text) > MAX_EFFECT_CHARS:
        sink.error("E304", f"this is {len(text)} characters long; an effect or expression may have at most "
                           f"{MAX_EFFECT_CHARS}", span.start)
        return None
    source = text if text.endswith("\n") else text + "\n"
    try:
        tree = _parser().parse(source, start=start)
    except UnexpectedInput as err:
        sink.error("E301", _syntax_message(err, start), span.locate(*_error_position(err)))
        return None
    except DedentError:
        line, column = _bad_dedent(source)
        sink.error("E302", "this line's indentation matches no enclosing block", span.locate(line, column))
        return None
    try:
        return _ToNodes(span).transform(tree)
    except VisitError as err:
        if isinstance(err.orig_exc, _Refused):
            sink.error("E304", err.orig_exc.message, err.orig_exc.loc)
            return None
        if isinstance(err.orig_exc, RecursionError):
            raise err.orig_exc from None
        raise


def _bad_dedent(source: str) -> tuple[int, int]:
    """The first line (1-based) indented less than its block but more than the block around it."""
    stack = [0]
    depth = 0  # open brackets: their lines do not count
    for number, text in enumerate(source.splitlines(), 1):
        stripped = text.split("#", 1)[0].rstrip()
        if not stripped.strip():
            continue
        indent = len(text) - len(text.lstrip(" \t"))
        if depth == 0:
            if indent > stack[-1]:
                stack.append(indent)
            else:
                while indent < stack[-1]:
                    stack.pop()
                if indent != stack[-1]:
                    return number, indent + 1
        depth = max(0, depth + sum(stripped.count(c) for c in "([") - sum(stripped.count(c) for c in ")]"))
    return 1, 1


# What a writer used to other languages means by a character the effect language lacks.
_INSTEAD = {
    "/": "use // (whole-number division)",
    "&": "write `and`",
    "|": "write `or`",
    "!": "write `not`, or != to compare",
    '"': "close the text with a second \"",
    "'": "texts are written in double quotes: \"...\"",
}


def _syntax_message(err: UnexpectedInput, start: str) -> str:
    what = "effect" if start == "effect" else "expression"
    if isinstance(err, UnexpectedCharacters):
        hint = _INSTEAD.get(err.char)
        return f"unexpected character '{err.char}' in {what}" + (f"; {hint}" if hint else "")
    if isinstance(err, UnexpectedEOF):
        return f"{what} ends too early; expected {_describe_expected(set(err.expected))}"
    if isinstance(err, UnexpectedToken):
        token = err.token
        if token.type == "_INDENT":
            return f"unexpected indentation in {what}"
        expected = _describe_expected(set(err.accepts or err.expected))
        if token.type == "$END":
            return f"{what} ends too early; expected {expected}"
        if token.type == "EQUAL":  # `=` is an assignment, met where it cannot be one
            return f"unexpected '=' in {what}; use == to compare (a single = gives a name a value)"
        return f"unexpected {_describe_token(token)} in {what}; expected {expected}"
    return f"syntax error in {what}"


def parse_effect(text: str, span: TextSpan, sink: Sink) -> n.Effect | None:
    """Parse a block of statements; on a syntax error report it and return None."""
    if not text.strip():
        indent = " (indent its lines under the |, further right than its key)" if span.style in ("|", ">") else ""
        sink.error("E301", f"the effect is empty{indent}; write `pass` for an effect that does nothing",
                   span.start)
        return None
    return _parse(text, span, "effect", sink)


def parse_expression(text: str, span: TextSpan, sink: Sink) -> n.Expr | None:
    """Parse a single expression; on a syntax error report it and return None."""
    if not text.strip():
        sink.error("E301", "the expression is empty", span.start)
        return None
    return _parse(text, span, "expression", sink)
