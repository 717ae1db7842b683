"""Remember the syntax trees of a ruleset that passed the schema and the parser, between runs.

Parsing the effects (Lark) and validating the schema (jsonschema) are most of
the cost of loading a ruleset. Once a ruleset has loaded without a diagnostic,
its trees are written as plain JSON to the user's cache folder, in a file named
by a digest of everything that went into them: the text and shown name of every
ruleset file read, the grammar, the schema, this package's own source and the
versions of Python, Lark, jsonschema and PyYAML. A later run that reads the same
files finds that file and skips the schema and the parser; everything after
them (the data checks, the type checker, the compiler) runs as always. A change
to any file gives another digest, so nothing stale is ever served (contents are
compared, never modification times).

A cache file may have been planted or damaged: it is read only under the policy
of user_cache (a private folder, a file of one's own), only if it is a regular
file of at most limits.MAX_CACHE_FILE_BYTES, and every node is checked while it
is rebuilt (its kind, where it may stand, the types of its fields, the limits of
the language). Each file is signed: an HMAC of its key (the digest of the
ruleset's files) and its trees, with a secret of 32 random bytes kept in the
same private folder, so a file edited by hand, copied from another cache or
left half-written never changes a rule: its signature does not match. Anything
unexpected and the file is ignored: the ruleset is parsed again and the file
rewritten. Nothing is unpickled. At most limits.MAX_CACHED_RULESETS files are
kept (the least recently used go).

The file also keeps the Python code compiled from the ruleset (the generated
functions of its effects and of its procedure, language/compiler.py and
engine/procedure_code.py), by generated source, as Python's own bytecode files
keep a module's: Python's compiler costs a process more than most of its first
game. That code is read with `marshal` only once the file's signature (which
covers it) matches, and used only for the very source it was compiled from;
the key names the Python version, whose code it is.
"""

from __future__ import annotations

import dataclasses
import hashlib
import base64
import hmac
import json
import marshal
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path
from types import CodeType
from typing import Any, Callable, Iterable

from ..language import nodes as n
from ..diagnostics import Location
from ..reading.files import FileRefused, read_bytes
from ..limits import (MAX_CACHE_FILE_BYTES, MAX_CACHED_RULESETS, MAX_EFFECT_CHARS, MAX_LIST_LITERAL,
                      int_in_range)
from ..resources import grammar_path, schema_path
from ..reading.user_cache import private_folder, usable_file

FORMAT = 3  # raise when the layout of a cache file changes
_PREFIX = "ruleset-"
_SECRET = "secret.key"  # the key of the signatures, in the cache folder
_SECRET_BYTES = 32
_DEPENDENCIES = ("lark-", "jsonschema-", "pyyaml-")  # their dist-info (or egg-info) folders name their versions


class Damaged(ValueError):
    """A cache file that is not what this program writes."""


# What each field of each node holds, in the order of its dataclass fields.
_FIELDS: dict[type, tuple[str, ...]] = {
    n.Number: ("int", "loc"),
    n.String: ("str", "loc"),
    n.Bool: ("bool", "loc"),
    n.Name: ("str", "loc"),
    n.Param: ("str", "loc"),
    n.Call: ("str", "args", "loc"),
    n.ListLit: ("items", "loc"),
    n.Filter: ("str", "expr", "expr", "loc", "loc"),
    n.Index: ("expr", "expr", "loc"),
    n.Binary: ("binary_op", "expr", "expr", "loc"),
    n.Compare: ("compare_op", "expr", "expr", "loc"),
    n.BoolOp: ("bool_op", "exprs", "loc"),
    n.Not: ("expr", "loc"),
    n.Negate: ("expr", "loc"),
    n.Lambda: ("str", "expr", "loc"),
    n.Assign: ("str", "expr", "loc"),
    n.CallStmt: ("call", "loc"),
    n.Hook: ("str", "loc"),
    n.Stop: ("loc",),
    n.Pass: ("loc",),
    n.If: ("branches", "stmts", "loc"),
    n.For: ("str", "expr", "stmts", "loc", "loc"),
    n.Repeat: ("expr", "stmts", "loc"),
    n.Effect: ("stmts", "loc"),
}
_BY_NAME = {cls.__name__: cls for cls in _FIELDS}
_EXPRS = frozenset(cls.__name__ for cls in (n.Number, n.String, n.Bool, n.Name, n.Param, n.Call, n.ListLit,
                                             n.Filter, n.Index, n.Binary, n.Compare, n.BoolOp, n.Not, n.Negate))
