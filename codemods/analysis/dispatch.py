"""Functions picked from a table by a key the analysis cannot compute: `ACTIVATIONS[name](h)`,
`STEPS.get(kind)(x)`, `stages[i](x)` with `name`, `kind` or `i` a parameter nothing passes.

Whichever entry the program picks, it is one of the table's functions run on these arguments;
the analysis runs each of them, as it runs both branches of an `if` whose test it cannot decide,
and joins what they return. Only tables whose every entry is a user function (def or lambda) or a
JAX function (`{"mean": jax.lax.pmean, "max": jax.lax.pmax}`) are read this way: a finding then
lands inside the entry that raises, a line that runs only when that entry is picked, never on the
call line that runs whichever is picked (a JAX entry runs there, so it is run unjudged).
"""
from __future__ import annotations

import ast

from codemods.analysis.class_registries import registry_class
from codemods.analysis.values import ClassValue, Const, DictValue, Function, JaxName, Static, TupleValue


def _plain(expr: ast.expr) -> bool:
    """A name, or a chain of attributes on one: the table is read again when it is not one of
    functions, so reading it must be free of effects (the key is read once, only for a table)."""
    while type(expr) is ast.Attribute:
        expr = expr.value
    return type(expr) is ast.Name


def table_entries(interp, func: ast.expr, frame) -> tuple[Function, ...] | None:
    """The functions `func` (`TABLE[key]`, `TABLE.get(key)`) may be, when the table is known and
    holds only user or JAX functions: the one a known key picks, every one for a key not known; else
    None (the ordinary reading)."""
    if type(func) is ast.Subscript and _plain(func.value) and type(func.slice) is not ast.Slice:
        table, key = func.value, func.slice
    elif type(func) is ast.Call and type(func.func) is ast.Attribute and func.func.attr == "get" \
            and len(func.args) == 1 and not func.keywords and _plain(func.func.value) \
            and type(func.args[0]) is not ast.Starred:
        table, key = func.func.value, func.args[0]  # `.get(key)` of a dict holding every entry it may give
    else:
        return None
    value = interp.eval(table, frame)
    if isinstance(value, TupleValue) and type(func) is ast.Call:
        return None
    if not isinstance(value, (DictValue, TupleValue)) or not (
            len(value.items) >= 2 and all(isinstance(item, (Function, JaxName)) for item in value.items)
            or value.items and all(isinstance(item, ClassValue) for item in value.items)):
        return None  # classes: `MODELS[name](axis="data")` builds an object of one of them
    picked = interp.eval(key, frame)
    if isinstance(picked, Static):
        return None  # a Python value that changes as the code runs (a loop counter): the entry
        # picked may follow the argument's state (`STAGES[i](h)` in `for i in range(n)`)
    if not isinstance(picked, Const):
        # In a loop, the key may change with the rounds as the argument's state does: each entry
        # would be judged on a state it may never see. A key read from a table some code changes
        # (`TRAIN["reducer"]` after `TRAIN["reducer"] = "rows"`) is one value the program fixes
        # and the analysis lost, not an open choice: the other entries may never run.
        if any(running.loops for running in interp.running) or _reads_changed(interp, key):
            return None
        return value.items
    if isinstance(value, DictValue):
        found = value.get(picked.value)
        return (found,) if found is not None else ()
    index = picked.value
    if type(index) is int and -len(value.items) <= index < len(value.items):
        return (value.items[index],)
    return ()


def entry_results(interp, entries, call: ast.Call, args, keywords, starred, frame) -> list:
    """What each entry the table may give returns on the call's arguments. A JAX entry of several
    runs on the call line itself, which runs whichever entry is picked: it is run unjudged (only
    the entry picked would raise there)."""
    results = []
    for entry in entries:
        if isinstance(entry, JaxName) and len(entries) > 1:
            interp.silent += 1
            try:
                results.append(interp.call(entry, call, args, keywords, starred, frame))
            finally:
                interp.silent -= 1
        else:
            results.append(interp.call(entry, call, args, keywords, starred, frame))
    return results


def _reads_changed(interp, key: ast.expr) -> bool:
    from codemods.analysis.mutation import mutated_names  # (it reads the module's tables)

    changed = mutated_names(interp.scope.tree)
    return any(type(node) is ast.Name and node.id in changed for node in ast.walk(key))


def registry_callee(interp, call: ast.Call, frame) -> ClassValue | None:
    """The class `REGISTRY[key](...)` builds where the module's registry can hold only one class
    the key may pick, filled by decorators or by a base's `__init_subclass__` as well as written
    out (class_registries.py): the key names nothing the call's arguments depend on."""
    if type(call.func) not in (ast.Subscript, ast.Call):
        return None
    from codemods.analysis.user_decorators import lexical_scopes  # (it reads the values of calls)

    # in a run frame (`build_model(name)` called), the defs around the code it runs
    scopes = frame.static_scopes if frame.static_scopes is not None else lexical_scopes(frame)
    cls = registry_class(interp.scope, call, scopes, _key_value(interp, call, frame))
    return ClassValue(cls) if cls is not None else None


def _key_value(interp, call: ast.Call, frame) -> object:
    """The str or int a registry read's key (a name or a constant) certainly holds here, else None."""
    func = call.func
    key = func.slice if type(func) is ast.Subscript else func.args[0] if type(func) is ast.Call and func.args else None
    if type(key) not in (ast.Name, ast.Constant):
        return None
    interp.silent += 1  # read for its value only
    try:
        value = interp.eval(key, frame)
    finally:
        interp.silent -= 1
    return value.value if isinstance(value, Const) and type(value.value) in (str, int) else None
