"""Run the hostile corpus (cases.yaml) and print each case's result as JSON lines.

    python tests/hostile/runner.py [NAME ...]      # every case, or those whose name contains NAME

The program is imported once; each case then runs in a forked child with its
own folder (a copy of files/ plus what the case makes), its own standard
streams, and a memory limit (RLIMIT_AS) set in the child. The limit, not the
runner, is what a blow-up would meet; the runner's time limit only marks a case
that hangs as failed. Forking spares every case the start-up of Python.
"""

from __future__ import annotations

import json
import os
import resource
import shlex
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MEMORY_MARGIN = 512 * 1024 * 1024  # bytes a case may add to the runner's address space
TIME_LIMIT = 30.0  # seconds; every case must end by itself long before


def cases() -> list[dict]:
    return yaml.safe_load((HERE / "cases.yaml").read_text(encoding="utf-8"))


def placeholders(text: str) -> str:
    """@FF@: the byte 0xff of a file name that is not UTF-8; @ESC@: the escape character."""
    return text.replace("@FF@", "\udcff").replace("@ESC@", "\x1b")


def _digest() -> str:
    from nycrules.loading.loader import load_ruleset
    from nycrules.resources import shipped_ruleset
    return load_ruleset(shipped_ruleset()).digest


def _make(folder: Path, name: str, kind: str, digest: str) -> None:
    """Files that cannot be committed: pipes, links, and files too large for the repository."""
    path = folder / name
    word, _, arg = kind.partition(":")
    if word == "fifo":
        os.mkfifo(path)
    elif word == "link":
        os.symlink(arg, path)
    elif word == "big_string":
        path.write_text('extends: nyc\nruleset:\n  name: "' + "a" * int(arg) + '"\n', encoding="utf-8")
    elif word == "many_keys":
        path.write_text("extends: nyc\nparams:\n" + "".join(f"  k{i}: {i}\n" for i in range(int(arg))),
                        encoding="utf-8")
    elif word == "deep":
        path.write_text("extends: nyc\nparams:\n  x: " + "[" * int(arg) + "]" * int(arg) + "\n", encoding="utf-8")
    elif word == "list_literal":
        items = ", ".join(["1"] * int(arg))
        path.write_text(f"extends: nyc\ncharacters:\n  - id: 19\n    effect: 'x = [{items}]'\n", encoding="utf-8")
    elif word == "effects":  # N final scoring steps, each an effect of nearly MAX_EFFECT_CHARS characters
        effect = "".join(f"      x{i} = {i} + {i} * 2\n" for i in range(900))
        steps = "".join(f"  - id: s{n}\n    title: S\n    text: S\n    effect: |\n{effect}" for n in range(int(arg)))
        path.write_text("extends: nyc\nfinal_scoring:\n" + steps, encoding="utf-8")
    elif word == "decisions":
        save = {"format": "nycrules-save", "version": 1, "ruleset": {"name": "New York City", "digest": digest},
                "seed": 1, "seats": [{"name": "Ann", "kind": "human"}, {"name": "Tom", "kind": "tom", "tom": "B4"}],
                "decisions": []}
        path.write_text(json.dumps(save).replace('"decisions": []', '"decisions": [' + "0, " * (int(arg) - 1) + "0]"),
                        encoding="utf-8")
    elif word == "save_name":  # a save of another ruleset whose name is N characters long
        save = {"format": "nycrules-save", "version": 1, "ruleset": {"name": "N" * int(arg), "digest": "0" * 64},
                "seed": 1, "seats": [{"name": "Ann", "kind": "human"}, {"name": "Tom", "kind": "tom", "tom": "B4"}],
                "decisions": [0]}
        path.write_text(json.dumps(save), encoding="utf-8")
    elif word == "dir":  # a folder (a mod), for the files made after it in it
        path.mkdir()
    elif word == "escapes":  # a double-quoted value of N escapes (each one character of the value)
        path.write_text('extends: nyc\nruleset:\n  name: "' + "\\u00e9" * int(arg) + '"\n', encoding="utf-8")
    elif word == "alias_copies":  # a text of 90,000 characters, then N aliases of it
        path.write_text('extends: nyc\nparams:\n  a: &a "' + "x" * 90_000 + '"\n  b: [' + ", ".join(["*a"] * int(arg))
                        + "]\n", encoding="utf-8")
    elif word == "long_note":  # a note of N characters written a million times by each seat's step
        path.write_text('extends: nyc\nsteps:\n  round_start_seat: |\n    draw_cards(me, 3)\n    repeat 999:\n'
                        '      repeat 999:\n        note("' + "x" * int(arg) + '")\n', encoding="utf-8")
    elif word == "empty_lists":  # a position file with N empty lists in a field of its own
        path.write_text('{"nycrules_position": 2, "x": [' + "[]," * int(arg) + "[]]}", encoding="utf-8")
    elif word == "copy":  # a copy under another name (such as one that is not UTF-8)
        shutil.copyfile(folder / arg, path)
    else:
        raise AssertionError(f"unknown kind of file to make: {kind}")