_STMTS = frozenset(cls.__name__ for cls in (n.Assign, n.CallStmt, n.Hook, n.Stop, n.Pass, n.If, n.For, n.Repeat))
_ARGS = _EXPRS | {"Lambda"}
_CALL = frozenset({"Call"})
_EFFECT = frozenset({"Effect"})
_OPS = {"binary_op": frozenset({"+", "-", "*", "//", "%"}),
        "compare_op": frozenset({"==", "!=", "<", "<=", ">", ">="}), "bool_op": frozenset({"and", "or"})}


# ---------------------------------------------------------------- writing
class _Encoder:
    """Trees to nested lists: a node is [kind, field...], a location [file number, line, column]."""

    def __init__(self) -> None:
        self.files: dict[str, int] = {}

    def node(self, node: Any) -> list:
        kinds = _FIELDS[type(node)]
        values = [getattr(node, f.name) for f in dataclasses.fields(node)]
        return [type(node).__name__] + [self.field(kind, value) for kind, value in zip(kinds, values, strict=True)]

    def field(self, kind: str, value: Any) -> Any:
        if kind == "loc":
            return [self.files.setdefault(value.file, len(self.files)), value.line, value.column]
        if kind in ("expr", "call"):
            return self.node(value)
        if kind in ("exprs", "items", "args", "stmts"):
            return [self.node(item) for item in value]
        if kind == "branches":
            return [[self.node(cond), [self.node(s) for s in body]] for cond, body in value]
        return value  # int, str, bool, an operator


# ---------------------------------------------------------------- reading
class _Decoder:
    """Nested lists back to trees, refusing anything the parser could not have made."""

    def __init__(self, files: Any):
        if type(files) is not list or not all(type(f) is str and len(f) <= 4096 for f in files):
            raise Damaged("file names")
        self.files = files
        self.fields: dict[str, Callable[[Any], Any]] = {
            "loc": self.loc, "expr": lambda v: self.node(v, _EXPRS), "call": lambda v: self.node(v, _CALL),
            "exprs": lambda v: self.nodes(v, _EXPRS), "args": lambda v: self.nodes(v, _ARGS),
            "stmts": lambda v: self.nodes(v, _STMTS), "items": self.items, "branches": self.branches,
            "int": _number, "bool": _truth, "str": _text,
            **{kind: (lambda ops: lambda v: _operator(v, ops))(ops) for kind, ops in _OPS.items()},
        }

    def node(self, data: Any, allowed: frozenset[str]) -> Any:
        if type(data) is not list or not data or data[0] not in allowed:
            raise Damaged("a node where it cannot stand")
        cls = _BY_NAME[data[0]]
        kinds = _FIELDS[cls]
        if len(data) != len(kinds) + 1:
            raise Damaged(f"{data[0]} with {len(data) - 1} fields")
        fields = self.fields
        return cls(*[fields[kind](value) for kind, value in zip(kinds, data[1:])])

    def nodes(self, data: Any, allowed: frozenset[str]) -> tuple:
        if type(data) is not list:
            raise Damaged("a list of nodes")
        return tuple([self.node(item, allowed) for item in data])

    def items(self, data: Any) -> tuple:
        if type(data) is list and len(data) > MAX_LIST_LITERAL:
            raise Damaged("a list literal over the limit")
        return self.nodes(data, _EXPRS)

    def branches(self, data: Any) -> tuple:
        if type(data) is not list or not data or not all(type(b) is list and len(b) == 2 for b in data):
            raise Damaged("the branches of an if")
        return tuple([(self.node(cond, _EXPRS), self.nodes(body, _STMTS)) for cond, body in data])

    def loc(self, value: Any) -> Location:
        if type(value) is list and len(value) == 3:
            file, line, column = value
            if type(file) is int and type(line) is int and type(column) is int \
                    and 0 <= file < len(self.files) and line >= 1 and column >= 1:
                return Location(self.files[file], line, column)
        raise Damaged("a location")


