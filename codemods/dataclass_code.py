"""`dataclass` as the standard library's, with the code of the methods it generates kept between
runs (issue 16).

The standard decorator writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__` and
frozen `__setattr__`/`__delattr__` as text and compiles it when the class is made: about 300
small compilations each time the package is imported, 2% of a `check` of four 5,000-line files.
The compiled code depends on the text alone (and on the interpreter's version, in the file's
name), so it is read back from a file beside the package's bytecode (kept.py), as Python reads
a module's `.pyc`; a text not found there is compiled as before and the file rewritten at exit. The classes
made are the standard library's own: nothing else changes, and a missing, unreadable or
unwritable file only costs the compilations.
"""
from __future__ import annotations

import atexit
import builtins
import dataclasses
import os
from types import CodeType

from codemods.kept import kept_path, read_kept, write_kept

_PATH = kept_path(os.path.dirname(os.path.abspath(__file__)), "dataclass_code")

_codes: dict[str, CodeType] | None = None  # read on the first class made
_changed = False


def dataclass(cls=None, /, **options):
    """`dataclasses.dataclass(cls, **options)`, its methods' code read from the kept file."""
    def wrap(cls):
        global _codes
        if _codes is None:
            _codes = _load()
        # The decorator compiles through the name `exec` of its module: found there for the
        # length of this one call, then the builtin again.
        dataclasses.exec = _exec
        try:
            return dataclasses.dataclass(cls, **options)
        finally:
            dataclasses.__dict__.pop("exec", None)
    return wrap if cls is None else wrap(cls)


def _exec(text, globals_=None, locals_=None):
    global _changed
    code = _codes.get(text) if type(text) is str else None
    if code is None:
        code = compile(text, "<string>", "exec") if type(text) is str else text
        if type(text) is str:
            _codes[text] = code
            if not _changed:
                _changed = True
                atexit.register(_save)
    return builtins.exec(code, globals_, locals_)


def _load(path: str = _PATH) -> dict[str, CodeType]:
    found = read_kept(path)
    if type(found) is not dict:
        return {}
    return {text: code for text, code in found.items() if type(text) is str and type(code) is CodeType}


def _save(path: str = _PATH) -> None:
    if _codes:
        write_kept(path, {**_load(path), **_codes})  # a run that made fewer classes keeps the others' code
