"""A shard_map body chosen by a key or a flag the analysis knows (issue 13): from a module table,
`BODIES = {"sum": _sum_body, "gather": _gather_body}` then `jax.shard_map(BODIES[kind], ...)`,
with `kind` a literal, a module constant, or a parameter every call leaves at one value; or by a
conditional expression on a constant, `_fused if USE_FUSED else _plain`; or the closure a
method returns, `shard_map(self.make_body(0.5), ...)`, the method called nowhere else.

The table must be one dict (or tuple/list) literal bound once at module level and read only by
subscripts: a store into it, a method call on it, or any other read of its name (an alias, an
argument) may change what a key holds, and then no body is chosen; except the item stores at the
top of the module that fill a dict once per key (stored_tables.py).
"""
from __future__ import annotations

import ast

from codemods.analysis.decorators import returned_def, returned_lambda
from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import (NOT_LITERAL, call_args, iter_with_scopes, literal_value, nodes_of_type,
                                     param_default, positional_params)
from codemods.analysis.scopes import ModuleScope
from codemods.analysis.stored_tables import stored_entries


def chosen_body(scope: ModuleScope, expr: ast.expr, scopes) -> tuple[ast.expr, tuple] | None:
    """(the expression a table read or a conditional expression certainly gives, its scopes)."""
    if type(expr) is ast.Subscript and (entry := table_entry(scope, expr, scopes)) is not None:
        return entry, ()  # a module table's entry is read where the table is written
    if type(expr) is ast.IfExp and (branch := chosen_branch(scope, expr, scopes)) is not None:
        return branch, scopes
    if type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id == "getattr" and len(expr.args) == 2 \
            and not expr.keywords and type(expr.args[0]) in (ast.Name, ast.Attribute, ast.Call) \
            and not scope.globals.binds("getattr") \
            and not any(scope.locals_of(function).binds("getattr") for function in scopes):
        attr = scope.constant(expr.args[1], scopes)  # `getattr(Steps, "gathered")`: the attribute it reads
        if type(attr) is str and attr.isidentifier():
            return ast.copy_location(ast.Attribute(value=expr.args[0], attr=attr, ctx=ast.Load()), expr), scopes
    return None


def method_factory_body(scope: ModuleScope, expr: ast.expr, scopes, method_of):
    """`self.make_body(0.5)`, `Model.make_step("i")`: (the def or lambda the method returns, the
    method as its scope, the returning Name, nothing bound), when `.make_body` is read nowhere else."""
    if type(expr) is not ast.Call or type(expr.func) is not ast.Attribute or type(expr.func.value) is not ast.Name:
        return None
    factory, _ = method_of(scope, expr.func, scopes)
    returned = returned_def(factory, method=True) if type(factory) in (ast.FunctionDef, ast.AsyncFunctionDef) else None
    if returned is None and type(factory) is ast.FunctionDef and scope.attribute_references(expr.func.attr) == 1 \
            and (made := returned_lambda(factory)) is not None:
        return made, (factory,), None, ()  # `return lambda x: self.loss(x)`
    if returned is None or scope.attribute_references(expr.func.attr) != 1:
        return None
    return returned[0], (factory,), returned[1], ()


def table_entry(scope: ModuleScope, expr: ast.Subscript, scopes) -> ast.expr | None:
    """The expression the module table `expr.value` holds under the key `expr.slice`, when both
    are certain."""
    if type(expr.value) is not ast.Name:
        return None
    name = expr.value.id
    if any(scope.locals_of(function).binds(name) for function in scopes):
        return None
    table = scope.globals.unique_value(name)
    stored = stored_entries(scope.tree, name) if name not in scope.volatile else None
    if stored is None and (type(table) not in (ast.Dict, ast.Tuple, ast.List) or name in scope.volatile
                           or name in mutated_names(scope.tree) or not _read_only_by_subscripts(scope, name)):
        return None
    key = scope.constant(expr.slice, scopes)
    if key is NOT_LITERAL and type(expr.slice) is ast.Name and scopes:
        key = _passed_key(scope, expr.slice.id, scopes[-1])
    if key is NOT_LITERAL and type(expr.slice) is ast.Subscript and getattr(scope, "evaluate", None) is not None:
        key = scope.evaluate(expr.slice, scopes)  # `NORMS[MODEL["norm"]]`: a key read from a config table
    if key is NOT_LITERAL or type(key) not in (str, int):
        return None
    if stored is not None:
        return stored.get(key)  # `TABLE["k"] = ...` statements fill it (stored_tables.py)
    if type(table) is ast.Dict:
        keys = [literal_value(node) if node is not None else NOT_LITERAL for node in table.keys]
        if any(type(known) not in (str, int) for known in keys) or len(set(keys)) != len(keys):
            return None  # a `**splat` or a computed key: what a key holds is not read from the text
        return dict(zip(keys, table.values)).get(key)
    if type(key) is not int or any(type(element) is ast.Starred for element in table.elts):
        return None
    return table.elts[key] if -len(table.elts) <= key < len(table.elts) else None


