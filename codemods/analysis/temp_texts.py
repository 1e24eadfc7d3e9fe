"""Paths in a fresh temporary directory spelled as strings, and the files opened on them
(script_run.py; issue 13), read on temp_files.py's record of the run's own files.

A pipeline hands its steps a config through a file: `path = os.path.join(tempfile.mkdtemp(),
"job.json")`, `with open(path, "w") as fh: json.dump(CONFIG, fh)`, then a step (a workflow's
Parameter holding the path) does `with open(self.config_file) as fh: self.cfg = json.load(fh)`:
what it reads is what the run wrote (temp_files.py says why).

Modelled: `os.path.join` of such a directory (or a pathlib path in it) and plain names (TempPath:
its text is unknown, and it is a str to `isinstance`), and the same path spelled
`f"{tmp}/{name}.ini"` or `tmp + "/run.ini"`; `os.listdir(tmp)`,
`glob.glob(os.path.join(tmp, "step_*"))` (what the run wrote there, when that is none or one
entry: the order of more is the file system's), `os.path.exists(path)` (`isfile`, `isdir` and
`os.makedirs` are temp_dirs.py's), so a launcher's restart-from-latest-step finds no step in a
fresh directory; `shutil.copy` / `copyfile` of a file to another name there; `open(path)` /
`open(path, "w")` (text modes, `encoding=` and `newline=`: what is written is encoded and read
back decoded as text_encodings.py says; "rb", whose `read()` gives the bytes and which
`tomllib.load` reads as UTF-8) as a `with` target or a plain call; a handle's `write`, `read()`,
`readlines()` and `close()`; `json.dump(obj, handle, ...)` and `json.load(handle)` of plain
values; `for line in handle` (a JSONL file read back line by line) walks the file's lines,
once. What is written
reaches the file when the handle closes (Python buffers it); reading a file a handle is still
writing, a missing file or directory, or any other use of a path or handle stops the run (Bail).

`fd, path = tempfile.mkstemp(suffix=".json")` makes a new, empty file the same way (created
exclusively, mode 0600, a name nobody held): the run holds it as a path of its own root with
nothing around it (listing it or joining a name to it stops the run), and `fd` as a descriptor
of it; `os.fdopen(fd, "w")` (or "r") is a handle on that file (it does not truncate: writing is
followed only while the file is still empty), `os.close(fd)` closes a descriptor no handle
took. The file stays after the program ends; `open(path)` reads what was written, `open(path,
"w")` writes it anew. `tempfile.NamedTemporaryFile("w", delete=...)` makes such a file and a
handle writing it (its `name` the path; closing it removes the file where `delete` is True).
"""
from __future__ import annotations

import fnmatch
import json

from codemods.analysis import unknown_json
from codemods.analysis.argument_binding import bind
from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import JsonText, RunCallable, TempPath
from codemods.analysis.temp_files import (
    PASS,
    FileDescriptor,
    FileHandle,
    below,
    children,
    files,
    is_dir,
    key,
    named_only,
    new_file,
    open_writers,
    str_path,
)
from codemods.analysis.text_encodings import check_written, decoded, encoded
from codemods.analysis.text_encodings import lines as text_lines

_TEXT_KEYWORDS = ("encoding", "newline")
_MARK_CODECS = ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")  # (how a record's mark may be spelled)
_OPEN_DEFAULTS = {"mode": "r", "encoding": None, "newline": None}  # (`open` and `os.fdopen` alike)
_MKSTEMP_DEFAULTS = {"suffix": None, "prefix": None, "dir": None, "text": False}


def _list_dir(run, args: list, kwargs: dict) -> object:
    """`os.listdir(tmp)`: its entries in the file system's order (none or one: exact; more:
    unordered_listings.py)."""
    from codemods.analysis.unordered_listings import listing

    if kwargs or len(args) != 1 or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in (*args, *kwargs.values())) else _bail()
    return listing(children(run, key(args[0])))


