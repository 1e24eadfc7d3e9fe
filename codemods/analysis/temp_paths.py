"""`pathlib.Path` objects inside a fresh temporary directory (script_run.py; issue 13), read on
temp_files.py's record of the run's own files.

A test suite's `tmp_path` fixture is `Path(tempfile.mkdtemp(prefix="pytest-")) / test_name`, made
with `mkdir(exist_ok=True)`; fixtures then make a subdirectory (`(tmp_path / "frames").mkdir()`),
clear a file left by an earlier case (`if path.exists(): path.unlink()`,
`path.unlink(missing_ok=True)`), and tests save arrays there (`np.save(d / "w.npy", x)`,
temp_files.py) before their teardown empties the directory (`for f in d.iterdir(): f.unlink()`,
`shutil.rmtree(root)`). Each of these has the outcome the run computes from its record of the
directory (temp_files.py says why it is exact).

Modelled: `Path(p, *names)` and `p / name` of plain names; `name`, `stem`, `suffix` of a path
below the directory (the directory's own name is made up by mkdtemp: unknown) and `parent`;
`str(p)` (a TempPath: its text unknown); `mkdir(parents=, exist_ok=)`, `exists()`, `is_dir()`,
`is_file()`, `unlink(missing_ok=)`, `write_text(s, encoding=)`, `read_text(encoding=)` (encoded,
decoded as text_encodings.py says), `write_bytes(b)`, `read_bytes()`, `open(mode, encoding=, newline=)` (as `open` of its str,
temp_texts.py), `iterdir()` (the file system
lists entries in an order not known: a small directory's listing is an open choice, each order a
run of its own, as set_orders.py walks a set of strs). Anything else, and each case Python raises
in (a missing parent, an existing directory, a missing file), stops the run (Bail).
"""
from __future__ import annotations

from codemods.analysis import unknown_json

import ast
import itertools
import pathlib

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_exprs import Iter
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable, TempPath
from codemods.analysis.set_orders import SET_AT_MOST
from codemods.analysis.temp_files import below, children, files, is_dir, is_temp, writing
from codemods.analysis.text_encodings import codec, decoded, encoded


class TempPathObj(ModelledObject):
    """A `pathlib.Path` inside a directory `tempfile.mkdtemp` made."""

    __slots__ = ("parts", "root")

    def __init__(self, root: int, parts: tuple) -> None:
        self.root, self.parts = root, parts

    @property
    def key(self) -> tuple:
        return self.root, self.parts

    def __eq__(self, other: object) -> bool:  # (as Paths compare: by their text, the same for the same parts)
        return type(other) is TempPathObj and other.key == self.key

    def __hash__(self) -> int:
        return hash(("TempPathObj", self.key))

    def attribute(self, run, name: str) -> object:
        if name in ("name", "stem", "suffix"):
            if not self.parts:
                raise Bail  # (the directory's own name: mkdtemp made it up)
            return getattr(pathlib.PurePosixPath(self.parts[-1]), name)
        if name == "parent" and self.parts:
            return TempPathObj(self.root, self.parts[:-1])
        if name in _METHODS:
            return TempPathMethod(self, name)
        raise Bail


def made(args: list, kwargs: dict) -> object:
    """`Path(first, *names)`; NotImplemented when the first is not a temporary path."""
    if not args or not is_temp(args[0]):
        return NotImplemented if not any(is_temp(arg) for arg in args) else _bail()
    if kwargs:
        raise Bail
    return TempPathObj(args[0].root, below(args[0].parts, tuple(args[1:])))


def binary(op: type, left: object, right: object) -> object:
    """`p / "name"`; NotImplemented when neither side is a temporary Path."""
    if type(left) is not TempPathObj and type(right) is not TempPathObj:
        return NotImplemented
    if op is not ast.Div or type(left) is not TempPathObj:
        raise Bail
    return TempPathObj(left.root, below(left.parts, (right,)))


def text(value: object) -> object:
    """`str(p)`, `os.fspath(p)`: a str whose text is not known."""
    return TempPath(value.root, value.parts)


def _mkdir(run, path: TempPathObj, args: list, kwargs: dict) -> None:
    given = bind(("mode", "parents", "exist_ok"), args, kwargs)
    if given is None or "mode" in given:
        raise Bail  # (a mode, another keyword, arguments Python rejects: not followed)
    return make_dir(run, path, given.get("parents", False), given.get("exist_ok", False))


def make_dir(run, path: TempPathObj, parents: object, exist_ok: object) -> None:
    """`p.mkdir(parents=, exist_ok=)`, `os.makedirs(p, exist_ok=)` (parents: True)."""
    if type(parents) is not bool or type(exist_ok) is not bool or not path.parts:
        raise Bail
    table = files(run)
    if path.key in table:
        if table[path.key] is not None or not exist_ok:
            raise Bail  # (FileExistsError: not modelled)
        return None
    missing = [path.parts[:end] for end in range(len(path.parts), 0, -1) if (path.root, path.parts[:end]) not in table]
    if not is_dir(run, (path.root, path.parts[:len(path.parts) - len(missing)])) or len(missing) > 1 and not parents:
        raise Bail  # (FileNotFoundError, or a file where a directory should be)
    for parts in reversed(missing):
        table[(path.root, parts)] = None
    return None


