"""`next(...)` in a script run: a generator expression is pulled one item at a time, so the rest
of its items never run (`next(build(mesh, x, axes) for axes in CANDIDATES)` traces the first
candidate only, as Python does). An iterator the run cannot pull as Python would stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Iter
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lazy


def pull_next(run, args: list, kwargs: dict) -> object:
    if kwargs or len(args) not in (1, 2):
        raise Bail
    source = args[0]
    if type(source) is Iter:  # `next(iter(items))`: its first item, in the statement that made it
        first = source.take(run.statements)
        if first:
            return first[0]
    elif type(source) is Lazy:
        pulling = run.__dict__.setdefault("_pulling", {})
        held = pulling.get(id(source))
        if held is None:
            if source.used:
                raise Bail
            source.used = True
            # (the generator is kept alive with its id, so the id is never reused while pulled)
            held = pulling[id(source)] = (source, run.produce(source))
        try:
            return next(held[1])
        except StopIteration:
            pass
    else:
        raise Bail
    if len(args) == 2:
        return args[1]
    raise Bail  # (StopIteration out of `next`: not modelled)
