"""Files a script writes into a fresh temporary directory and reads back (script_run.py; issue 13).

A pipeline hands its steps a config through a file: `path = os.path.join(tempfile.mkdtemp(),
"job.json")`, `with open(path, "w") as fh: json.dump(CONFIG, fh)`, then a step (a workflow's
Parameter holding the path) does `with open(self.config_file) as fh: self.cfg = json.load(fh)`.
The directory `mkdtemp` makes is new, empty and the process's own (mode 0700), so what a later
`open(path)` of the run reads there is exactly what the run wrote, in every run that gets that far
(one whose `mkdtemp` or write failed raised before). Paths anywhere else stop the run: a file
there may exist already, or be a link to anything.

Modelled: `tempfile.mkdtemp()` (a plain `prefix=`/`suffix=` only names it) and `with
tempfile.TemporaryDirectory() as tmp:` (the same new directory, removed with what it holds when
the block ends); `os.listdir(tmp)`, `glob.glob(os.path.join(tmp, "step_*"))` (what the run wrote
there, when that is none or one entry: the order of more is the file system's) and
`os.path.exists(path)`, so a launcher's restart-from-latest-step finds no step in a fresh
directory; `os.path.join` of such a directory and plain names (TempPath: its
text is unknown, and it is a str to `isinstance`); `open(path)` / `open(path, "w")` (text modes,
an `encoding`) as a `with` target or a plain call; a handle's `write`, `read()` and `close()`;
`json.dump(obj, handle, ...)` and `json.load(handle)` of plain values. What is written reaches the
file when the handle closes (Python buffers it); reading a file a handle is still writing, a
missing file or directory, or any other use of a path or handle stops the run (Bail).

`fd, path = tempfile.mkstemp(suffix=".json")` makes a new, empty file the same way (created
exclusively, mode 0600, a name nobody held): the run holds it as a path of its own root with
nothing around it (listing it or joining a name to it stops the run), and `fd` as a descriptor
of it; `os.fdopen(fd, "w")` (or "r") is a handle on that file (it does not truncate: writing is
followed only while the file is still empty), `os.close(fd)` closes a descriptor no handle
took. The file stays after the program ends; `open(path)` reads what was written, `open(path,
"w")` writes it anew.
"""
from __future__ import annotations

import fnmatch
import itertools
import json

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.library_contexts import LibraryContext
from codemods.analysis.script_values import RunCallable, TempPath

PASS = object()  # (not a call on a temporary file: the caller goes on)
_SERIALS = itertools.count()
_TEXT_KEYWORDS = frozenset({"encoding", "newline"})


class FileHandle:
    """A text file opened on a TempPath."""

    __slots__ = ("closed", "key", "pending", "read", "writing")

    def __init__(self, key: tuple, writing: bool) -> None:
        self.key, self.writing, self.pending, self.read, self.closed = key, writing, [], False, False


def files(run) -> dict:
    """(root, parts) -> text, None for a directory, or what NumPy saved there (temp_paths.py)."""
    return run.__dict__.setdefault("_temp_files", {})


_files = files


def writing(run, key: tuple) -> bool:
    """A handle still writes to the file at `key` (what reached it so far is not modelled)."""
    return bool(_open_writers(run).get(key))


def _open_writers(run) -> dict:
    return run.__dict__.setdefault("_temp_writers", {})  # (root, parts) -> handles still open


def _make_dir(run, args: list, kwargs: dict) -> TempPath:
    given = dict(zip(("suffix", "prefix"), args))
    if len(args) > 2 or set(given) & set(kwargs):
        raise Bail
    _named_only([], {**given, **kwargs}, ())
    return _new_dir(run)


def _new_dir(run) -> TempPath:
    path = TempPath(next(_SERIALS), ())
    _files(run)[(path.root, ())] = None
    return path


class FileDescriptor:
    """The int `tempfile.mkstemp` returns: an open descriptor of its new file at `key`."""

    __slots__ = ("closed", "key")

    def __init__(self, key: tuple) -> None:
        self.key, self.closed = key, False


def _make_file(run, args: list, kwargs: dict) -> tuple:
    """`tempfile.mkstemp(suffix=None, prefix=None, dir=None, text=False)`: (fd, path)."""
    given = dict(zip(("suffix", "prefix", "dir", "text"), args))
    if len(args) > 4 or set(given) & set(kwargs):
        raise Bail
    given.update(kwargs)
    if given.get("dir") is not None or type(given.get("text", False)) is not bool:
        raise Bail  # (another parent, which may be anywhere: not followed)
    _named_only([], {key: value for key, value in given.items() if key not in ("dir", "text")}, ())
    path = TempPath(next(_SERIALS), ())
    _files(run)[(path.root, ())] = ""
    return FileDescriptor((path.root, ())), path