def _glob(run, args: list, kwargs: dict) -> object:
    """`glob.glob(os.path.join(tmp, "step_*"))`: the matching entries of the directory (a name
    starting with "." only by a pattern that does), in the file system's order (none or one;
    more: unordered_listings.py)."""
    if kwargs or len(args) != 1 or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in (*args, *kwargs.values())) else _bail()
    path = args[0]
    if not path.parts or any(char in part for part in path.parts[:-1] for char in "*?[") or "**" in path.parts[-1]:
        raise Bail  # (a pattern in a parent, or recursive: not modelled)
    parent, pattern = path.parts[:-1], path.parts[-1]
    names = [name for name in children(run, (path.root, parent)) if fnmatch.fnmatchcase(name, pattern)
             and (pattern.startswith(".") or not name.startswith("."))]
    from codemods.analysis.unordered_listings import listing

    return listing([TempPath(path.root, (*parent, name)) for name in names])


def _exists(run, args: list, kwargs: dict) -> object:
    if kwargs or len(args) != 1 or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in (*args, *kwargs.values())) else _bail()
    return key(args[0]) in files(run)


def _copy(run, args: list, kwargs: dict) -> object:
    """`shutil.copy(src, dst)` / `copyfile` of a file in a temporary directory to another name in
    one (the same bytes; the same name raises SameFileError); it hands back `dst`."""
    paths = [str_path(arg) for arg in args]
    if kwargs or len(args) != 2 or not all(type(path) is TempPath for path in paths):
        return PASS if not any(type(str_path(a)) is TempPath for a in (*args, *kwargs.values())) else _bail()
    table, source, target = files(run), key(paths[0]), key(paths[1])
    if source == target or type(table.get(source)) is not bytes or open_writers(run).get(source) or open_writers(run).get(target) \
            or table.get(target, b"") is None or not paths[1].parts or not is_dir(run, (target[0], target[1][:-1])):
        raise Bail  # (a missing file, a directory as target (copy puts it inside), a file being written)
    table[target] = table[source]
    return args[1]


def glued(directory: object, rest: str) -> TempPath | None:
    """`f"{tmp}/run.ini"`, `tmp + "/run.ini"`: the path `rest` names below a temporary one (None
    when it does not begin with a separator: a name glued to the directory's own)."""
    if rest and not rest.startswith("/"):
        return None
    return TempPath(directory.root, below(directory.parts, tuple(rest[1:].split("/")) if rest else ()))


def _join(run, args: list, kwargs: dict) -> object:
    args = [str_path(arg) for arg in args]
    if kwargs or not args or type(args[0]) is not TempPath:
        return PASS if not any(type(a) is TempPath for a in args) else _bail()
    return TempPath(args[0].root, below(args[0].parts, tuple(args[1:])))


def _make_file(run, args: list, kwargs: dict) -> tuple:
    """`tempfile.mkstemp(suffix=None, prefix=None, dir=None, text=False)`: (fd, path)."""
    given = bind(("suffix", "prefix", "dir", "text"), args, kwargs, _MKSTEMP_DEFAULTS)
    if given is None or given["dir"] is not None or type(given["text"]) is not bool:
        raise Bail  # (another parent, which may be anywhere: not followed)
    named_only([], {"suffix": given["suffix"], "prefix": given["prefix"]}, ())
    path = new_file(run)
    return FileDescriptor(key(path)), path


def _text_mode(given: dict) -> bool:
    """A text mode this module follows, with a str or None for each text keyword."""
    return given["mode"] in ("r", "rt", "w", "wt") \
        and all(type(given[k]) is str or given[k] is None for k in _TEXT_KEYWORDS)


def _named_file(run, args: list, kwargs: dict) -> FileHandle:
    """`tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)`: a new file made as mkstemp
    makes one, opened to write text; `fh.name` is its path; closing it removes it with `delete`."""
    given = bind(("mode", "buffering", "encoding", "newline", "suffix", "prefix", "dir", "delete"), args, kwargs,
                 {**_OPEN_DEFAULTS, "mode": "w+b", "buffering": -1, "suffix": None, "prefix": None, "dir": None,
                  "delete": True})
    if given is None or given["mode"] not in ("w", "wt") or given["buffering"] != -1 or given["dir"] is not None \
            or type(given["delete"]) is not bool or not _text_mode(given):
        raise Bail  # (binary, reading or updating modes, another parent, `errors=`: not followed)
    named_only([], {"suffix": given["suffix"], "prefix": given["prefix"]}, ())
    handle = FileHandle(key(new_file(run)), True, given)
    handle.delete = given["delete"]
    open_writers(run).setdefault(handle.key, []).append(handle)
    return handle


