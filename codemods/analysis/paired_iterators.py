"""`zip(it, it)`: one iterator handed to `zip` more than once (script_run.py; issue 13).

Key-value words (`"--sum i --gather j"`, `"rows 2 cols 4"`) are paired with `dict(zip(it, it))`
or `zip(*[iter(words)] * 2)`: zip asks each of its arguments for one item in turn, so the same
iterator hands out the first word to the first slot and the next to the second. The run pairs
them with Python's own zip over one Python iterator per iterator of the run: its live iterator over
the run's list, tuple, str or range (exact in any statement), or the items an iterator made in this
statement holds. The pairs are taken when zip is made (Python takes them as they are asked for),
so a `for` over them stops the run if a list they came from changes while it walks; the iterator is
then used up for the run (a later `next(it)` or walk of it stops the run).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Iter, guard
from codemods.analysis.host_objects import Bail

_WALKS = frozenset({"list_iterator", "tuple_iterator", "str_ascii_iterator", "str_iterator", "range_iterator"})
_OTHERS = (list, tuple, str, range)


def zipped(run, args: list, kwargs: dict) -> object:
    """What `zip(*args, **kwargs)` gives when one of the run's iterators is in args more than once;
    NotImplemented when none is."""
    iterators = [arg for arg in args if type(arg) is Iter]
    if len({id(arg) for arg in iterators}) == len(iterators):
        return NotImplemented
    if kwargs or not all(type(arg) is Iter or type(arg) in _OTHERS for arg in args):
        raise Bail  # (`strict=True` raises when the pairs run out, after the rounds a `for` runs on them)
    own, sources = {}, [arg for arg in args if type(arg) is list]
    for arg in iterators:
        if id(arg) in own:
            continue
        if arg.used:
            raise Bail
        if arg.live is None:
            own[id(arg)] = iter(arg.take(run.statements))
            sources.extend(arg.sources)
            continue
        if type(arg.live).__name__ not in _WALKS:
            raise Bail  # (a dict's iterator, a map's: what they walk is not followed here)
        own[id(arg)] = arg.live
        if type(walked := arg.live.__reduce__()[1][0]) is list:
            sources.append(walked)  # (the list Python's iterator reads at each step)
    for arg in iterators:
        arg.used, arg.made = True, -1
    made = guard(lambda: list(zip(*[own[id(arg)] if type(arg) is Iter else arg for arg in args])))
    return Iter(made, run.statements, sources=tuple(sources))
