"""Files a script makes in a fresh temporary directory and reads back (script_run.py; issue 13):
the one record of them, whichever way the program names them.

A pipeline hands its steps a config through a file (`path = os.path.join(tempfile.mkdtemp(),
"job.json")`, then `open(path)` in a later step); a test suite's `tmp_path` fixture is
`Path(tempfile.mkdtemp(prefix="pytest-")) / test_name`, where tests save arrays and teardown
empties the directory. The directory `mkdtemp` makes is new, empty and the process's own (mode
0700), so what is in it is exactly what the run put there, in every run that gets that far (one
whose `mkdtemp` or write failed raised before). Paths anywhere else stop the run: a file there may
exist already, or be a link to anything.

This module keeps that record: (directory serial, names below it) -> the bytes of a text file
(text_encodings.py), None for a directory, or what NumPy saved there; the handles still writing
(FileHandle, and the FileDescriptor `tempfile.mkstemp` returns: temp_texts.py opens them); and the calls that take
either spelling of such a path. The program names the paths two ways, each read by its own
module on this record:
- strings (TempPath: its text unknown, a str to `isinstance`): `os.path.join`, `open`, `json`,
  `os.listdir`, `glob.glob`, `os.path.exists` (temp_texts.py);
- `pathlib.Path` objects (TempPathObj): `/`, `mkdir`, `exists`, `iterdir`, `unlink`,
  `write_text`, ... (temp_paths.py).
Modelled here: `tempfile.mkdtemp()` (a plain `prefix=`/`suffix=` only names it) and `with
tempfile.TemporaryDirectory() as tmp:` (the same new directory, removed with what it holds when
the block ends); `np.save` of an array to such a path (".npy" added as NumPy adds it) and `np.load`
of a saved ".npy" (an array of unknown values, of the shape and dtype saved; archives:
npz_archives.py); `shutil.rmtree`. A name
below the directory is a plain one (no separator, not `.` or `..`). The OS refuses a name with a
NUL (ValueError) or longer than 255 bytes (OSError "File name too long", on the file systems of
Linux; a mkdtemp or mkstemp name counts its prefix, 8 random letters and its suffix) and a path
longer than 4096 bytes: a name that is not ASCII (its bytes are the locale's), one the OS may
refuse, and names below the directory of more than 1024 bytes in all (the system's temporary
directory has a path of its own) stop the run. Anything else, and each case
Python raises in (a missing parent, an existing directory, a missing file, a file a handle still
writes to), stops the run (Bail).
"""
from __future__ import annotations

import itertools

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_objects import Bail
from codemods.analysis.library_contexts import LibraryContext
from codemods.analysis.program_objects import may_call_back
from codemods.analysis.script_values import Arr, TempPath
from codemods.analysis.text_encodings import codec, newline

PASS = object()  # (not a call on a temporary file: the caller goes on)
_NAME_MAX = 255  # (bytes in one name: Linux's ext4, tmpfs, overlayfs, xfs, btrfs)
_RANDOM_CHARS = 8  # (what tempfile puts between a prefix and a suffix)
_BELOW_MOST = 1024  # (bytes of names below a temporary directory, of Linux's PATH_MAX of 4096)
_SERIALS = itertools.count()


class Saved:
    """A file NumPy wrote: its kind ("npy" or "npz") and, for "npy", the array saved (as
    `read_back` keeps it); for "npz", its members (npz_archives.py)."""

    __slots__ = ("array", "kind", "members", "ndim")

    def __init__(self, kind: str, ndim: int | None) -> None:
        self.kind, self.ndim, self.members, self.array = kind, ndim, None, None


def read_back(array: Arr) -> Arr:
    """What NumPy reads back of a saved `array`: a new host array of the same shape, rank and dtype
    (NumPy writes both in the file's header), its values unknown; a bfloat16 one (ml_dtypes, kind
    "V") comes back as raw `|V2` bytes (checked with NumPy 2.4): its dtype unknown."""
    made = Arr(None, True, count=array.count, ndim=array.ndim,
               dtype=None if array.dtype is None or array.dtype.kind == "V" else array.dtype)
    made.shape = array.shape
    return made


