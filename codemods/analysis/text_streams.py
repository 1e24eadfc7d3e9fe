"""`io.StringIO`, `csv` readers and writers over text, `print(..., file=f)` and
`contextlib.redirect_stdout` in a script run (script_run.py; issue 13).

A script keeps a small table of axes as CSV text (`csv.DictReader(io.StringIO(TABLE))`), or
captures what a helper prints (`with redirect_stdout(buf): show_axes()`) and parses it back.
An in-memory text stream runs no code and reads nothing but its text, so the run holds CPython's
own `io.StringIO` and lets it do each call (`write`, `read`, `readline`, `readlines`,
`getvalue`, `seek`, `tell`, walking it line by line, as asked). `csv.reader`/`csv.DictReader`
are lazy in Python: the run's are lazy iterators (script_values.Lazy) that make CPython's reader
over the same stream (or list of strs) when first asked, so rows are read when the program asks
for them; a `csv.writer` writes CPython's text. `print` writes to such a stream (given as
`file=` or set by `redirect_stdout`) what CPython writes: `sep.join(map(str, args)) + end` of
plain values (anything else, whose `str` the program may define, stops the run), and to a file
in a fresh temporary directory what the file then holds (temp_texts.py). Printing to the real
stdout or stderr writes nothing the run reads back; to an object of the program's, which may
keep it, stops the run. Other dialect options than plain ones stop the run.
"""
from __future__ import annotations

import csv
import io

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_exprs import guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.library_contexts import LibraryContext
from codemods.analysis.live_loops import walk
from codemods.analysis.modelled_objects import ModelledObject, UnkeyedContainer
from codemods.analysis.script_values import RunCallable, UObj
from codemods.analysis.temp_texts import FileHandle, write

_METHODS = frozenset({"write", "writelines", "read", "readline", "readlines", "getvalue", "seek", "tell", "truncate",
                      "close", "flush"})  # (`sys.stdout.flush()` inside `redirect_stdout` flushes the buffer: nothing)
_FORMAT = frozenset({"delimiter", "quotechar", "escapechar", "doublequote", "skipinitialspace", "lineterminator",
                     "quoting", "strict", "dialect"})


class StreamObj(UnkeyedContainer, LibraryContext):
    """A `io.StringIO` of the run: CPython's own. A `for` over it reads its lines when the loop
    begins (as `readlines()`); Python reads them one at a time, so once walked, a call that reads,
    writes or moves it (which a loop body would interleave with the walk) stops the run."""

    __slots__ = ("real", "walked")

    def __init__(self, real: io.StringIO) -> None:
        self.real, self.walked = real, False

    def __iter__(self):
        raise Bail  # (`zip(f, ...)`, `tuple(f)`: walked by Python's iterator, not followed)

    def truth(self) -> bool:
        return True  # (no `__len__` or `__bool__`: a stream is true)

    def attribute(self, run, name: str) -> object:
        if name in _METHODS and (not self.walked or name in ("getvalue", "close")):
            return StreamMethod(self, name)
        if name == "closed":
            return self.real.closed
        raise Bail

    def items(self, run) -> list:
        if self.walked:
            raise Bail
        self.walked = True
        return guard(self.real.readlines)


    def enter(self, run) -> object:
        if self.real.closed:
            raise Bail  # (ValueError: I/O operation on closed file)
        return self

    def run_with(self, run, target, body, env) -> None:
        if target is not None:
            run.store(target, self.enter(run), env)
        try:
            body()
        finally:
            self.real.close()  # (its `__exit__` closes it, whatever left the block)


class StreamMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: StreamObj, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs or not all(plain_tree(value) for value in args):
            raise Bail
        return guard(getattr(self.owner.real, self.name), *args)


class Redirected(LibraryContext):
    """`contextlib.redirect_stdout(stream)`: `print` writes there inside the block."""

    __slots__ = ("stream",)

    def __init__(self, stream: object) -> None:
        self.stream = stream

    def run_with(self, run, target, body, env) -> None:
        targets = run.__dict__.setdefault("_stdout", [])
        targets.append(self.stream)
        try:
            if target is not None:
                run.store(target, self.stream, env)
            body()
        finally:
            targets.pop()