def _fd_open(run, args: list, kwargs: dict) -> object:
    """`os.fdopen(fd, mode)` of a descriptor mkstemp gave: a handle that closes it."""
    if not any(type(a) is FileDescriptor for a in (*args, *kwargs.values())):
        return PASS
    given = bind(("fd", "mode"), args, kwargs, _OPEN_DEFAULTS, _TEXT_KEYWORDS)
    if given is None or not _text_mode(given):
        raise Bail
    fd, mode = given["fd"], given["mode"]
    if type(fd) is not FileDescriptor or fd.closed:
        raise Bail
    table = files(run)
    if open_writers(run).get(fd.key) or type(table.get(fd.key)) is not bytes or mode.startswith("w") and table[fd.key]:
        raise Bail  # (written elsewhere, removed, or not empty: where this handle writes is not followed)
    handle = FileHandle(fd.key, mode.startswith("w"), given)
    fd.closed = True  # (the handle owns it now: closing the handle closes it)
    if handle.writing:
        open_writers(run).setdefault(fd.key, []).append(handle)
    return handle


def _fd_close(run, args: list, kwargs: dict) -> object:
    if not any(type(a) is FileDescriptor for a in (*args, *kwargs.values())):
        return PASS
    if len(args) != 1 or kwargs or args[0].closed:
        raise Bail  # (OSError: a descriptor closed already)
    args[0].closed = True
    return None


def open_file(run, args: list, kwargs: dict) -> FileHandle:
    """`open(path, mode)` of a path in a temporary directory."""
    given = bind(("file", "mode"), args, kwargs, _OPEN_DEFAULTS, _TEXT_KEYWORDS)
    binary = given is not None and given["mode"] == "rb" and given["encoding"] is None and given["newline"] is None
    if given is None or not binary and not _text_mode(given):
        raise Bail  # (another mode; `encoding=` in a binary one is a ValueError: not followed)
    path, mode = str_path(given["file"]), given["mode"]
    if type(path) is not TempPath:
        raise Bail
    table, at = files(run), key(path)
    if open_writers(run).get(at):
        raise Bail  # (a file being written: what is flushed so far is not modelled)
    if mode.startswith("w"):
        own_file = not path.parts and type(table.get(at)) is bytes  # (a file mkstemp made is its own root)
        if not (own_file or is_dir(run, (path.root, path.parts[:-1]))) or table.get(at, b"") is None:
            raise Bail  # (no such directory, or the path is one)
        handle = FileHandle(at, True, given)
        table[at] = b""  # (truncated when opened)
        open_writers(run).setdefault(at, []).append(handle)
        return handle
    if type(table.get(at)) is not bytes:
        raise Bail  # (FileNotFoundError or IsADirectoryError: not modelled)
    return FileHandle(at, False, given, binary)


def close(run, handle: FileHandle) -> None:
    """The handle's writes reach the file. A codec with a BOM (utf-16, utf-32, utf-8-sig) writes
    it with the first `write` call, an empty one too (`f.write("")` leaves 2 bytes in utf-16); a
    handle never written leaves the file empty (adversarial24 T; checked with CPython 3.11)."""
    if handle.writing and not handle.closed and handle.pending:
        files(run)[handle.key] += encoded("".join(handle.pending), handle.codec, handle.newline)
    if handle.writing and not handle.closed:
        open_writers(run)[handle.key].remove(handle)
    if handle.delete and not handle.closed:
        if files(run).get(handle.key) is None or open_writers(run).get(handle.key):
            raise Bail  # (FileNotFoundError of a file removed already; another handle on it)
        del files(run)[handle.key]
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
        text = json.dumps(args[0], **kwargs)
    except (TypeError, ValueError):
        raise Bail from None
    check_written(text, args[1].codec)
    args[1].pending.append(text)
    return None