class FileHandle:
    """A file opened on a TempPath (what temp_texts.py does with it): its codec (None: the
    locale's) and `newline=` (text_encodings.py); `binary` for one opened "rb"; `delete` (True or
    False) for a `tempfile.NamedTemporaryFile`, None for others."""

    __slots__ = ("binary", "closed", "codec", "delete", "key", "newline", "pending", "read", "writing")

    def __init__(self, key: tuple, writing: bool, given: dict, binary: bool = False) -> None:
        self.key, self.writing, self.pending, self.read, self.closed = key, writing, [], False, False
        self.codec, self.newline = codec(given.get("encoding")), newline(given.get("newline"))
        self.binary, self.delete = binary, None


class FileDescriptor:
    """The int `tempfile.mkstemp` returns: an open descriptor of its new file at `key`."""

    __slots__ = ("closed", "key")

    def __init__(self, key: tuple) -> None:
        self.key, self.closed = key, False


def files(run) -> dict:
    """(root, parts) -> bytes, None for a directory, or a Saved file."""
    return run.__dict__.setdefault("_temp_files", {})


def open_writers(run) -> dict:
    return run.__dict__.setdefault("_temp_writers", {})  # (root, parts) -> handles still open


def writing(run, key: tuple) -> bool:
    """A handle still writes to the file at `key` (what reached it so far is not modelled)."""
    return bool(open_writers(run).get(key))


def key(path) -> tuple:
    """Where a TempPath or a TempPathObj points in the record."""
    return path.root, path.parts


def is_temp(value: object) -> bool:
    from codemods.analysis.temp_paths import TempPathObj

    return type(value) in (TempPath, TempPathObj)


def str_path(value: object) -> object:
    """A pathlib path in a temporary directory as the str path it stands for (`os.fspath`)."""
    from codemods.analysis.temp_paths import TempPathObj

    return TempPath(value.root, value.parts) if type(value) is TempPathObj else value


def handed_unmodelled(run, name: str | None, args: list, kwargs: dict, method: str = "") -> bool:
    """A call the run does not model, or models without its effect on files (`name`: its library
    name; None for an array's method), is given what may reach the temporary directory: it may
    write there, and the record would no longer hold all that is in it (`os.path.exists` would
    answer False of a file it made, a read the old text), so the caller stops the run.
    - a temporary path or an open handle on one (`np.savetxt(os.path.join(tmp, "w.txt"), x)`,
      `jnp.save`, `x.tofile(path)`);
    - an object of the program's (program_objects.py) once the run has made a temporary file or
      directory: NumPy takes any object with `__fspath__` as a path (`os.fspath`) and any with
      `write` as a file, and calls back into it (`np.savetxt(Loc(tmp, "w.txt"), x)`, `np.save(Sink(p),
      x)`), code the run never runs. Given before the run made one, the call may keep the object
      and call it later: the run notes that, and its first temporary directory or file stops it.
    JAX's own calls (but jax.numpy's, whose `save` and `load` are NumPy's) touch no file of a
    path or file object given, nor do `functools.partial` and `dataclasses.field`, which only keep
    it: they are left to their models.
    - an object that may call back (program_objects.py) to NumPy's file readers and writers
      (`np.save(__main__, x)`, `np.savetxt(Sink(), x)`, `x.dump(obj)`; `method`: the array's method),
      temporary directory or not: NumPy calls its `write` (or `read`, `__fspath__`) there and then,
      program code the run does not run (found by adversarial35)."""
    values = (*args, *kwargs.values())
    if any(_holds(value, 0, _own) for value in values):
        return True
    if (name in _NUMPY_FILES or method in _ARRAY_FILES) and any(_holds(value, 0, may_call_back) for value in values):
        return True
    if name is not None and (name.startswith("jax.") and not name.startswith("jax.numpy.") or name in _KEEPERS):
        return False
    if not any(_holds(value, 0, may_call_back) for value in values):
        return False
    if run.__dict__.get("_temp_made"):
        return True
    run.__dict__["_objects_handed"] = True  # (checked when the first temporary directory or file is made)
    return False