def current_stdout(run) -> object:
    """`sys.stdout` read now (also by `from sys import stdout`): the stream `redirect_stdout` set,
    while one is in force; else NotImplemented (the run's `Lib` of it, the real stdout). A stream
    read before the redirect (`OUT = sys.stdout` at module level, a default `out=sys.stdout`)
    stays the real stdout inside it, as in CPython."""
    targets = run.__dict__.get("_stdout")
    return targets[-1] if targets else NotImplemented


def printed(run, args: list, kwargs: dict) -> None:
    """`print(*args, sep=..., end=..., file=..., flush=...)`: written to a stream of the run, or
    to the real stdout (nothing kept)."""
    if not set(kwargs) <= {"sep", "end", "file", "flush"}:
        raise Bail
    stream = kwargs.get("file")
    if stream is None:  # (`sys.stdout` as it is now; a `Lib` of it is the real one, read outside any redirect)
        targets = run.__dict__.get("_stdout")
        stream = targets[-1] if targets else None
    if type(stream) is UObj:
        raise Bail  # (the program's own object: its `write` may keep what it is given)
    if type(stream) not in (StreamObj, FileHandle):
        return None  # (the real stdout or stderr, or a stream the run does not read back)
    if not all(plain_tree(value) for value in args):
        raise Bail  # (a value whose `str` the program may define)
    sep, end = kwargs.get("sep", " "), kwargs.get("end", "\n")
    if not all(value is None or type(value) is str for value in (sep, end)):
        raise Bail
    text = (" " if sep is None else sep).join(str(value) for value in args) + ("\n" if end is None else end)
    if type(stream) is FileHandle:
        write(stream, text)  # (a file in a fresh temporary directory, read back later: temp_texts.py)
    else:
        guard(stream.real.write, text)
    return None


def _string_io(run, args: list, kwargs: dict) -> StreamObj:
    given = bind(("initial_value", "newline"), args, kwargs)
    if given is None or not all(value is None or type(value) is str for value in given.values()):
        raise Bail
    return StreamObj(guard(io.StringIO, *args, **kwargs))


def _lines(source: object) -> object:
    if type(source) is StreamObj:
        return source.real
    if type(source) in (list, tuple) and all(type(line) is str for line in source):
        return list(source)
    raise Bail


def _format(kwargs: dict) -> dict:
    if not set(kwargs) <= _FORMAT or not all(plain_tree(value) for value in kwargs.values()):
        raise Bail
    return kwargs


def _reader(kind: str):
    def make(run, args: list, kwargs: dict):
        from codemods.analysis.functional_iterators import _lazy

        if len(args) != 1:
            raise Bail
        options = dict(kwargs)
        fields = options.pop("fieldnames", None) if kind == "dict" else None
        extra = {key: options.pop(key) for key in ("restkey", "restval") if kind == "dict" and key in options}
        if not all(plain_tree(value) for value in extra.values()):
            raise Bail
        if fields is not None and not (type(fields) in (list, tuple) and all(type(f) is str for f in fields)):
            raise Bail
        lines, formatting = _lines(args[0]), _format(options)
        if kind == "dict":
            return _lazy(lambda: walk(iter(csv.DictReader(lines, fieldnames=fields, **extra, **formatting))))
        return _lazy(lambda: walk(iter(csv.reader(lines, **formatting))))
    return make


class WriterObj(ModelledObject):
    __slots__ = ("real",)

    def __init__(self, real) -> None:
        self.real = real

    def attribute(self, run, name: str) -> object:
        if name in ("writerow", "writerows"):
            return WriterMethod(self, name)
        raise Bail


class WriterMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: WriterObj, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs or not plain_tree(args[0]):
            raise Bail  # (a field's `str` of the program's own)
        return guard(getattr(self.owner.real, self.name), args[0])


def _writer(run, args: list, kwargs: dict) -> WriterObj:
    if len(args) != 1 or type(args[0]) is not StreamObj:
        raise Bail
    return WriterObj(csv.writer(args[0].real, **_format(dict(kwargs))))


def _redirect(run, args: list, kwargs: dict) -> Redirected:
    if len(args) != 1 or kwargs or type(args[0]) is not StreamObj:
        raise Bail
    return Redirected(args[0])


LIBRARY = {"io.StringIO": _string_io, "csv.reader": _reader("list"), "csv.DictReader": _reader("dict"),
           "csv.writer": _writer, "contextlib.redirect_stdout": _redirect}
