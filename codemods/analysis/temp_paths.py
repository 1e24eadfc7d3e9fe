"""`pathlib.Path` objects inside a fresh temporary directory (temp_files.py; issue 13).

A test suite's `tmp_path` fixture is `Path(tempfile.mkdtemp(prefix="pytest-")) / test_name`, made
with `mkdir(exist_ok=True)`; fixtures then make a subdirectory (`(tmp_path / "frames").mkdir()`),
clear a file left by an earlier case (`if path.exists(): path.unlink()`,
`path.unlink(missing_ok=True)`), and tests save arrays there (`np.save(d / "w.npy", x)`) before
their teardown empties the directory (`for f in d.iterdir(): f.unlink()`, `shutil.rmtree(root)`).
As temp_files.py says, what is in such a directory is exactly what the run put there (it is new,
empty and the process's own), so each of these has the outcome the run computes from its own
record of the directory (temp_files' table, shared with `open` and `os.path.join` paths).

Modelled: `Path(p, *names)` and `p / name` of plain names (no separator, not `.` or `..`); `name`,
`stem`, `suffix` of a path below the directory (the directory's own name is made up by mkdtemp:
unknown) and `parent`; `str(p)` (a TempPath: its text unknown); `mkdir(parents=, exist_ok=)`,
`exists()`, `is_dir()`, `is_file()`, `unlink(missing_ok=)`, `write_text(s)`, `read_text()`,
`iterdir()` (the file system lists entries in an order not known: a small directory's listing is
an open choice, each order a run of its own, as set_orders.py walks a set of strs); `np.save` / `np.savez` of arrays to such a path (".npy" / ".npz" added as NumPy
adds them) and `np.load` of a saved ".npy" (an array of unknown values); `shutil.rmtree`.
Anything else, and each case Python raises in (a missing parent, an existing directory, a
missing file), stops the run (Bail).
"""
from __future__ import annotations

import ast
import itertools
import pathlib

from codemods.analysis.host_exprs import Iter
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Arr, RunCallable, TempPath
from codemods.analysis.set_orders import SET_AT_MOST
from codemods.analysis.temp_files import PASS, files



class Saved:
    """A file NumPy wrote: its kind ("npy" or "npz") and, for "npy", the rank saved."""

    __slots__ = ("kind", "ndim")

    def __init__(self, kind: str, ndim: int | None) -> None:
        self.kind, self.ndim = kind, ndim


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


def _name(value: object) -> str:
    if type(value) is not str or not value or "/" in value or "\\" in value or value in (".", ".."):
        raise Bail  # (an absolute or climbing part, a separator: where it lands is not modelled)
    return value


def is_temp(value: object) -> bool:
    return type(value) in (TempPath, TempPathObj)


def handed_unmodelled(args: list, kwargs: dict) -> bool:
    """A call the run does not model is given a temporary path or an open handle on one
    (`np.savetxt(os.path.join(tmp, "w.txt"), x)`, `jnp.save`, `x.tofile(path)`): it may write
    there, and the directory's table would no longer hold all that is in it (`os.path.exists`
    would answer False of a file it made), so the caller stops the run."""
    from codemods.analysis.temp_files import FileHandle

    def holds(value: object, depth: int) -> bool:
        if is_temp(value) or type(value) is FileHandle:
            return True
        items = value.values() if type(value) is dict else value if type(value) in (list, tuple) else ()
        return depth < 3 and any(holds(item, depth + 1) for item in items)

    return any(holds(value, 0) for value in (*args, *kwargs.values()))


def made(args: list, kwargs: dict) -> object:
    """`Path(first, *names)`; NotImplemented when the first is not a temporary path."""
    if not args or not is_temp(args[0]):
        return NotImplemented if not any(is_temp(arg) for arg in args) else _bail()
    if kwargs:
        raise Bail
    return TempPathObj(args[0].root, args[0].parts + tuple(_name(arg) for arg in args[1:]))


def binary(op: type, left: object, right: object) -> object:
    """`p / "name"`; NotImplemented when neither side is a temporary Path."""
    if type(left) is not TempPathObj and type(right) is not TempPathObj:
        return NotImplemented
    if op is not ast.Div or type(left) is not TempPathObj:
        raise Bail
    return TempPathObj(left.root, left.parts + (_name(right),))


def text(value: object) -> object:
    """`str(p)`, `os.fspath(p)`: a str whose text is not known."""
    return TempPath(value.root, value.parts)


def _is_dir(run, key: tuple) -> bool:
    return key in files(run) and files(run)[key] is None


def _mkdir(run, path: TempPathObj, args: list, kwargs: dict) -> None:
    given = dict(zip(("mode", "parents", "exist_ok"), args))
    if set(given) & set(kwargs) or not set(kwargs) <= {"parents", "exist_ok"} or "mode" in given:
        raise Bail
    given.update(kwargs)
    parents, exist_ok = given.get("parents", False), given.get("exist_ok", False)
    if type(parents) is not bool or type(exist_ok) is not bool or not path.parts:
        raise Bail
    table = files(run)
    if path.key in table:
        if table[path.key] is not None or not exist_ok:
            raise Bail  # (FileExistsError: not modelled)
        return None
    missing = [path.parts[:end] for end in range(len(path.parts), 0, -1) if (path.root, path.parts[:end]) not in table]
    if not _is_dir(run, (path.root, path.parts[:len(path.parts) - len(missing)])) or len(missing) > 1 and not parents:
        raise Bail  # (FileNotFoundError, or a file where a directory should be)
    for parts in reversed(missing):
        table[(path.root, parts)] = None
    return None