def _unlink(run, path: TempPathObj, args: list, kwargs: dict) -> None:
    given = bind(("missing_ok",), args, kwargs, {"missing_ok": False})
    if given is None:
        raise Bail
    missing_ok, table = given["missing_ok"], files(run)
    if type(missing_ok) is not bool or path.key in table and table[path.key] is None:
        raise Bail  # (IsADirectoryError)
    if path.key not in table:
        if not missing_ok:
            raise Bail  # (FileNotFoundError: not modelled)
        return None
    if writing(run, path.key):
        raise Bail  # (a file a handle still writes to)
    del table[path.key]
    return None


def _entries(run, path: TempPathObj) -> Iter:
    from codemods.analysis.unknown_choices import choose

    found = sorted(path.parts + (name,) for name in children(run, path.key))
    if len(found) > SET_AT_MOST:
        raise Bail
    orders = list(itertools.permutations(found))
    # (an iterator, walked once within the statement that made it: the listing is of now)
    return Iter([TempPathObj(path.root, parts) for parts in orders[choose(run, len(orders))]], run.statements)


def _write_text(run, path: TempPathObj, args: list, kwargs: dict) -> int:
    """`p.write_text(data, encoding=None)`: `data` encoded, "\n" written as itself (POSIX)."""
    given = dict(zip(("data", "encoding"), args))
    if len(args) > 2 or set(given) & set(kwargs) or not set(kwargs) <= {"data", "encoding"}:
        raise Bail  # (`errors=`, `newline=` (Python 3.10 on): not followed)
    given.update(kwargs)
    if type(given.get("data")) is not str:
        raise Bail
    table = files(run)
    if not is_dir(run, (path.root, path.parts[:-1])) or not path.parts or is_dir(run, path.key) \
            or writing(run, path.key):
        raise Bail
    table[path.key] = encoded(given["data"], codec(given.get("encoding")), None)
    return len(given["data"])


def _write_bytes(run, path: TempPathObj, args: list, kwargs: dict) -> int:
    """`p.write_bytes(data)`: the file holds `data`."""
    given = bind(("data",), args, kwargs)
    if given is None or type(given.get("data")) is not bytes:
        raise Bail  # (a memoryview, a bytearray: not followed)
    if not path.parts or not is_dir(run, (path.root, path.parts[:-1])) or is_dir(run, path.key) or writing(run, path.key):
        raise Bail
    files(run)[path.key] = given["data"]
    return len(given["data"])


def _read_bytes(run, path: TempPathObj, args: list, kwargs: dict) -> bytes:
    found = files(run).get(path.key)
    if args or kwargs or type(found) is not bytes or writing(run, path.key):
        raise Bail  # (missing, a directory, a NumPy file, or still being written)
    if any(unknown_json.MARK.encode(name) in found for name in ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")):
        raise Bail  # (a dumped record's text: not spelled, unknown_json.py)
    return found


def _read_text(run, path: TempPathObj, args: list, kwargs: dict) -> str:
    """`p.read_text(encoding=None)`: the file decoded, with universal newlines."""
    given = dict(zip(("encoding",), args))
    if len(args) > 1 or set(given) & set(kwargs) or not set(kwargs) <= {"encoding"}:
        raise Bail
    given.update(kwargs)
    found = files(run).get(path.key)
    if type(found) is not bytes or writing(run, path.key):
        raise Bail  # (missing, a directory, a NumPy file, or still being written)
    text = decoded(found, codec(given.get("encoding")), None)
    if unknown_json.MARK in text:
        raise Bail  # (a dumped record's text: not spelled, unknown_json.py)
    return text


class TempPathMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: TempPathObj, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        path, name = self.owner, self.name
        if name == "open":  # (`open(str(p), ...)`, as pathlib opens it: temp_texts.py)
            from codemods.analysis.temp_texts import open_file

            return open_file(run, [TempPath(path.root, path.parts), *args], kwargs)
        if name in _CHANGING:
            return _CHANGING[name](run, path, args, kwargs)
        if args or kwargs:
            raise Bail
        if name == "exists":
            return path.key in files(run)
        if name == "is_dir":
            return is_dir(run, path.key)
        if name == "is_file":
            return path.key in files(run) and files(run)[path.key] is not None
        return _entries(run, path)


_CHANGING = {"mkdir": _mkdir, "unlink": _unlink, "write_text": _write_text, "read_text": _read_text,
             "write_bytes": _write_bytes, "read_bytes": _read_bytes}
_METHODS = frozenset({"exists", "is_dir", "is_file", "iterdir", "open", *_CHANGING})


def _bail():
    raise Bail