def _read_only_by_subscripts(scope: ModuleScope, name: str) -> bool:
    reads = sum(1 for node in nodes_of_type(scope.tree, ast.Subscript)
                if type(node.value) is ast.Name and node.value.id == name and isinstance(node.ctx, ast.Load))
    return reads == scope.loads(name)


def _passed_key(scope: ModuleScope, name: str, function) -> object:
    """The constant every call of module function `function` gives its parameter `name` (the
    default where a call leaves it out), when the file shows every call: the function is bound
    once, undecorated, never rebinds the parameter, and its name is used only as a callee."""
    if type(function) is not ast.FunctionDef or function.decorator_list \
            or scope.globals.unique_function(function.name) is not function:
        return NOT_LITERAL
    params = [param for param in positional_params(function.args) + list(function.args.kwonlyargs) if param.arg == name]
    if not params or any(type(node) is ast.Name and node.id == name and not isinstance(node.ctx, ast.Load)
                         for node in ast.walk(function)):
        return NOT_LITERAL
    param = params[0]
    positional = [arg.arg for arg in positional_params(function.args)]
    calls = [(node, scopes) for node, scopes in iter_with_scopes(scope.tree)
             if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == function.name]
    if not calls or len(calls) != scope.references(function.name):
        return NOT_LITERAL  # referenced other than by a call: called from anywhere
    found = set()
    for call, scopes in calls:
        args = call_args(call)
        if any(arg.star for arg in args) or any(scope.locals_of(outer).binds(function.name) for outer in scopes):
            return NOT_LITERAL
        given = next((arg.value for arg in args if arg.keyword == name), None)
        plain = [arg.value for arg in args if arg.keyword is None]
        if given is None and name in positional and positional.index(name) < len(plain):
            given = plain[positional.index(name)]
        if given is None:
            default = param_default(function.args, param)
            if default is None:
                return NOT_LITERAL
            value = scope.constant(default, ())
        else:
            value = scope.constant(given, scopes)
        if value is NOT_LITERAL or type(value) not in (str, int):
            return NOT_LITERAL
        found.add(value)
    return found.pop() if len(found) == 1 else NOT_LITERAL


def chosen_branch(scope: ModuleScope, expr: ast.IfExp, scopes) -> ast.expr | None:
    """The branch of `a if FLAG else b` taken, when FLAG is a constant."""
    test = scope.constant(expr.test, scopes)
    if test is NOT_LITERAL or type(test) not in (bool, int, str, type(None)):
        return None
    return expr.body if test else expr.orelse


def splatted_keywords(scope: ModuleScope, args: list, scopes) -> list:
    """`partial(body, **AXIS_KW)`: the keywords of a dict splat_specs.py knows, when each value
    is a literal or a name the call's scopes do not rebind (they are read where the call is);
    else the arguments as written (a `**` left there keeps the body unanalysed)."""
    from codemods.analysis.splat_specs import expand_splats

    expanded = expand_splats(scope, args, scopes)
    if expanded is None or expanded is args:
        return args
    written = {id(arg) for arg in args}  # written at the call: read there as they are
    for arg in expanded:
        if id(arg) in written:
            continue
        names = [node.id for node in ast.walk(arg.value) if type(node) is ast.Name]
        if literal_value(arg.value) is NOT_LITERAL and (type(arg.value) is not ast.Name or any(
                scope.locals_of(function).binds(name) for function in scopes for name in names)):
            return args
    return expanded
