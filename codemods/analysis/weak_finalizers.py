"""`weakref.finalize(owner, callback, *args)` in a script run (script_run.py; issue 13).

A metrics registry tracks the objects that own its series and counts their release:
`weakref.finalize(owner, self.inc, "owners_released", key=key)`. CPython calls the callback when
`owner` is collected: when its last strong reference goes, or at a cyclic collection, which may
happen at any allocation once nothing reaches it; else at interpreter exit. The run counts no
references, so when the callback runs is not known, and the run never runs it. That is exact
for what the run finds while every owner is certainly alive, as a collected object never comes
back and the callback runs only once its owner is unreachable. A stop of a state run
(state_runs.py) is kept only when each owner a finalizer was made for is then held by a
variable of a running frame of the program (its own, or one a running function closes over) or
of the module: reached from those, it is not collected, so no callback has run. Any other
stop point, and a run that reports without that check (script_stops.py), stops the run (Bail).

The call itself is followed as CPython's: the owner must take a weak reference (weak_references.py:
a plain value raises TypeError where the program calls; an object the run cannot tell stops
it); the callback is not checked then. The finalizer object it returns is not modelled (any
attribute stops the run).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.weak_references import weakly_held


class Finalizer(ModelledObject):
    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        raise Bail  # (`detach`, `alive`, calling it: not followed)


def _finalize(run, args: list, kwargs: dict) -> Finalizer:
    if len(args) < 2 or run.judge is None:
        raise Bail  # (Python's TypeError for fewer; a run whose stops are not checked: module docstring)
    weakly_held(args[0])  # (TypeError for a plain value, as weakref.ref(owner) raises it)
    run.__dict__.setdefault("_finalized", []).append(args[0])
    return Finalizer()


def owners_alive(run) -> None:
    """At a stop: each owner of a finalizer is held by a variable of a running frame, of a scope
    one closes over, or of the module; Bail when one may have been collected."""
    owners = run.__dict__.get("_finalized")
    if not owners:
        return
    held, seen = set(), set()
    scopes = [env for _, env in run.frames] + [run.module_env]
    while scopes:
        env = scopes.pop()
        if env is None or id(env) in seen:
            continue
        seen.add(id(env))
        held.update(id(value) for value in env.vars.values())
        scopes.append(env.parent)
    if not all(id(owner) in held for owner in owners):
        raise Bail  # (its callback may have run: what it changed is not known)


LIBRARY = {"weakref.finalize": _finalize}