# NumPy's calls that take a file or a path (jax.numpy's save and load are NumPy's); checked on NumPy 2.
_NUMPY_FILES = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in (
    "save", "savez", "savez_compressed", "savetxt", "load", "loadtxt", "genfromtxt", "fromfile", "fromregex"))
_ARRAY_FILES = frozenset({"dump", "tofile"})
_KEEPERS = frozenset({"functools.partial", "functools.partialmethod", "dataclasses.field"})


def _own(value: object) -> bool:
    return is_temp(value) or type(value) in (FileHandle, FileDescriptor)


def _holds(value: object, depth: int, test) -> bool:
    if test(value):
        return True
    kind = type(value)
    items = (*value.keys(), *value.values()) if kind is dict else value if kind in (list, tuple, set, frozenset) else ()
    return depth < 3 and any(_holds(item, depth + 1, test) for item in items)


def _made(run) -> None:
    """A temporary directory or file is made: an object of the program's handed to a call the run
    does not model before may have been kept by it, to be written through later (handed_unmodelled)."""
    if run.__dict__.get("_objects_handed"):
        raise Bail
    run.__dict__["_temp_made"] = True


def plain(name: object) -> str:
    if type(name) is not str or not name or "/" in name or "\\" in name or name in (".", ".."):
        raise Bail  # (an absolute or climbing part, a separator: where it lands is not modelled)
    if not _accepted(name, len(name)):
        raise Bail  # (ValueError "embedded null byte", OSError "File name too long": not followed)
    return name


def _accepted(text: str, length: int) -> bool:
    """Whether the OS takes a name of `text`, `length` chars long in all: ASCII without NUL (how
    other text is spelled in bytes is the locale's), at most NAME_MAX (255 bytes on Linux)."""
    return text.isascii() and "\0" not in text and length <= _NAME_MAX


def below(parts: tuple, names: tuple) -> tuple:
    """`parts` and the plain `names` after them: a path the OS takes."""
    joined = parts + tuple(plain(name) for name in names)
    if sum(len(part) + 1 for part in joined) > _BELOW_MOST:
        raise Bail  # (OSError "File name too long" past PATH_MAX: not followed)
    return joined


def is_dir(run, at: tuple) -> bool:
    return at in files(run) and files(run)[at] is None


def children(run, at: tuple) -> list[str]:
    """The names in the directory at `at`, in the record's order (what the run wrote there)."""
    if not is_dir(run, at):
        raise Bail  # (FileNotFoundError or NotADirectoryError: not modelled)
    root, parts = at
    depth = len(parts)
    return [found[1][depth] for found in files(run) if found[0] == root and len(found[1]) == depth + 1
            and found[1][:depth] == parts]


def subtree(run, at: tuple) -> list[tuple]:
    """The keys at and below `at`."""
    root, parts = at
    return [found for found in files(run) if found[0] == root and found[1][:len(parts)] == parts]


def _new_dir(run) -> TempPath:
    _made(run)
    path = TempPath(next(_SERIALS), ())
    files(run)[key(path)] = None
    return path


def new_file(run) -> TempPath:
    """A new, empty file that is its own root (what `tempfile.mkstemp` makes: temp_texts.py)."""
    _made(run)
    path = TempPath(next(_SERIALS), ())
    files(run)[key(path)] = b""
    return path


def _make_dir(run, args: list, kwargs: dict) -> TempPath:
    given = bind(("suffix", "prefix"), args, kwargs)
    if given is None:
        raise Bail  # (`dir=`, another parent: not followed)
    named_only([], given, ())
    return _new_dir(run)


