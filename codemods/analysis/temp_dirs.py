"""Directories a script makes, renames and fills below a fresh temporary directory (script_run.py;
issue 13), read on temp_files.py's record of the run's own files.

A checkpoint manager keeps each step in a folder of its own: `os.makedirs(root, exist_ok=True)`,
writes into `step_00000004.tmp/` (the step's folder name and a suffix: `path + ".tmp"`) and makes
it visible at once with `os.replace(tmp, final)` (an atomic rename), then prunes old steps with
`shutil.rmtree` (temp_files.py). What the directory holds stays exactly what the run put there.

Modelled, on paths below such a directory (TempPath, or a pathlib path there: temp_paths.py):
- `os.makedirs(path, exist_ok=False)` (and `mode=` left out): each missing directory made, from
  the nearest existing one; an existing directory is fine only with `exist_ok=True`;
- `os.mkdir(path)`: its parent must exist, the path must not;
- `os.replace(src, dst)` / `os.rename(src, dst)`: a file or a directory (with all it holds) moved
  within the same temporary directory, onto a missing name, a file (a file onto a file), or an
  empty directory (a directory onto one, as POSIX `rename(2)` allows; `os.rename` the same on
  Linux); `os.remove(path)` / `os.unlink(path)` of a file;
- `os.path.isdir(path)`, `os.path.isfile(path)`; `os.path.basename(path)` (its last name, a
  str the run knows), `os.path.dirname(path)`, `os.path.splitext(path)`;
- `path + "suffix"` of a str path and a plain text (no separator): the last name with the text
  after it (the directory's own path cannot take it: its name is mkdtemp's).
Anything else, and every case Python raises in (FileExistsError, FileNotFoundError, a directory
onto a file, a non-empty directory as the target, a file a handle still writes to), stops the run
(Bail).
"""
from __future__ import annotations

import ast
import posixpath

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import TempPath
from codemods.analysis.temp_files import PASS, below, children, files, is_dir, is_temp, key, str_path, subtree, writing




def _temp_args(args: list, kwargs: dict) -> bool:
    return any(is_temp(value) for value in (*args, *kwargs.values()))


def _make_dirs(run, args: list, kwargs: dict) -> object:
    """`os.makedirs(name, mode=0o777, exist_ok=False)`."""
    if not _temp_args(args, kwargs):
        return PASS
    given = bind(("name", "mode", "exist_ok"), args, kwargs, {"mode": None, "exist_ok": False})
    if given is None or given["mode"] is not None or type(given["exist_ok"]) is not bool or not is_temp(given["name"]):
        raise Bail  # (a mode, arguments Python rejects: not followed)
    path, table = str_path(given["name"]), files(run)
    if key(path) in table:
        if table[key(path)] is not None or not given["exist_ok"]:
            raise Bail  # (FileExistsError: not modelled)
        return None
    missing = [path.parts[:end] for end in range(len(path.parts), 0, -1) if (path.root, path.parts[:end]) not in table]
    if not is_dir(run, (path.root, path.parts[:len(path.parts) - len(missing)])):
        raise Bail  # (a file where a directory should be: NotADirectoryError / FileExistsError)
    for parts in reversed(missing):
        table[(path.root, parts)] = None
    return None


def _make_dir(run, args: list, kwargs: dict) -> object:
    """`os.mkdir(path)`."""
    if not _temp_args(args, kwargs):
        return PASS
    if len(args) != 1 or kwargs:
        raise Bail
    path = str_path(args[0])
    if not path.parts or key(path) in files(run) or not is_dir(run, (path.root, path.parts[:-1])):
        raise Bail  # (FileExistsError, FileNotFoundError: not modelled)
    files(run)[key(path)] = None
    return None


