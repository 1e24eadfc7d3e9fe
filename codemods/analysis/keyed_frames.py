"""The frame a spec is read in for one key of a loop (SF104's keyed loops, interpreted_specs.py).

`for name, field in CONFIG["fields"].items(): ... spec(field["compute"])` and `for name, arr in
fields.items(): field = CONFIG["fields"][name]; ... spec(field["granule"], ...)`: the CST side binds
the loop's key (`name`) to each key it walks (loop_keys.py, filled_dicts.py) but cannot read a
JSON document, which only the interpreter knows as a value. Here the key's name is given its str
in a static frame of the function, and so is the value name of a `for key, value in X.items()`
over it (X's item at that key, when the interpreter knows X as a dict holding it). Each name must
be bound in the function by nothing but that loop's target (or be a parameter nothing rebinds),
so every read of it in the function sees the round's value; anything else leaves the names out.
"""
from __future__ import annotations

import ast

from codemods.analysis.values import Const, DictValue


def keyed_frame(interp, scopes: tuple, keys: dict[str, str]):
    """(a static frame of `scopes` with each name of `keys` bound to its str and each value name
    of an `.items()` loop over it to the item, the names bound) or None when none can be bound.
    `keys[""]` names the function they were bound in: it must be the innermost of `scopes`."""
    from codemods.analysis.interpreter import Frame

    function = scopes[-1] if scopes else None
    keys = dict(keys)
    if not isinstance(function, ast.FunctionDef) or keys.pop("", None) != function.name or not keys:
        return None  # the names are those of the function the keys were bound in (its name under "")
    stores = _stores(function)
    params = {arg.arg for arg in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}
    loops = [node for node in ast.walk(function) if isinstance(node, ast.For)]
    targets = {name.id: loop for loop in loops for name in ast.walk(loop.target) if isinstance(name, ast.Name)}
    values = {}
    for name, key in keys.items():
        own = stores.get(name, 0)
        if own == 0 and name in params or own == 1 and name in targets and name not in params:
            values[name] = Const(key)
    if not values:
        return None
    frame = Frame(None, interp.module_frame, vars=dict(values), static_scopes=scopes,
                  opaque=any(id(each) in interp.body_functions for each in scopes))
    for loop in loops:
        target, walked = loop.target, loop.iter
        if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and all(type(e) is ast.Name for e in target.elts)
                and type(walked) is ast.Call and type(walked.func) is ast.Attribute and walked.func.attr == "items"
                and not walked.args and not walked.keywords):
            continue
        key_name, value_name = target.elts[0].id, target.elts[1].id
        if key_name not in values or stores.get(value_name, 0) != 1 or value_name in params:
            continue
        interp.silent += 1  # read for its value only
        try:
            table = interp.eval(walked.func.value, frame)
        finally:
            interp.silent -= 1
        item = table.get(values[key_name].value) if isinstance(table, DictValue) else None
        if item is not None:
            frame.vars[value_name] = item
    return frame, frozenset(frame.vars)


def _stores(function: ast.FunctionDef) -> dict[str, int]:
    """How many times each name is bound in the function's own code (nested defs included:
    a name they bind is not the function's, but counting it only leaves more names out)."""
    counts: dict[str, int] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            counts[node.id] = counts.get(node.id, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                counts[name] = counts.get(name, 0) + 2
    return counts
