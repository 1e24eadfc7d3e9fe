"""Data the package derives from its own files, kept beside its bytecode between runs (issue 16).

What is kept is read back only for the same interpreter version (the file's name says which,
as a `.pyc`'s does) and written as Python writes bytecode: not when told not to
(`PYTHONDONTWRITEBYTECODE`, `-B`), never half (a new file replaces the old one), silently not
where the folder cannot be written. A missing, unreadable or foreign file reads as nothing: the
caller derives the data again, so keeping it only ever saves time.
"""
from __future__ import annotations

import marshal
import os
import sys


def kept_path(folder: str, name: str) -> str:
    return os.path.join(folder, "__pycache__", f"{name}.{sys.implementation.cache_tag}.marshal")


def read_kept(path: str) -> object | None:
    try:
        with open(path, "rb") as file:
            data = file.read()
        return marshal.loads(data)  # from a file object marshal reads in small pieces, several per object
    except (OSError, ValueError, EOFError, TypeError):
        return None


def write_kept(path: str, value: object) -> None:
    if sys.dont_write_bytecode:
        return
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as file:
            marshal.dump(value, file)
        os.replace(temporary, path)
    except (OSError, ValueError):
        try:
            os.remove(temporary)
        except OSError:
            pass