def named_only(args: list, kwargs: dict, more: tuple) -> None:
    """`mkdtemp(prefix="ckpt_")`: a plain prefix or suffix only names the new directory; `dir=`
    (another parent, which may be anywhere) and a name with a separator are not followed."""
    if args or not set(kwargs) <= {"prefix", "suffix", *more}:
        raise Bail
    for name in ("prefix", "suffix"):
        value = kwargs.get(name)
        if value is not None and (type(value) is not str or "/" in value or "\\" in value or "\0" in value):
            raise Bail
    prefix, suffix = kwargs.get("prefix"), kwargs.get("suffix")
    text = ("tmp" if prefix is None else prefix) + ("" if suffix is None else suffix)
    if not _accepted(text, len(text) + _RANDOM_CHARS):
        raise Bail  # (the OS refuses the name made: OSError "File name too long", not followed)


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
            table = files(run)
            for found in subtree(run, key(path)):
                del table[found]  # (a later use of its paths: no such file, not modelled)


def _temp_directory(run, args: list, kwargs: dict) -> TempDirectory:
    named_only(args, kwargs, ("ignore_cleanup_errors",))
    if type(kwargs.get("ignore_cleanup_errors", False)) is not bool:
        raise Bail
    return TempDirectory()


def numpy_target(path: object, suffix: str) -> tuple:
    """Where NumPy writes `path` (the suffix added when the name lacks it)."""
    parts = path.parts
    if not parts:
        raise Bail
    if not parts[-1].endswith(suffix):
        parts = below(parts[:-1], (parts[-1] + suffix,))  # (a name the suffix makes too long: OSError)
    return path.root, parts


def _save(run, args: list, kwargs: dict) -> object:
    if not args or not is_temp(args[0]):
        return PASS if not any(is_temp(arg) for arg in (*args, *kwargs.values())) else _bail()
    arrays = [*args[1:], *kwargs.values()]
    if len(args) != 2 or kwargs or not all(type(value) is Arr for value in arrays):
        raise Bail  # (pickled objects, another keyword: not modelled)
    at = numpy_target(args[0], ".npy")
    if not is_dir(run, (at[0], at[1][:-1])) or is_dir(run, at) or writing(run, at):
        raise Bail  # (FileNotFoundError, IsADirectoryError)
    if getattr(run, "in_body", 0) or getattr(run, "jitted", 0):
        raise Bail  # (a traced array: NumPy cannot take it, JAX raises)
    saved = Saved("npy", args[1].ndim)
    saved.array = read_back(args[1])
    files(run)[at] = saved
    return None


def load_array(run, args: list, kwargs: dict) -> object:
    if len(args) != 1 or kwargs or not is_temp(args[0]):
        return PASS if not any(is_temp(arg) for arg in (*args, *kwargs.values())) else _bail()
    found = files(run).get(key(args[0]))
    if type(found) is not Saved or found.kind != "npy":
        raise Bail  # (missing, text, or an archive: not modelled)
    return read_back(found.array)


def _rmtree(run, args: list, kwargs: dict) -> object:
    if not args or not is_temp(args[0]):
        return PASS if not any(is_temp(arg) for arg in (*args, *kwargs.values())) else _bail()
    if len(args) != 1 or not set(kwargs) <= {"ignore_errors"} or type(kwargs.get("ignore_errors", False)) is not bool:
        raise Bail
    if not is_dir(run, key(args[0])):
        if not kwargs.get("ignore_errors"):
            raise Bail  # (FileNotFoundError, NotADirectoryError)
        return None
    gone = subtree(run, key(args[0]))
    if any(writing(run, found) for found in gone):
        raise Bail  # (a file a handle still writes to)
    table = files(run)
    for found in gone:
        del table[found]
    return None


CALLS = {"tempfile.mkdtemp": _make_dir, "tempfile.TemporaryDirectory": _temp_directory, "numpy.save": _save,
         "shutil.rmtree": _rmtree}  # (`numpy.load` is npz_archives.py's: an archive, else load_array)


def _bail():
    raise Bail
