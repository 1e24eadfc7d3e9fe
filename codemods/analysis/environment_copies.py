"""Copies of the environment in a script run (script_run.py; issue 13).

A launcher hands its settings on as a plain dict: `main(dict(os.environ))`, `env =
os.environ.copy()`, then `if "REDUCE_AXES" in env:` and `env.get("TENSOR_PARALLELISM", "4")`.
The copy is a dict of what the environment held when it was made: what the program had stored
then, none of its own settings otherwise, and whatever the system, the shell or a launcher set
(script_environment.py: such a variable is unknown, and whether it was set at the start is a
choice the run makes once, at its first test). So the copy keeps the program's stores and
removals as they were when it was made, and reads every other variable as os.environ reads it at
the start; what the program stores in the copy stays in the copy (any value: it is a dict).
Walking it, its length or its truth (PATH and the like may be there) stop the run, as do keys
that are not str (a dict would take them, the environment has none) and any other method.
"""
from __future__ import annotations

from codemods.analysis import script_environment
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledContainer
from codemods.analysis.script_values import RunCallable

_METHODS = frozenset({"get", "copy", "pop", "setdefault"})


class EnvironCopy(ModelledContainer):
    """`dict(os.environ)`: `stored` what the program had set (and what was set in the copy since),
    `unset` what it had removed."""

    __slots__ = ("stored", "unset")
    derives = (dict,)

    def __init__(self, stored: dict, unset: set) -> None:
        self.stored, self.unset = stored, unset

    def _view(self) -> tuple:
        return self.stored, self.unset

    def __iter__(self):
        raise Bail  # (which variables the process was given is not known)

    def __len__(self) -> int:
        raise Bail

    def keys(self):  # (`dict(copy)`, `{**copy}`: Python reads every key)
        raise Bail

    def truth(self) -> bool:
        raise Bail

    def items(self, run) -> list:
        raise Bail

    def attribute(self, run, name: str) -> object:
        if name in _METHODS:
            return _Method(self, name)
        raise Bail

    def method(self, run, name: str, args: list, kwargs: dict) -> object:
        if name == "get":
            return script_environment.read(run, args, kwargs, self._view())
        if name == "copy" and not args and not kwargs:
            return EnvironCopy(dict(self.stored), set(self.unset))
        if kwargs or not args or type(args[0]) is not str:
            raise Bail
        known, is_set, value = script_environment.current(run, args[0], self._view())
        if not known:
            raise Bail  # (whether the process was given it decides what either method does)
        if name == "setdefault" and len(args) == 2:
            if not is_set:
                self.store(run, args[0], args[1])
            return self.stored[args[0]]
        if name == "pop" and len(args) in (1, 2):
            self.stored.pop(args[0], None)
            self.unset.add(args[0])
            if is_set:
                return value
            if len(args) == 2:
                return args[1]
            raise Raised(KeyError(args[0]))
        raise Bail

    def item(self, run, key: object) -> object:
        return script_environment.item(run, key, self._view())

    def store(self, run, key: object, value: object) -> None:
        if type(key) is not str:
            raise Bail
        self.stored[key] = value
        self.unset.discard(key)

    def contains(self, run, key: object) -> bool:
        return script_environment.contains(run, key, self._view())


class _Method(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: EnvironCopy, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.owner.method(run, self.name, args, kwargs)


def copied(run, name: str, args: list, kwargs: dict) -> object:
    """`dict(os.environ)` or `dict(copy)`; NotImplemented for any other call."""
    if name != "dict" or len(args) != 1 or kwargs:
        return NotImplemented
    if script_environment.is_environ(args[0]):
        return EnvironCopy(dict(script_environment.variables(run)), set(script_environment.unset(run)))
    if type(args[0]) is EnvironCopy:
        return EnvironCopy(dict(args[0].stored), set(args[0].unset))
    return NotImplemented
