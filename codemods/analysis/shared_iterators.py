"""One iterator read by several consumers in turn, in a script run (issue 13).

A tf.data-like `batch` stage is written over one iterator: `it = src()`, then `chunk =
list(itertools.islice(it, n))` in a loop; each `islice` takes the next `n` items of the same
iterator, where the last one stopped. A generator expression, a `map`, or a generator object is
one Python iterator, so every consumer continues it. The run keeps, for each lazy iterator
(script_values.Lazy) an itertools consumer has begun, the one Python iterator that produces its
items; a later itertools consumer of the same object continues that iterator instead of stopping
the run. Consumers that read a Lazy otherwise (a `for`, `list`) still claim it once (a second
reading by them stops the run, as before).

A generator object (script_generators.GenRun) made the first iterable of a generator expression
(`(fn(el) for el in gen())`) is asked for each item when the expression is asked for its own
(`next(gen)`, in the consumer's order), as CPython's generator expression does.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.live_loops import walk
from codemods.analysis.script_values import Lazy


def pulled(gen):
    """The items of a generator object, each asked for (by `next`) when the reader asks."""
    while True:
        more, value = gen.step()
        if not more:
            return
        if gen.contexts:
            raise Bail  # (suspended inside `with mesh:`: a reader that stops early leaves it to the collector)
        yield value


def claim(run, value: object) -> None:
    """An itertools consumer takes `value`: a Lazy read before by anything but another itertools
    consumer stops the run."""
    from codemods.analysis.host_exprs import Iter

    if type(value) is Lazy:
        if value.used and id(value) not in _table(run):
            raise Bail  # (a second pass over a spent iterator: not modelled)
        value.used = True
    elif type(value) is Iter and value.live is not None:  # (`iter(rows)`: Python's iterator, read as asked)
        if value.used and id(value) not in _table(run):
            raise Bail
        value.used = True
        _table(run)[id(value)] = (value, walk(value.live))


def continued(run, lazy):
    """The one Python iterator over `lazy`'s items (made by the first consumer; kept with it)."""
    table = _table(run)
    if id(lazy) not in table:  # (an Iter was entered when claimed)
        table[id(lazy)] = (lazy, run.produce(lazy))  # (the Lazy kept alive: its id stays its own)
    return table[id(lazy)][1]


def _table(run) -> dict:
    return run.__dict__.setdefault("_continued", {})


def own_iterator(run, obj) -> object:
    """What `iter(obj)` gives for an object whose class defines a plain (not generator) `__iter__`:
    a generator expression or `map` (Lazy) or generator object it returns, read as the reader
    asks; a list's or modelled iterator's items. Anything else stops the run (an iterator class
    with its own `__next__` is not followed)."""
    from codemods.analysis.host_exprs import Iter
    from codemods.analysis.protocol_iterators import sequence_walk, stepped
    from codemods.analysis.script_generators import GenRun
    from codemods.analysis.script_values import Bound, UFunc

    hook = obj.cls.lookup("__iter__")
    if hook is None and (made := sequence_walk(run, obj)) is not None:
        return made  # (`__getitem__` asked for 0, 1, 2, ...: protocol_iterators.py)
    if hook is None or type(hook[1]) is not UFunc:
        raise Bail
    made = run.call(Bound(hook[1], obj), [], {})
    if type(made) is GenRun:
        return made
    if (walked := stepped(run, made)) is not None:
        return walked  # (an iterator object: its `__next__` until StopIteration, protocol_iterators.py)
    if type(made) is Lazy:
        if made.used:
            raise Bail
        return made
    if type(made) is Iter and not made.used:
        made.used = True
        return list(made.items)
    raise Bail