def _fd_open(run, args: list, kwargs: dict) -> object:
    """`os.fdopen(fd, mode)` of a descriptor mkstemp gave: a handle that closes it."""
    given = dict(zip(("fd", "mode"), args))
    if not any(type(a) is FileDescriptor for a in (*args, *kwargs.values())):
        return PASS
    if len(args) > 2 or set(given) & set(kwargs) or not set(kwargs) <= {"fd", "mode"} | _TEXT_KEYWORDS:
        raise Bail
    given.update(kwargs)
    fd, mode = given.get("fd"), given.get("mode", "r")
    if type(fd) is not FileDescriptor or fd.closed or mode not in ("r", "rt", "w", "wt") \
            or not all(type(given[k]) is str or given[k] is None for k in _TEXT_KEYWORDS & set(given)):
        raise Bail
    files = _files(run)
    if _open_writers(run).get(fd.key) or type(files.get(fd.key)) is not str or mode.startswith("w") and files[fd.key]:
        raise Bail  # (written elsewhere, removed, or not empty: where this handle writes is not followed)
    fd.closed = True  # (the handle owns it now: closing the handle closes it)
    handle = FileHandle(fd.key, mode.startswith("w"))
    if handle.writing:
        _open_writers(run).setdefault(fd.key, []).append(handle)
    return handle


def _fd_close(run, args: list, kwargs: dict) -> object:
    if not any(type(a) is FileDescriptor for a in (*args, *kwargs.values())):
        return PASS
    if len(args) != 1 or kwargs or args[0].closed:
        raise Bail  # (OSError: a descriptor closed already)
    args[0].closed = True
    return None


def _named_only(args: list, kwargs: dict, more: tuple) -> None:
    """`mkdtemp(prefix="ckpt_")`: a plain prefix or suffix only names the new directory; `dir=`
    (another parent, which may be anywhere) and a name with a separator are not followed."""
    if args or not set(kwargs) <= {"prefix", "suffix", *more}:
        raise Bail
    for key in ("prefix", "suffix"):
        value = kwargs.get(key)
        if value is not None and (type(value) is not str or "/" in value or "\\" in value or "\0" in value):
            raise Bail


class TempDirectory(LibraryContext):
    """`with tempfile.TemporaryDirectory() as tmp:` a new directory (as mkdtemp makes), removed
    with all it holds when the block ends, however it ends."""

    __slots__ = ()

    def run_with(self, run, target, body, env) -> None:
        path = _new_dir(run)
        if target is not None:
            run.store(target, path, env)
        try:
            body()
        finally:
            files = _files(run)
            for key in [key for key in files if key[0] == path.root]:
                del files[key]  # (a later use of its paths: no such file, not modelled)


def _temp_directory(run, args: list, kwargs: dict) -> TempDirectory:
    _named_only(args, kwargs, ("ignore_cleanup_errors",))
    if type(kwargs.get("ignore_cleanup_errors", False)) is not bool:
        raise Bail
    return TempDirectory()


def _children(run, path: TempPath) -> list[str]:
    """The names in a temporary directory the run made (what the run wrote there)."""
    if _files(run).get((path.root, path.parts), "") is not None:
        raise Bail  # (FileNotFoundError or NotADirectoryError: not modelled)
    depth = len(path.parts)
    return [key[1][depth] for key in _files(run) if key[0] == path.root and len(key[1]) == depth + 1
            and key[1][:depth] == path.parts]


def _only(items: list) -> list:
    if len(items) > 1:
        raise Bail  # (the order the file system lists them in is not known)
    return items


def _list_dir(run, args: list, kwargs: dict) -> object:
    """`os.listdir(tmp)`: its entries in the file system's order (none or one: exact)."""
    if kwargs or len(args) != 1 or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in (*args, *kwargs.values())) else _bail()
    return _only(_children(run, args[0]))


def _glob(run, args: list, kwargs: dict) -> object:
    """`glob.glob(os.path.join(tmp, "step_*"))`: the matching entries of the directory (a name
    starting with "." only by a pattern that does), in the file system's order (none or one)."""
    if kwargs or len(args) != 1 or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in (*args, *kwargs.values())) else _bail()
    path = args[0]
    if not path.parts or any(char in part for part in path.parts[:-1] for char in "*?[") or "**" in path.parts[-1]:
        raise Bail  # (a pattern in a parent, or recursive: not modelled)
    parent, pattern = TempPath(path.root, path.parts[:-1]), path.parts[-1]
    names = [name for name in _children(run, parent) if fnmatch.fnmatchcase(name, pattern)
             and (pattern.startswith(".") or not name.startswith("."))]
    return [TempPath(path.root, (*parent.parts, name)) for name in _only(names)]


def _exists(run, args: list, kwargs: dict) -> object:
    if kwargs or len(args) != 1 or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in (*args, *kwargs.values())) else _bail()
    return (args[0].root, args[0].parts) in _files(run)


def _join(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.temp_paths import TempPathObj

    args = [TempPath(arg.root, arg.parts) if type(arg) is TempPathObj else arg for arg in args]
    if kwargs or not args or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in args) else _bail()
    parts = list(args[0].parts)
    for name in args[1:]:
        if type(name) is not str or not name or "/" in name or "\\" in name or name in (".", ".."):
            raise Bail  # (an absolute or climbing part, a separator: where it lands is not modelled)
        parts.append(name)
    return TempPath(args[0].root, tuple(parts))


