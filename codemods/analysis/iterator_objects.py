"""`iter(obj)` of an object whose class hands back an iterator object of its own, in a script run
(script_run.py; issue 13).

Input pipelines keep the iterator to ask it for its state later: `it = iter(ds)`, a loop
`for batch in it:` some statements on, then `it.get_state()`. CPython's `iter(ds)` calls
`type(ds).__iter__(ds)` once and hands back what it returns (TypeError where that has no
`__next__`); nothing is drawn until the loop asks. Where `__iter__` is a plain function of the
module (no generator) and returns an instance of a module class whose own `__next__` is a plain
function, the run does the same: the object itself, its state kept, walked by its `__next__` when
the loop asks (protocol_iterators.py); where it returns an iterator of the run's own (`return
iter(self._names)`), that iterator. Anything else `__iter__` gives stops the run (it has run once);
a class whose `__iter__` is no plain function is read as before (the items drawn at once).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Iter
from codemods.analysis.script_generators import is_generator
from codemods.analysis.script_values import Bound, UFunc, UObj


def _plain(cls, name: str) -> object | None:
    found = cls.lookup(name)
    if found is None or type(found[1]) is not UFunc or is_generator(found[1].node):
        return None
    return found[1]


def iterator_of(run, value: object) -> object:
    """`iter(value)`: the iterator object `value.__iter__()` gives, or NotImplemented."""
    if type(value) is not UObj or value.data is not None or (hook := _plain(value.cls, "__iter__")) is None:
        return NotImplemented
    made = run.call(Bound(hook, value), [], {})
    if type(made) is Iter:
        return made  # (`return iter(self._names)`: the run's own iterator over them, as Python hands it back)
    if type(made) is not UObj or made.data is not None or _plain(made.cls, "__next__") is None:
        from codemods.analysis.host_objects import Bail

        raise Bail  # (__iter__ ran: what it gave is not followed here; TypeError where it is no iterator)
    return made
