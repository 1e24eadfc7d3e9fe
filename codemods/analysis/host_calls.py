"""Where the abstract interpreter hands a call to a host run (host_runs.py; issue 13): a call of a
module function, or `Config(...)` of a plain dataclass, given nothing but values that are each one
known Python object, is run on real objects, and its result (kept exact beside the value the
interpreter reads) replaces the interpreter's own reading of the call; a run that bails, raises
or changes an object it was given leaves the call to the interpreter, as before.

It exists apart from host_runs.py (how a run executes statements and expressions) because which
calls are handed over, and what the interpreter keeps of their results, is the interpreter's side
of the bargain: a new kind of callee handed over touches only this."""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Break, Continue, Raised, Return
from codemods.analysis.host_objects import Bail, Record, record_shape, remember, to_python, to_value
from codemods.analysis.host_views import viewable
from codemods.analysis.known_texts import note_call
from codemods.analysis.run_results import fresh as _fresh
from codemods.analysis.host_classes import has_dunders, plain_class
from codemods.analysis.host_runs import HostRun
from codemods.analysis.host_replay import keep_exact, drop, replay_for as _replay_for, safe_unchanged as _safe_unchanged
from codemods.analysis.values import ClassValue, Function, Partial


def host_call(interp, callee, expr, args, keywords, starred, frame=None):
    """The value a call of a module function returns, run on real objects; None when the run
    cannot be certain (the abstract interpreter then reads the call as before)."""
    bound: list = []
    if isinstance(callee, Partial):
        if callee.keywords:
            return None
        bound, callee = list(callee.args), callee.func
    if isinstance(callee, ClassValue) and not bound:
        return _constructed(interp, callee.cls, args, keywords, starred, frame)
    if not isinstance(callee, Function) or type(callee.node) is not ast.FunctionDef:
        return None
    node = callee.node
    owner = interp.scope.class_of(node)
    if node not in interp.scope.tree.body and (owner is None or owner not in interp.scope.tree.body
                                               or record_shape(interp, owner) is None and not viewable(interp, owner)
                                               and not plain_class(interp, owner)):
        return None
    if starred and starred != "**" or not args and not keywords and not bound:
        return None
    run = HostRun(interp)
    run.replay = _replay_for(interp, frame)
    try:
        given = [run.enter(to_python(interp, value)) for value in bound]
        given += [run.enter(to_python(interp, value)) for value, _ in args]
        named = {name: run.enter(to_python(interp, value)) for name, (value, _) in keywords.items()}
        if owner is not None and not bound:
            return None
        result = run.run_def(node, given, named)
        if not run.unchanged():
            drop(interp)
            return None
    except (Bail, Raised, Break, Continue, Return, RecursionError, Exception):  # (a case the run misreads: unknown)
        if run.replay is not None and not _safe_unchanged(run):
            drop(interp)
        return None
    interp.__dict__["_host_replaying_run"] = run.replay is not None  # (host_handles.py)
    interp.__dict__["_host_call_expr"] = expr
    value = to_value(interp, result)
    if type(result) is Record and value is not None:
        remember(interp, value, result)
    else:
        keep_exact(interp, value, result)
    if value is not None and type(result) in (dict, list) and _fresh(result, [obj for obj, _ in run.given] + list(run.globals.values())):
        interp.__dict__.setdefault("fresh_results", {})[id(value)] = value  # (kept alive: ids stay unique)
    if value is not None and expr is not None and type(expr.func) is ast.Name:
        interp.analysed_refs.setdefault(id(node), set()).add(id(expr.func))
    return value


def _constructed(interp, cls: ast.ClassDef, args, keywords, starred, frame=None):
    """`Config(...)` of a plain dataclass given known objects: the instance, with the objects its
    fields hold kept beside it (a default `("i",)` is a tuple, which the instance's values no
    longer say) for runs it is handed to later."""
    if starred or cls not in interp.scope.tree.body:
        return None
    run = HostRun(interp)
    if record_shape(interp, cls) is None:
        if not plain_class(interp, cls) or not has_dunders(cls):
            return None
        run.replay = _replay_for(interp, frame)  # `DictConfig(data)`: its reads run its own methods (host_handles.py)
    try:
        record = run.construct(cls, [run.enter(to_python(interp, value)) for value, _ in args],
                               {name: run.enter(to_python(interp, value)) for name, (value, _) in keywords.items()})
        if not run.unchanged():
            return None
    except (Bail, Raised, Break, Continue, Return, RecursionError, Exception):  # (a case the run misreads: unknown)
        return None
    interp.__dict__["_host_replaying_run"] = run.replay is not None
    value = to_value(interp, record)
    if value is not None and type(record) is Record:
        remember(interp, value, record)
    return value


class HostRuns:
    """Interpreter hook: a call of a module function on known objects is run (before the
    expression half's own reading of the call)."""

    def call(self, callee, expr, args, keywords, starred, frame):
        found = host_call(self, callee, expr, args, keywords, starred, frame) \
            if isinstance(callee, (Function, Partial, ClassValue)) else None
        note_call(self.scope.tree, expr, found is not None)  # (a call run on real objects, or not: known_texts.py)
        if found is not None:
            return found
        return super().call(callee, expr, args, keywords, starred, frame)