def prepare(case: dict, tmp: Path, digest: str) -> Path:
    folder = tmp / "case"
    shutil.copytree(HERE / "files", folder, symlinks=True)
    for path in folder.iterdir():
        if path.suffix == ".json" and path.is_file():
            text = path.read_text(encoding="utf-8")
            if "@DIGEST@" in text:
                path.write_text(text.replace("@DIGEST@", digest), encoding="utf-8")
    for name, kind in (case.get("make") or {}).items():
        _make(folder, placeholders(name), kind, digest)
    return folder


def _child(case: dict, folder: Path, tmp: Path, out: Path, err: Path, limit: int) -> None:
    """In the forked child: streams, folder, environment and memory limit, then the command."""
    from nycrules import cli

    os.chdir(folder)
    os.environ.update(HOME=str(tmp), XDG_DATA_HOME=str(tmp / "data"), XDG_CACHE_HOME=str(tmp / "cache"),
                      NO_COLOR="1")
    stdin = tmp / "stdin.txt"
    stdin.write_text(case.get("input", ""), encoding="utf-8")
    if case.get("stdin") != "closed":  # (closed below, once no other file takes its number)
        os.dup2(os.open(case.get("stdin", stdin), os.O_RDONLY), 0)  # the input, or a device (/dev/zero)
    if case.get("stdout") == "/dev/full":
        os.dup2(os.open("/dev/full", os.O_WRONLY), 1)
    elif case.get("stdout") == "closed":
        reader, writer = os.pipe()
        os.close(reader)
        os.dup2(writer, 1)
    else:
        os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT, 0o600), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT, 0o600), 2)
    if case.get("stdin") == "closed":
        os.close(0)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # as Python itself starts: a closed pipe is an error
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.argv = ["nycrules", *[placeholders(a) for a in shlex.split(case["run"])]]
    code = 0
    try:
        cli.main()
    except SystemExit as done:
        code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BaseException:  # noqa: BLE001 - reported as the case's failure
        import traceback
        traceback.print_exc()
        code = 99
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        pass
    os._exit(code)


def run(case: dict, digest: str) -> dict:
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        folder = prepare(case, tmp, digest)
        out, err = tmp / "stdout.txt", tmp / "stderr.txt"
        vsz = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
        sys.stdout.flush()
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            _child(case, folder, tmp, out, err, vsz + MEMORY_MARGIN)
        status = None
        while time.perf_counter() - start < TIME_LIMIT:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.005)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            return {"name": case["name"], "timeout": True, "seconds": TIME_LIMIT}
        seconds = time.perf_counter() - start
        read = lambda p: p.read_bytes().decode("utf-8") if p.exists() else ""  # noqa: E731 - invalid UTF-8 fails
        return {"name": case["name"], "exit": os.waitstatus_to_exitcode(status), "seconds": round(seconds, 3),
                "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 3), "peak_kb": usage.ru_maxrss,
                "stdout": read(out), "stderr": read(err)}


def main(names: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from nycrules import cli  # noqa: F401 - imported once, before the forks
    from nycrules.language.parser import _parser
    _parser()
    digest = _digest()
    for case in cases():
        if names and not any(n in case["name"] for n in names):
            continue
        try:
            result = run(case, digest)
        except UnicodeDecodeError as err:
            result = {"name": case["name"], "error": f"output is not UTF-8: {err}"}
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
