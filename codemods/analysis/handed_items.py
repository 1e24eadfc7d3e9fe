"""Which uses of a module container leave it as the module's top level left it (issue 13,
found by adversarial12).

host_replay.py hands later runs the top level's containers, and stored_tables.py reads a table
filled by top-level item stores, only where nothing after the top level changes them. A subscript load, `.get(k)`, `.values()` and `.items()` change nothing
themselves, but they hand out the objects the container holds: `for names in OPTIONS.values():
names.append(name)` changes a list OPTIONS holds, and a run given OPTIONS as the top level left
it would read that list empty. So such a read counts as a read only where what it hands out is
itself only read: compared, tested, measured (`len`, `str`, ...), formatted, read further the
same way, copied into a sequence or dict only read, returned by a function whose calls are only read, called, handed to a JAX or NumPy function, or to a module function or class that changes
none of its parameters (changed_args.py), or bound (by `=`, a `for` or a comprehension) to a
function's local name whose every use in that function is such a read.
`.keys()` hands out keys, which no code changes through a dict.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import calls_by_callee, module_parents

READERS = frozenset({"get", "items", "keys", "values"})
_MEASURES = frozenset({"len", "str", "repr", "bool", "int", "float", "isinstance", "hash", "print", "format"})
_SEQUENCES = frozenset({"tuple", "list", "sorted", "set", "frozenset", "reversed", "enumerate", "dict"})
_ARRAY_MODULES = frozenset({"jax", "jnp", "lax", "np", "numpy"})
_TESTED = (ast.If, ast.While, ast.IfExp, ast.Assert)


def read_only(tree: ast.Module, node: ast.AST, parents: dict) -> bool:
    """`node` (a use of a name the top level changed) changes nothing the name holds."""
    parents = module_parents(tree)  # (the uses reached may be anywhere in the module)
    parent = parents.get(id(node))
    if type(node) is ast.Name and type(node.ctx) is ast.Store:
        return True  # (a local of that name: rebinding it changes nothing held)
    if type(parent) is ast.Compare and node in parent.comparators and all(type(op) in (ast.In, ast.NotIn) for op in parent.ops):
        return True
    return _handed_out_read(tree, node, parents, 0)


def _handed_out_read(tree: ast.Module, node: ast.AST, parents: dict, depth: int) -> bool:
    """What `node` reads out of its container (`node[k]`, `node.get(k)`, `node.values()`) is
    only read where it goes."""
    parent = parents.get(id(node))
    if depth > 8:
        return False
    if type(parent) is ast.Subscript and parent.value is node and type(parent.ctx) is ast.Load:
        return only_read(tree, parent, parents, depth + 1)
    if type(parent) is ast.Attribute and parent.attr in READERS and parent.value is node:
        call = parents.get(id(parent))
        if type(call) is not ast.Call or call.func is not parent:
            return False
        return parent.attr == "keys" or only_read(tree, call, parents, depth + 1)
    return False


def only_read(tree: ast.Module, expr: ast.AST, parents: dict, depth: int = 0) -> bool:
    """The object `expr` evaluates to (an item, or a view of the items) is only read."""
    parent = parents.get(id(expr))
    kind = type(parent)
    if depth > 8:
        return False
    if kind is ast.Compare or kind is ast.FormattedValue:
        return True
    if kind in _TESTED and parent.test is expr:
        return True
    if kind is ast.Call and parent.func is expr:
        return True  # (called: a class or a function it holds makes something new)
    if kind is ast.Call and (expr in parent.args or any(keyword.value is expr for keyword in parent.keywords)) \
            and _array_function(parent.func):
        return True  # (JAX and NumPy change no list or dict they are given)
    if kind is ast.Call and expr in parent.args and type(parent.func) is ast.Name:
        if parent.func.id in _MEASURES:
            return True
        if parent.func.id in _SEQUENCES:  # a new sequence of the same objects
            return only_read(tree, parent, parents, depth + 1)
        if _module_class(tree, parent.func.id):  # kept by an object whose methods change no field it keeps it in
            from codemods.analysis.changer_classes import changer_classes

            return parent.func.id not in changer_classes(tree) and _root(expr) not in _changers_given(tree)
        return _module_function(tree, parent.func.id) and _root(expr) not in _changers_given(tree)
    if kind is ast.Return and parent.value is expr:
        return _results_only_read(tree, parent, parents, depth)
    if kind is ast.Assign and parent.value is expr:
        return all(_only_read_bound(tree, target, parents, depth) for target in parent.targets)
    if kind in (ast.For, ast.comprehension) and parent.iter is expr:
        return _only_read_bound(tree, parent.target, parents, depth)
    return _handed_out_read(tree, expr, parents, depth)


def _results_only_read(tree: ast.Module, returned: ast.Return, parents: dict, depth: int) -> bool:
    """What a function returns goes where its calls go (matched by the function's name, as a
    name or a method): every call only reads it."""
    function = parents.get(id(returned))
    while function is not None and not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
        function = parents.get(id(function))
    if function is None or type(function) is ast.Module:
        return False
    calls = calls_by_callee(tree).get(function.name, ())
    return bool(calls) and all(only_read(tree, call, parents, depth + 1) for call in calls)


def _only_read_bound(tree: ast.Module, target: ast.AST, parents: dict, depth: int) -> bool:
    """Every use of the names `target` binds, in the function binding them, only reads."""
    if type(target) in (ast.Tuple, ast.List):
        return all(_only_read_bound(tree, item, parents, depth) for item in target.elts)
    if type(target) is not ast.Name:
        return False
    scope = parents.get(id(target))
    while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
        scope = parents.get(id(scope))
    if scope is None or type(scope) is ast.Module:
        return False  # a module name: any code may change what it holds
    for node in ast.walk(scope):
        if type(node) is ast.Name and node.id == target.id and node is not target:
            if type(node.ctx) is not ast.Load:
                return False  # bound again: not followed
            if not only_read(tree, node, parents, depth + 1):
                return False
        elif type(node) in (ast.Nonlocal, ast.Global) and target.id in node.names:
            return False
    return True


def _array_function(func: ast.expr) -> bool:
    if type(func) is not ast.Attribute:
        return False
    while type(func) is ast.Attribute:
        func = func.value
    return type(func) is ast.Name and func.id in _ARRAY_MODULES


def _module_class(tree: ast.Module, name: str) -> bool:
    return any(type(stmt) is ast.ClassDef and stmt.name == name for stmt in tree.body)


def _module_function(tree: ast.Module, name: str) -> bool:
    return any(type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef) and stmt.name == name for stmt in tree.body)


def _root(expr: ast.AST) -> str | None:
    while isinstance(expr, (ast.Subscript, ast.Attribute, ast.Call)):
        expr = expr.func if type(expr) is ast.Call else expr.value
    return expr.id if type(expr) is ast.Name else None


def _changers_given(tree: ast.Module) -> set[str]:
    """Names handed to a function of the module that changes a parameter in place."""
    cached = tree.__dict__.get("_shardfix_changers_given")
    if cached is None:
        from codemods.analysis.changed_args import handed_to_changers  # (it imports mutation)

        cached = tree.__dict__["_shardfix_changers_given"] = handed_to_changers(tree)
    return cached
