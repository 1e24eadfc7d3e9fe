"""`pathlib` paths in a script run (script_run.py; issue 13), as far as they are pure.

A launcher names its run directory after the layout (`runs/dp_i-j`) and reads the axes back from
the path (`Path(ckpt).stem.split("_")`, `path.parts[-2]`, `path.suffix`). Path arithmetic reads
nothing but the text: the run holds CPython's own `PurePosixPath` (what `Path` and `PurePath` are
on the POSIX machines JAX runs on) and lets it answer `name`, `stem`, `suffix`, `suffixes`,
`parts`, `parent`, `parents`, `anchor`, `root`, `with_suffix`, `with_name`, `with_stem`,
`joinpath`, `relative_to`, `is_relative_to`, `is_absolute`, `as_posix`, `match`, `/` (either
side a str), `str(path)` and `f"{path}"`. Anything that reads the file system (`exists`,
`resolve`, `iterdir`, `open`, `Path.cwd()`, ...) or compares paths stops the run (Bail).
"""
from __future__ import annotations

import ast
import pathlib

from codemods.analysis.host_exprs import guard
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable

_FIELDS = frozenset({"name", "stem", "suffix", "suffixes", "parts", "anchor", "root", "drive"})
_METHODS = frozenset({"with_suffix", "with_name", "with_stem", "joinpath", "relative_to", "is_relative_to",
                      "is_absolute", "as_posix", "match"})


class PathObj(ModelledObject):
    __slots__ = ("real",)

    def __init__(self, real: pathlib.PurePosixPath) -> None:
        self.real = real

    def attribute(self, run, name: str) -> object:
        if name in _FIELDS:
            return getattr(self.real, name)
        if name == "parent":
            return PathObj(self.real.parent)
        if name == "parents":
            return tuple(PathObj(parent) for parent in self.real.parents)
        if name in _METHODS:
            return PathMethod(self, name)
        raise Bail  # (the file system, or a method not modelled)


class PathMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: PathObj, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if kwargs:
            raise Bail
        given = [_part(arg) for arg in args]
        made = guard(getattr(self.owner.real, self.name), *given)
        return PathObj(made) if isinstance(made, pathlib.PurePath) else made


def _part(value: object) -> object:
    if type(value) is PathObj:
        return value.real
    if type(value) is not str:
        raise Bail  # (an object's `__fspath__`: not modelled)
    return value


def _path(run, args: list, kwargs: dict) -> PathObj:
    from codemods.analysis import temp_paths

    if (made := temp_paths.made(args, kwargs)) is not NotImplemented:
        return made  # (a path in a fresh temporary directory: temp_paths.py)
    if kwargs:
        raise Bail
    return PathObj(guard(pathlib.PurePosixPath, *[_part(arg) for arg in args]))


def binary(op: type, left: object, right: object) -> object:
    """`path / "name"`, `"root" / path`; NotImplemented when neither side is a path."""
    from codemods.analysis import temp_dirs, temp_paths

    if (made := temp_paths.binary(op, left, right)) is not NotImplemented:
        return made  # (temp_paths.py)
    if (made := temp_dirs.added(op, left, right)) is not NotImplemented:
        return made  # (`step_dir + ".tmp"`: temp_dirs.py)
    if type(left) is not PathObj and type(right) is not PathObj:
        return NotImplemented
    if op is not ast.Div:
        raise Bail  # (TypeError in Python: not modelled)
    return PathObj(guard(lambda: _part(left) / _part(right)))


def text(value: object) -> object:
    """`str(path)`: its text; NotImplemented for any other value."""
    from codemods.analysis import temp_paths

    if type(value) is temp_paths.TempPathObj:
        return temp_paths.text(value)  # (a str whose text is not known: temp_paths.py)
    return str(value.real) if type(value) is PathObj else NotImplemented


def is_path(value: object) -> bool:
    from codemods.analysis.temp_paths import TempPathObj

    return type(value) is PathObj or type(value) is TempPathObj


LIBRARY = {f"pathlib.{name}": _path for name in ("Path", "PurePath", "PurePosixPath", "PosixPath")}