def _number(value: Any) -> int:
    if type(value) is not int or not int_in_range(value):
        raise Damaged("a number")
    return value


def _truth(value: Any) -> bool:
    if type(value) is not bool:
        raise Damaged("a truth value")
    return value


def _text(value: Any) -> str:
    if type(value) is not str or len(value) > MAX_EFFECT_CHARS:
        raise Damaged("a text")
    return value


def _operator(value: Any, ops: frozenset[str]) -> str:
    if value not in ops:  # also refuses what is not a text
        raise Damaged("an operator")
    return value


# ---------------------------------------------------------------- the key
@lru_cache(maxsize=1)
def _program_digest() -> bytes:
    """What besides the ruleset decides its trees and whether it is valid: this program and its versions."""
    digest = hashlib.sha256(f"nycrules ruleset cache {FORMAT}\0{sys.version}\0".encode())
    for path in [grammar_path(), schema_path("ruleset.schema.json")]:
        _feed(digest, path.name, path.read_bytes())
    package = Path(__file__).resolve().parent.parent  # every module of nycrules, in any folder
    for path in sorted(package.rglob("*.py")):
        _feed(digest, path.relative_to(package).as_posix(), path.read_bytes())
    for name in _dependency_versions():
        _feed(digest, "dependency", name.encode())
    return digest.digest()


def _dependency_versions() -> list[str]:
    """The dist-info or egg-info folders of Lark, jsonschema and PyYAML beside the packages (their versions)."""
    import importlib.util

    found = []
    for module in ("lark", "jsonschema", "yaml"):
        spec = importlib.util.find_spec(module)
        if spec is None or spec.origin is None:
            continue
        site = Path(spec.origin).parent.parent
        found += sorted(entry.name for entry in os.scandir(site)
                        if entry.name.lower().startswith(_DEPENDENCIES)
                        and entry.name.endswith((".dist-info", ".egg-info")))
    return sorted(set(found))


def _feed(digest: Any, name: str, data: bytes) -> None:
    label = name.encode("utf-8", "surrogateescape")
    digest.update(b"%d:%s%d:" % (len(label), label, len(data)))
    digest.update(data)