def _unlink(run, path: TempPathObj, args: list, kwargs: dict) -> None:
    given = dict(zip(("missing_ok",), args))
    if len(args) > 1 or set(given) & set(kwargs) or not set(kwargs) <= {"missing_ok"}:
        raise Bail
    given.update(kwargs)
    missing_ok, table = given.get("missing_ok", False), files(run)
    if type(missing_ok) is not bool or path.key in table and table[path.key] is None:
        raise Bail  # (IsADirectoryError)
    if path.key not in table:
        if not missing_ok:
            raise Bail  # (FileNotFoundError: not modelled)
        return None
    from codemods.analysis.temp_files import writing

    if writing(run, path.key):
        raise Bail  # (a file a handle still writes to)
    del table[path.key]
    return None


def _entries(run, path: TempPathObj) -> Iter:
    from codemods.analysis.unknown_choices import choose

    if not _is_dir(run, path.key):
        raise Bail
    found = sorted(parts for root, parts in files(run) if root == path.root and parts[:-1] == path.parts and parts)
    if len(found) > SET_AT_MOST:
        raise Bail
    orders = list(itertools.permutations(found))
    # (an iterator, walked once within the statement that made it: the listing is of now)
    return Iter([TempPathObj(path.root, parts) for parts in orders[choose(run, len(orders))]], run.statements)


def _write_text(run, path: TempPathObj, args: list, kwargs: dict) -> int:
    from codemods.analysis.temp_files import writing

    if len(args) != 1 or type(args[0]) is not str or not set(kwargs) <= {"encoding"} \
            or not all(type(v) is str for v in kwargs.values()):
        raise Bail
    table = files(run)
    if not _is_dir(run, (path.root, path.parts[:-1])) or not path.parts or _is_dir(run, path.key) \
            or writing(run, path.key):
        raise Bail
    table[path.key] = args[0]
    return len(args[0])


def _read_text(run, path: TempPathObj) -> str:
    from codemods.analysis.temp_files import writing

    found = files(run).get(path.key)
    if type(found) is not str or writing(run, path.key):
        raise Bail  # (missing, a directory, a NumPy file, or still being written)
    return found


class TempPathMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: TempPathObj, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        path, name = self.owner, self.name
        if name in ("mkdir", "unlink", "write_text"):
            return {"mkdir": _mkdir, "unlink": _unlink, "write_text": _write_text}[name](run, path, args, kwargs)
        if args or kwargs:
            raise Bail
        if name == "exists":
            return path.key in files(run)
        if name == "is_dir":
            return _is_dir(run, path.key)
        if name == "is_file":
            return path.key in files(run) and files(run)[path.key] is not None
        if name == "iterdir":
            return _entries(run, path)
        return _read_text(run, path)


_METHODS = frozenset({"mkdir", "unlink", "write_text", "exists", "is_dir", "is_file", "iterdir", "read_text"})


def _target(path: object, suffix: str) -> tuple:
    """Where NumPy writes `path` (the suffix added when the name lacks it)."""
    parts = path.parts
    if not parts:
        raise Bail
    if not parts[-1].endswith(suffix):
        parts = parts[:-1] + (parts[-1] + suffix,)
    return path.root, parts


def _save(run, args: list, kwargs: dict, kind: str) -> object:
    if not args or not is_temp(args[0]):
        return PASS if not any(is_temp(arg) for arg in (*args, *kwargs.values())) else _bail()
    arrays = [*args[1:], *kwargs.values()]
    if kind == "npy" and (len(args) != 2 or kwargs) or kind == "npz" and "file" in kwargs \
            or not arrays or not all(type(value) is Arr for value in arrays):
        raise Bail  # (pickled objects, another keyword: not modelled)
    key = _target(args[0], "." + kind)
    table = files(run)
    from codemods.analysis.temp_files import writing

    if not _is_dir(run, (key[0], key[1][:-1])) or _is_dir(run, key) or writing(run, key):
        raise Bail  # (FileNotFoundError, IsADirectoryError)
    table[key] = Saved(kind, args[1].ndim if kind == "npy" else None)
    return None


def _load(run, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs or not is_temp(args[0]):
        return PASS if not any(is_temp(arg) for arg in (*args, *kwargs.values())) else _bail()
    found = files(run).get(args[0].key if type(args[0]) is TempPathObj else (args[0].root, args[0].parts))
    if type(found) is not Saved or found.kind != "npy":
        raise Bail  # (missing, text, or an archive: not modelled)
    return Arr(None, True, ndim=found.ndim)


def _rmtree(run, args: list, kwargs: dict) -> object:
    if not args or not is_temp(args[0]):
        return PASS if not any(is_temp(arg) for arg in (*args, *kwargs.values())) else _bail()
    if len(args) != 1 or not set(kwargs) <= {"ignore_errors"} or type(kwargs.get("ignore_errors", False)) is not bool:
        raise Bail
    path, table = args[0], files(run)
    from codemods.analysis.temp_files import writing

    if not _is_dir(run, (path.root, path.parts)):
        if not kwargs.get("ignore_errors"):
            raise Bail  # (FileNotFoundError, NotADirectoryError)
        return None
    gone = [key for key in table if key[0] == path.root and key[1][:len(path.parts)] == path.parts]
    if any(writing(run, key) for key in gone):
        raise Bail  # (a file a handle still writes to)
    for key in gone:
        del table[key]
    return None


CALLS = {"numpy.save": lambda run, args, kwargs: _save(run, args, kwargs, "npy"),
         "numpy.savez": lambda run, args, kwargs: _save(run, args, kwargs, "npz"),
         "numpy.load": _load, "shutil.rmtree": _rmtree}


def path_call(run, name: str, args: list, kwargs: dict) -> object:
    """The result of a library call on a temporary path, or PASS when it is not one."""
    return CALLS[name](run, args, kwargs)


def _bail():
    raise Bail