def open_file(run, args: list, kwargs: dict) -> FileHandle:
    """`open(path, mode)` of a path in a temporary directory."""
    given = dict(zip(("file", "mode"), args))
    if len(args) > 2 or set(given) & set(kwargs) or not set(kwargs) <= {"file", "mode"} | _TEXT_KEYWORDS:
        raise Bail
    given.update(kwargs)
    path, mode = given.get("file"), given.get("mode", "r")
    from codemods.analysis.temp_paths import TempPathObj

    path = TempPath(path.root, path.parts) if type(path) is TempPathObj else path
    if type(path) is not TempPath or mode not in ("r", "rt", "w", "wt") \
            or not all(type(given[k]) is str or given[k] is None for k in _TEXT_KEYWORDS & set(given)):
        raise Bail
    files, key = _files(run), (path.root, path.parts)
    if _open_writers(run).get(key):
        raise Bail  # (a file being written: what is flushed so far is not modelled)
    if mode.startswith("w"):
        parent = files.get((path.root, path.parts[:-1]), "") if path.parts else None if type(files.get(key)) is str else ""
        if parent is not None or files.get(key, "") is None:  # (a file mkstemp made is its own root)
            raise Bail  # (no such directory, or the path is one)
        files[key] = ""  # (truncated when opened)
        handle = FileHandle(key, True)
        _open_writers(run).setdefault(key, []).append(handle)
        return handle
    if type(files.get(key)) is not str:
        raise Bail  # (FileNotFoundError or IsADirectoryError: not modelled)
    return FileHandle(key, False)


def close(run, handle: FileHandle) -> None:
    if handle.writing and not handle.closed:
        _files(run)[handle.key] += "".join(handle.pending)
        _open_writers(run)[handle.key].remove(handle)
    handle.pending, handle.closed = [], True


def with_file(run, handle: FileHandle, target, body, env) -> None:
    """`with open(...) as fh: body()`: closed however the block ends (its exceptions go on)."""
    if target is not None:
        run.store(target, handle, env)
    try:
        body()
    finally:
        close(run, handle)


def _dump(run, args: list, kwargs: dict) -> object:
    if len(args) != 2 or type(args[1]) is not FileHandle:
        return PASS if not any(type(a) is FileHandle for a in (*args, *kwargs.values())) else _bail()
    if not args[1].writing or args[1].closed or not plain_tree(args[0]) or not all(plain_tree(v) for v in kwargs.values()) \
            or not set(kwargs) <= {"indent", "sort_keys", "separators", "ensure_ascii"}:
        raise Bail
    try:
        args[1].pending.append(json.dumps(args[0], **kwargs))
    except (TypeError, ValueError):
        raise Bail from None
    return None


def _read_all(run, handle: FileHandle) -> str:
    """`handle.read()`, once: the file as it is now."""
    if handle.writing or handle.closed or _open_writers(run).get(handle.key):
        raise Bail  # (io.UnsupportedOperation, a closed file, or one being written: not modelled)
    if handle.read:
        raise Bail  # (read again: what was added since is not followed)
    handle.read = True
    return _files(run)[handle.key]


def _load(run, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs or type(args[0]) is not FileHandle:
        return PASS if not any(type(a) is FileHandle for a in (*args, *kwargs.values())) else _bail()
    try:
        return json.loads(_read_all(run, args[0]))
    except ValueError:
        raise Bail from None  # (a json.JSONDecodeError the program raises: not modelled)


CALLS = {"tempfile.mkdtemp": _make_dir, "os.path.join": _join, "json.dump": _dump, "json.load": _load,
         "tempfile.TemporaryDirectory": _temp_directory, "os.listdir": _list_dir, "glob.glob": _glob,
         "os.path.exists": _exists, "tempfile.mkstemp": _make_file, "os.fdopen": _fd_open, "os.close": _fd_close}


def file_call(run, name: str, args: list, kwargs: dict) -> object:
    """The result of a library call on a temporary file, or PASS when it is not one."""
    return CALLS[name](run, args, kwargs)


class FileMethod(RunCallable):
    """`handle.write`, `handle.read`, `handle.close`."""

    __slots__ = ("handle", "name")

    def __init__(self, handle: FileHandle, name: str) -> None:
        self.handle, self.name = handle, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        handle = self.handle
        if kwargs:
            raise Bail
        if self.name == "close" and not args:
            return close(run, handle)
        if self.name == "read" and not args:
            return _read_all(run, handle)
        if self.name == "write" and len(args) == 1 and type(args[0]) is str and handle.writing and not handle.closed:
            handle.pending.append(args[0])
            return len(args[0])
        raise Bail


def file_attribute(handle: FileHandle, name: str) -> FileMethod:
    if name not in ("write", "read", "close"):
        raise Bail
    return FileMethod(handle, name)


def _bail():
    raise Bail
