"""`id(obj)` in a script run (script_run.py; issue 13).

An in-process DAG runner keys its results by the identity of the call node that made them
(`xcom[id(node)] = f(...)`, later `xcom[id(arg.node)]`): only equality of two ids is read, never
their value. The run hands back an Ident that compares and hashes as its object's identity, for
objects whose identity the run keeps as the program's: instances, functions and classes of the
module, lists, dicts and sets (each display or call makes a new one, as in the program), and a
tuple holding one of those (the compiler folds only tuples of constants into one object). A str,
number, array or a tuple of constants may be one object or several in the real program (interning,
folded constants, a library handing its argument back): `id` of those stops the run (Bail), and so
does any use of an Ident other than `==` and hashing (its number: ordering, arithmetic, printing).
"""
from __future__ import annotations

from collections import OrderedDict

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import NTup, UClass, UFunc, UObj

_KEPT = (UObj, UFunc, UClass, list, dict, set, OrderedDict)


class Ident:
    """What `id(obj)` gives: equal to another id of the same object only."""

    __slots__ = ("target",)

    def __init__(self, target: object) -> None:
        self.target = target

    def __eq__(self, other: object) -> bool:
        return type(other) is Ident and other.target is self.target

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return id(self.target)

    def _bail(self, *args, **kwargs):
        raise Bail

    __lt__ = __le__ = __gt__ = __ge__ = __add__ = __radd__ = __sub__ = __mod__ = __int__ = __index__ = _bail
    __str__ = __repr__ = __format__ = __bool__ = __float__ = __and__ = __xor__ = __or__ = __mul__ = _bail


def _kept(obj: object) -> bool:
    if type(obj) in _KEPT:
        return True
    return type(obj) in (tuple, NTup) and any(_kept(item) for item in obj)


def object_id(run, args: list, kwargs: dict) -> Ident:
    if len(args) != 1 or kwargs or not _kept(args[0]):
        raise Bail
    return Ident(args[0])


LIBRARY = {"builtins.id": object_id}