def key_of(texts: Iterable[tuple[str, str]]) -> str:
    """The digest naming a ruleset's cache file: every file it read (shown name and text), and the program."""
    digest = hashlib.sha256(_program_digest())
    for shown, text in texts:
        _feed(digest, shown, text.encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


# ---------------------------------------------------------------- the cache
class RulesetCache:
    """The cache file of one ruleset (as read this time), in a private folder."""

    def __init__(self, folder: Path, key: str, secret: bytes):
        self.key = key
        self.path = folder / f"{_PREFIX}{key}.json"
        self.secret = secret
        # Compiled code by its generated source, as `trees` read it; None when the file keeps none (it
        # was written by `validate --simulate`, whose compiler generates other code).
        self.codes: dict[str, CodeType] | None = None

    @classmethod
    def open(cls, texts: Iterable[tuple[str, str]]) -> "RulesetCache | None":
        folder = private_folder()
        if folder is None:
            return None
        secret = _secret(folder)
        try:
            return None if secret is None else cls(folder, key_of(texts), secret)
        except OSError:  # this program's files cannot be read: no key, no cache
            return None

    def _signature(self, files: Any, scripts: Any, codes: Any) -> str:
        body = json.dumps([self.key, files, scripts, codes], separators=(",", ":"), ensure_ascii=False)
        return hmac.new(self.secret, body.encode("utf-8", "surrogateescape"), hashlib.sha256).hexdigest()

    def trees(self, keys: list[tuple], kinds: list[str]) -> list[Any] | None:
        """The stored tree of each script (keys: where each is in the document; kinds: effect or
        expression), or None when there is no usable file; the compiled code kept with them is then
        in `codes`."""
        try:
            if not usable_file(self.path) or not os.path.lexists(self.path):
                return None
            data = json.loads(read_bytes(self.path, MAX_CACHE_FILE_BYTES))
            if not (isinstance(data, dict) and hmac.compare_digest(
                    str(data.get("signature")), self._signature(data.get("files"), data.get("scripts"),
                                                                data.get("codes")))):
                return None  # edited, planted or from another cache: parse again
            trees = _decode(data, self.key, keys, kinds)
            self.codes = _codes(data.get("codes"))
        except (OSError, FileRefused, ValueError, TypeError, KeyError, IndexError, RecursionError, EOFError):
            return None  # missing, damaged or planted: parse again
        try:
            os.utime(self.path)  # recently used: kept when old ones are removed
        except OSError:
            pass
        return trees

    def store(self, keys: list[tuple], trees: list[Any], codes: dict[str, CodeType] | None = None) -> None:
        """Write the trees, and the code compiled from the ruleset by generated source if given (best
        effort: a cache that cannot be written is no error)."""
        encoder = _Encoder()
        try:
            scripts = [[list(key), encoder.node(tree)] for key, tree in zip(keys, trees, strict=True)]
            files = list(encoder.files)
            kept = None if codes is None else base64.b64encode(marshal.dumps(dict(codes))).decode("ascii")
            text = json.dumps({"format": FORMAT, "key": self.key, "files": files, "scripts": scripts,
                               "codes": kept, "signature": self._signature(files, scripts, kept)},
                              separators=(",", ":"), ensure_ascii=False)
        except (RecursionError, ValueError, TypeError, KeyError):  # too deep, or a node _FIELDS does not know
            return
        data = text.encode("utf-8", "surrogateescape")
        if len(data) > MAX_CACHE_FILE_BYTES or not usable_file(self.path):
            return
        try:
            _write_atomically(self.path, data)
            _remove_oldest(self.path.parent)
        except OSError:
            pass


def _secret(folder: Path) -> bytes | None:
    """The key of the cache's signatures: made once (random) and kept private; None if it cannot be had."""
    path = folder / _SECRET
    try:
        if not usable_file(path):
            return None
        if os.path.lexists(path):
            try:
                secret = read_bytes(path, _SECRET_BYTES)
            except FileRefused:
                secret = b""
            if len(secret) == _SECRET_BYTES:
                return secret
        # None yet, or an empty or cut one (the disk was full as it was written): a new one, written whole
        # or not at all; what was signed with the old one is no longer read, as after any change of key.
        secret = os.urandom(_SECRET_BYTES)
        _write_atomically(path, secret)
    except OSError:  # the folder is read-only, or full: no cache now, and the next run tries again
        return None
    return secret


def _decode(data: Any, key: str, keys: list[tuple], kinds: list[str]) -> list[Any]:
    if not (isinstance(data, dict) and data.get("format") == FORMAT and data.get("key") == key):
        raise Damaged("not this ruleset's cache file")
    scripts = data.get("scripts")
    if not isinstance(scripts, list) or len(scripts) != len(keys):
        raise Damaged("another number of scripts")
    decoder = _Decoder(data.get("files"))
    trees = []
    for (stored_key, tree), key_here, kind in zip(scripts, keys, kinds):
        if stored_key != list(key_here):
            raise Damaged("scripts in another order")
        trees.append(decoder.node(tree, _EFFECT if kind == "effect" else _EXPRS))
    return trees


def _codes(kept: Any) -> dict[str, CodeType] | None:
    """The compiled code of a file whose signature matched (so this program wrote it, for this Python)."""
    if kept is None:
        return None
    if type(kept) is not str:
        raise Damaged("compiled code")
    codes = marshal.loads(base64.b64decode(kept, validate=True))
    if not (isinstance(codes, dict)
            and all(isinstance(k, str) and isinstance(v, CodeType) for k, v in codes.items())):
        raise Damaged("not compiled code")
    return codes


def _write_atomically(path: Path, data: bytes) -> None:
    """Readers see the old file or the new one, never half of one (several processes may write)."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _remove_oldest(folder: Path) -> None:
    entries = [(entry.stat(follow_symlinks=False).st_mtime, entry.path) for entry in os.scandir(folder)
               if entry.name.startswith(_PREFIX) and entry.name.endswith(".json")]
    for _, path in sorted(entries)[:-MAX_CACHED_RULESETS]:
        try:
            os.unlink(path)
        except OSError:
            pass