def _read_all(run, handle: FileHandle, holes: bool = False) -> str:
    """`handle.read()`, once: the file as it is now; with its dumped records' marks where
    `holes` (unknown_json.py), else a file holding one stops the run."""
    data = _read_bytes(run, handle, False)
    text = decoded(data, handle.codec, handle.newline)
    if not holes and unknown_json.MARK in text:
        raise Bail  # (a text the run does not spell)
    return text


def _read_bytes(run, handle: FileHandle, binary: bool) -> bytes:
    """What a handle opened "rb" (`binary`) or in text mode reads, once: the file as it is now."""
    if handle.writing or handle.closed or open_writers(run).get(handle.key) or handle.binary is not binary:
        raise Bail  # (io.UnsupportedOperation, a closed file, one being written, another mode: not modelled)
    if handle.read:
        raise Bail  # (read again: what was added since is not followed)
    handle.read = True
    data = files(run)[handle.key]
    if binary and any(unknown_json.MARK.encode(name) in data for name in _MARK_CODECS):
        raise Bail  # (a dumped record's text, unknown_json.py: not spelled)
    return data


def _toml_load(run, args: list, kwargs: dict) -> object:
    """`tomllib.load(fh)` of a handle opened "rb" (its bytes decoded as UTF-8, as tomllib does)."""
    if len(args) != 1 or kwargs or type(args[0]) is not FileHandle:
        return PASS if not any(type(a) is FileHandle for a in (*args, *kwargs.values())) else _bail()
    import tomllib  # (imported by the few runs that read TOML files)

    try:
        return tomllib.loads(_read_bytes(run, args[0], True).decode())
    except ValueError:
        raise Bail from None  # (a TOMLDecodeError or UnicodeDecodeError the program raises: not modelled)


def lines(run, handle: FileHandle) -> list:
    """`for line in fh` of a handle opened to read, once: the file's lines as they are now, each
    with its end (text_encodings.lines); a line holding a dumped record a JsonText (unknown_json.py)."""
    return [unknown_json.unmarked(run, line) for line in text_lines(_read_all(run, handle, True), handle.newline)]


def _load(run, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs or type(args[0]) is not FileHandle:
        return PASS if not any(type(a) is FileHandle for a in (*args, *kwargs.values())) else _bail()
    try:
        return json.loads(_read_all(run, args[0]))
    except ValueError:
        raise Bail from None  # (a json.JSONDecodeError the program raises: not modelled)


CALLS = {"shutil.copy": _copy, "shutil.copyfile": _copy, "os.path.join": _join, "json.dump": _dump, "json.load": _load, "tomllib.load": _toml_load, "os.listdir": _list_dir, "glob.glob": _glob,
         "os.path.exists": _exists, "tempfile.mkstemp": _make_file,
         "tempfile.NamedTemporaryFile": _named_file, "os.fdopen": _fd_open, "os.close": _fd_close}


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
            return _read_bytes(run, handle, True) if handle.binary else _read_all(run, handle)
        if self.name == "readlines" and not args and not handle.binary:
            lines_read = lines(run, handle)
            if not all(type(line) is str for line in lines_read):
                raise Bail  # (a dumped record's line: read by `for line in fh` only, unknown_json.py)
            return lines_read
        if self.name == "write" and len(args) == 1 and type(args[0]) is str:
            return write(handle, args[0])
        if self.name == "write" and len(args) == 1 and type(args[0]) is JsonText:
            write(handle, unknown_json.marked(run, args[0]))  # (its holes as marks: unknown_json.py)
            return unknown_json.written_length(run)
        raise Bail


def write(handle: FileHandle, text: str) -> int:
    """`handle.write(text)`, `print(..., file=handle)`: kept until the handle closes."""
    if not handle.writing or handle.closed:
        raise Bail  # (io.UnsupportedOperation, ValueError of a closed file: not followed)
    check_written(text, handle.codec)
    handle.pending.append(text)
    return len(text)


def file_attribute(handle: FileHandle, name: str) -> object:
    if name == "name" and handle.delete is not None:
        return TempPath(*handle.key)  # (a NamedTemporaryFile's path: a str whose text is not known)
    if name not in ("write", "read", "readlines", "close"):
        raise Bail
    return FileMethod(handle, name)


def _bail():
    raise Bail
