"""`isinstance(value, Mapping)` against the abstract classes of `collections.abc` (and their
`typing` aliases) in a script run (script_builtins.py; issue 13).

Config normalisers branch on `isinstance(axes, Sequence)` or `isinstance(cfg, Mapping)`. For the
builtin values a run holds (str, numbers, None, lists, tuples, dicts, sets, ranges, and an
OrderedDict) the answer is fixed by CPython's registrations, so the run asks the real class. An
object of the module's own classes (whose methods a `__subclasshook__` such as `Iterable`'s
looks at, or which may be registered), a value held as list-or-tuple (a Seq) where a mutable
ABC would tell them apart, or any other value stops the run (Bail); an instance of a subclass of
the run's own Mapping / MutableMapping / Sequence (abc_collections.py) is an instance of the ABCs
above its real counterpart (other answers stop the run).
"""
from __future__ import annotations

import collections
import collections.abc

from codemods.analysis.host_objects import Bail, Seq

_ABCS = {name: getattr(collections.abc, name) for name in collections.abc.__all__ if name[0].isupper()}
_TYPING = {"Mapping", "MutableMapping", "Sequence", "MutableSequence", "Iterable", "Iterator", "Collection",
           "Container", "Sized", "Hashable", "Set", "AbstractSet", "MutableSet", "Reversible", "Callable"}
_HELD = (str, int, float, bool, type(None), list, tuple, dict, set, frozenset, range, collections.OrderedDict)


def abc_class(name: str) -> type | None:
    """The ABC a canonical name spells (`collections.abc.Mapping`, `typing.Sequence`), or None."""
    module, _, short = name.rpartition(".")
    if module == "collections.abc" or module == "collections" and short in _ABCS:
        return _ABCS.get(short)
    if module == "typing" and short in _TYPING:
        return _ABCS.get("Set" if short == "AbstractSet" else short)
    return None


def abc_instance(obj: object, kind: type, derived: type | None = None) -> bool:
    """`isinstance(obj, kind)`; `derived`: the real ABC obj's module class derives from
    (abc_collections.py), whose ABC superclasses it is an instance of; other answers (a
    `__subclasshook__`, a registration) stop the run."""
    if derived is not None:
        if issubclass(derived, kind):
            return True
        raise Bail
    if type(obj) is Seq:
        answers = {isinstance([], kind), isinstance((), kind)}
        if len(answers) != 1:
            raise Bail  # (a list and a tuple answer differently: which one it was is not held)
        return answers.pop()
    if type(obj) not in _HELD:
        raise Bail
    return isinstance(obj, kind)

