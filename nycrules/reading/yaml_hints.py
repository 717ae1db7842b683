"""Plain words for the YAML mistakes a ruleset writer makes most, instead of the YAML library's.

PyYAML says what its grammar met ("mapping values are not allowed in this context",
"could not find expected ':'"), often lines after the mistake. A writer of rules is
told what to change, at the line to change:

- the lines of a block text (`effect: |`) not indented under their key;
- a colon and a space inside a plain text (`text: Miser: gain ...`), which YAML
  reads as a second key (in an effect on one line: write it as a block);
- a tab in the indentation;
- and an error found only at the end of the file points at its last line, so the
  excerpt shows something.
"""

from __future__ import annotations

import re

# `key: |` or `key: >`, with the optional chomping and indentation indicators and a comment.
_BLOCK_START = re.compile(r"^(?P<indent> *)(?:- +)?(?P<key>[^\s:#][^:#]*?):\s*[|>][0-9+-]*\s*(?:#.*)?$")
# An effect's statement that ends its line with a colon (grammar/effects.lark): a colon there is the
# effect's, not a text's.
_STATEMENT = re.compile(r"^(?:(?:if|elif|for|repeat)\b.*|else\s*):")
_KEY = re.compile(r"^ *(?:- +)?[A-Za-z_][A-Za-z0-9_]*:(?: |$)")
_KEY_VALUE = re.compile(r"^ *(?:- +)?(?P<key>[A-Za-z_][A-Za-z0-9_]*): +(?P<value>[^'\"|>\[{&*!].*)$")


def explain(text: str, problem: str, line: int, column: int) -> tuple[str, int, int] | None:
    """A message and a place (1-based line and column) for a YAML syntax error met at `line`,
    `column` (1-based), or None to keep the library's."""
    lines = text.splitlines()
    unindented = _unindented_block(lines, line)
    if unindented is not None:
        return unindented
    if "tab" in problem and 1 <= line <= len(lines) and "\t" in lines[line - 1]:
        tab_column = lines[line - 1].index("\t") + 1
        return "a tab in the indentation: YAML indents with spaces only; replace the tab with spaces", line, tab_column
    if problem.startswith("mapping values are not allowed") and 1 <= line <= len(lines):
        match = _KEY_VALUE.match(lines[line - 1])
        if match is not None:
            key, value = match.group("key"), match.group("value").rstrip()
            if _STATEMENT.match(value):
                return (f"a colon in an effect written on one line: write it as a block, `{key}: |` with its "
                        f"lines indented below", line, column)
            shown = value if len(value) <= 24 else value[:21] + "..."
            return (f"a colon in a text: put the text in quotes, as {key}: \"{shown}\"", line, column)
    if line > len(lines):
        last = max((i for i, text_line in enumerate(lines) if text_line.strip()), default=0)
        return f"YAML syntax: {problem} (at the end of the file)", last + 1, len(lines[last]) + 1 if lines else 1
    return None


def _unindented_block(lines: list[str], error_line: int) -> tuple[str, int, int] | None:
    """The last `key: |` before the error whose next line is not indented more than the key."""
    for number in range(min(error_line, len(lines)), 0, -1):
        match = _BLOCK_START.match(lines[number - 1])
        if match is None:
            continue
        key_column = lines[number - 1].index(match.group("key"))
        following = next((i for i in range(number, len(lines)) if lines[i].strip()), None)
        if following is None:
            return None
        body = lines[following]
        indent = len(body) - len(body.lstrip(" "))
        if indent > key_column or _KEY.match(body):
            return None  # indented well, or an empty text before the next key: the mistake is elsewhere
        key = match.group("key").strip()
        return (f"the text of `{key}: |` is not indented: indent the {key} under `{key}: |`, further right "
                f"than `{key}`", following + 1, indent + 1)
    return None