def _move(run, args: list, kwargs: dict) -> object:
    """`os.replace(src, dst)`, `os.rename(src, dst)` within one temporary directory."""
    if not _temp_args(args, kwargs):
        return PASS
    given = bind(("src", "dst"), args, kwargs)
    if given is None or set(given) != {"src", "dst"} or not all(is_temp(given[name]) for name in ("src", "dst")):
        raise Bail  # (`src_dir_fd=`..., a path elsewhere: not followed)
    source, target = str_path(given["src"]), str_path(given["dst"])
    table, at, to = files(run), key(source), key(target)
    if at not in table or not source.parts or not target.parts or source.root != target.root:
        raise Bail  # (FileNotFoundError; a directory's own root; another directory (may be another file system))
    if not is_dir(run, (target.root, target.parts[:-1])) or to[1][:len(at[1])] == at[1]:
        raise Bail  # (no such parent; moved into itself: OSError)
    moved = subtree(run, at)
    if any(writing(run, found) for found in moved):
        raise Bail  # (a file a handle still writes to: where its later writes go is not followed)
    if to in table:
        if (table[to] is None) != (table[at] is None) or table[to] is None and children(run, to) or writing(run, to):
            raise Bail  # (IsADirectoryError, NotADirectoryError, OSError "Directory not empty")
        del table[to]
    for found in moved:
        table[(to[0], to[1] + found[1][len(at[1]):])] = table.pop(found)
    return None


def _remove(run, args: list, kwargs: dict) -> object:
    """`os.remove(path)`, `os.unlink(path)` of a file."""
    if not _temp_args(args, kwargs):
        return PASS
    if len(args) != 1 or kwargs:
        raise Bail
    at = key(str_path(args[0]))
    if at not in files(run) or files(run)[at] is None or writing(run, at):
        raise Bail  # (FileNotFoundError, IsADirectoryError: not modelled)
    del files(run)[at]
    return None


def _is_kind(run, args: list, kwargs: dict, directory: bool) -> object:
    if not _temp_args(args, kwargs):
        return PASS
    if len(args) != 1 or kwargs:
        raise Bail
    at = key(str_path(args[0]))
    return at in files(run) and (files(run)[at] is None) == directory


def _path_part(run, args: list, kwargs: dict, which: str) -> object:
    """`os.path.basename(p)` (the last name: known), `os.path.dirname(p)` (the path above it),
    `os.path.splitext(p)` (the last name's extension split off, as posixpath splits it) of a path
    below the directory (its own path, mkdtemp's, is not spelled)."""
    if not _temp_args(args, kwargs):
        return PASS
    if len(args) != 1 or kwargs or type(args[0]) is not TempPath or not args[0].parts:
        raise Bail
    path = args[0]
    if which == "basename":
        return path.parts[-1]
    if which == "dirname":
        return TempPath(path.root, path.parts[:-1])
    stem, extension = posixpath.splitext(path.parts[-1])
    return TempPath(path.root, below(path.parts[:-1], (stem,))), extension


def added(op: type, left: object, right: object) -> object:
    """`path + ".tmp"`: NotImplemented when the left side is not a str path in a temporary
    directory."""
    if type(left) is not TempPath and type(right) is not TempPath:
        return NotImplemented
    if op is not ast.Add or type(left) is not TempPath or type(right) is not str or not left.parts:
        raise Bail  # (text before the path, or the directory's own name: not spelled)
    if right == "":
        return left
    return TempPath(left.root, below(left.parts[:-1], (left.parts[-1] + right,)))


CALLS = {"os.makedirs": _make_dirs, "os.mkdir": _make_dir, "os.replace": _move, "os.rename": _move,
         "os.remove": _remove, "os.unlink": _remove,
         "os.path.isdir": lambda run, args, kwargs: _is_kind(run, args, kwargs, True),
         "os.path.isfile": lambda run, args, kwargs: _is_kind(run, args, kwargs, False),
         **{f"os.path.{which}": (lambda which: lambda run, args, kwargs: _path_part(run, args, kwargs, which))(which)
            for which in ("basename", "dirname", "splitext")}}
