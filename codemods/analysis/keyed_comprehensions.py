"""Spec tables a dict comprehension builds key by key (issue 13): AlphaFold's feature pipeline
writes `specs = {k: feature_spec(k, common) for k in np_example}`, one spec per feature, the
keys those of the example dict `main(*inputs())` hands in.

Read only for a comprehension with one `for` over a name (or `for k, v in d.items()` whose value
does not read `v`), no `if`, no walrus, whose key is that name and whose value names it: the keys are the items the loop certainly walks (a constant
sequence of distinct str, or the keys of a dict the interpreter knows), and each key's spec is
the value read with the name replaced by the key (its P belongs to the comprehension, shared by
every key: no place for an edit, `in_helper`). A key whose spec is not read is unknown (None);
the keys alone tell which leaves the argument has (JAX rejects a call whose keys differ).
"""
from __future__ import annotations

import ast
import copy
from collections.abc import Callable

_MAX_KEYS = 64


def keyed_spec_table(scope, expr: ast.DictComp, scopes: tuple, parse: Callable) -> dict | None:
    """{key: spec tree} the comprehension `expr` builds, or None when it is not read here."""
    if len(expr.generators) != 1:
        return None
    generator = expr.generators[0]
    if generator.ifs or generator.is_async:
        return None
    iterated, target = generator.iter, generator.target
    if type(target) is ast.Tuple and len(target.elts) == 2 and type(iterated) is ast.Call \
            and type(iterated.func) is ast.Attribute and iterated.func.attr == "items" \
            and not iterated.args and not iterated.keywords and type(target.elts[1]) is ast.Name \
            and not any(type(node) is ast.Name and node.id == target.elts[1].id for node in ast.walk(expr.value)):
        iterated, target = iterated.func.value, target.elts[0]  # `for k, _ in example.items()`: its keys
    if type(target) is not ast.Name:
        return None
    name = target.id
    if not (type(expr.key) is ast.Name and expr.key.id == name) \
            or any(type(node) is ast.NamedExpr for node in ast.walk(expr)) \
            or not any(type(node) is ast.Name and node.id == name for node in ast.walk(expr.value)) \
            or any(type(node) is ast.Name and node.id == name and not isinstance(node.ctx, ast.Load)
                   or type(node) is ast.arg and node.arg == name for node in ast.walk(expr.value)):
        return None  # (an inner comprehension or lambda binding the name again: not read)
    keys = _walked_keys(scope, iterated, scopes)
    if keys is None:
        return None
    from codemods.analysis.caller_specs import not_editable  # (caller_specs reads meshspec, which reads this)

    return {key: not_editable(parse(_with_key(expr.value, name, key), scopes)) for key in keys}


def _walked_keys(scope, iterated: ast.expr, scopes: tuple) -> tuple[str, ...] | None:
    """The distinct str items a `for` over `iterated` certainly walks (a dict: its keys)."""
    items = scope.constant(iterated, scopes)
    if not isinstance(items, tuple) and getattr(scope, "unpacked", None) is not None:
        items = scope.unpacked(iterated, scopes)  # the keys of a dict the interpreter knows
    if not isinstance(items, tuple) or len(items) > _MAX_KEYS \
            or not all(type(item) is str for item in items) or len(set(items)) != len(items):
        return None
    return items


def _with_key(node: ast.expr, name: str, key: str) -> ast.expr:
    """`node` with each load of `name` replaced by the constant `key`; subtrees that do not read
    the name stay the module's own nodes (other reads find their bindings as written)."""
    if type(node) is ast.Name and node.id == name:
        return ast.copy_location(ast.Constant(key), node)
    if not any(type(inner) is ast.Name and inner.id == name for inner in ast.walk(node)):
        return node
    rebuilt = copy.copy(node)
    for field, value in ast.iter_fields(node):
        if isinstance(value, ast.expr):
            setattr(rebuilt, field, _with_key(value, name, key))
        elif isinstance(value, list):
            setattr(rebuilt, field, [_with_key(item, name, key) if isinstance(item, ast.expr) else item
                                     for item in value])
    return rebuilt

