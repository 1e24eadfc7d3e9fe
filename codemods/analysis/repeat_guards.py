"""Whether a function called several times in one trace takes the same way each time (issue 13,
found by benchmarks/adversarial11).

The interpreter runs each call of a helper on the state the module builds, not on the state the
earlier calls left: a `global` or `nonlocal` flag, a mutable default, a field or a memo dict the
first call set may send the second one past the line the analysis judged (`if DONE: return`). So a
failing run of a repeated call is certain only when every test that decides the way through the
function (a branch, a loop, a short circuit, a match, any `try`) reads nothing a call can change:
constants, parameters and module names no code changes in place or rebinds (a parameter without a
mutable default; an enclosing factory's parameter it never rebinds, closure_params.py), locals bound only from those, an array's shape, ndim, dtype or size, builtins
such as `len`, `range` or `isinstance` and reading methods (`get`, `items`, `split`) of those.
"""
from __future__ import annotations

import ast

from codemods.analysis.closure_params import settled_closure_params
from codemods.analysis.item_fills import filled_before_reads
from codemods.analysis.mutation import mutated_names

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_METADATA = frozenset({"shape", "ndim", "dtype", "size"})
_PURE_CALLS = frozenset({"len", "isinstance", "range", "enumerate", "zip", "tuple", "list", "dict", "sorted",
                         "reversed", "min", "max", "abs", "int", "float", "str", "bool", "any", "all", "sum"})
_READING_METHODS = frozenset({"get", "items", "keys", "values", "index", "count", "startswith", "endswith",
                              "split", "strip", "lower", "upper", "join", "replace", "format"})
_BUILTIN_VALUES = frozenset({"list", "tuple", "dict", "str", "int", "float", "bool", "set", "frozenset", "type",
                             "None", "True", "False"})
_FIELD = "."  # `changed` holds fields as ".name"
_ANY = "*"
_PURE_NAMED = frozenset({"re.search", "re.match", "re.fullmatch", "jax.tree_util.keystr"})  # keystr: a key path as text
_MUTABLE_DEFAULTS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.Call)


def same_way_each_call(scope, function: ast.AST) -> bool:
    """Whether every test deciding the way through `function` reads only what no call changes."""
    key = "_shardfix_same_way"
    if key not in function.__dict__:
        function.__dict__[key] = _same_way(scope, function)
    return function.__dict__[key]


def _same_way(scope, function: ast.AST) -> bool:
    args = function.args
    defaults = list(zip(reversed(args.posonlyargs + args.args), reversed(args.defaults))) \
        + [(arg, default) for arg, default in zip(args.kwonlyargs, args.kw_defaults) if default is not None]
    shared = {arg.arg for arg, default in defaults if isinstance(default, _MUTABLE_DEFAULTS)}
    params = {arg.arg for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
              if arg is not None} - shared
    changed = mutated_names(scope.tree) | scope.volatile | {_FIELD + attr for attr in _changing_fields(scope.tree)}
    changed -= {_FIELD + attr for attr in filled_before_reads(scope.tree)}  # tables fixed before any read (item_fills.py)
    pure = frozenset(id(node) for node in ast.walk(function) if type(node) is ast.Call and scope.resolve(node.func) in _PURE_NAMED)
    local = scope.locals_of(function) if not isinstance(function, ast.Lambda) else None
    closed = settled_closure_params(scope.tree, function)  # a factory's own parameters (closure_params.py)
    readable = params | {name for name in _names(function) if (scope.globals.binds(name) or name in closed)
                         and not (local is not None and local.binds(name))}
    readable |= _settled_locals(function, readable - changed, changed, pure)
    tests: list[ast.expr] = []
    stack = list(function.body) if isinstance(function.body, list) else [function.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in (ast.Try, ast.Global, ast.Nonlocal) or kind.__name__ == "TryStar":
            return False
        if kind in (ast.If, ast.While, ast.IfExp):
            tests.append(node.test)
        elif kind in (ast.For, ast.AsyncFor, ast.comprehension):
            tests.append(node.iter)
            tests.extend(getattr(node, "ifs", ()))
        elif kind is ast.BoolOp:
            tests.extend(node.values)
        elif kind is ast.Match:
            tests.append(node.subject)
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))
    return all(_unchanging(test, readable, changed, pure) for test in tests)


def _settled_locals(function: ast.AST, readable: set[str], changed: frozenset[str], pure: frozenset[int]) -> set[str]:
    """Local names every binding of which (a plain assignment, a loop's or comprehension's
    target) comes from what no call changes, found round by round."""
    bindings: dict[str, list[ast.expr | None]] = {}
    for node in ast.walk(function):
        if type(node) is ast.Assign:
            for target in node.targets:
                for name in _target_names(target):
                    bindings.setdefault(name, []).append(node.value)
        elif type(node) in (ast.For, ast.comprehension):
            for name in _target_names(node.target):
                bindings.setdefault(name, []).append(node.iter)
        elif type(node) in (ast.AugAssign, ast.AnnAssign, ast.NamedExpr, ast.With, ast.Import, ast.ImportFrom,
                            ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler):
            for name in _target_names(getattr(node, "target", None)):
                bindings.setdefault(name, []).append(None)  # bound some other way: not followed
    found: set[str] = set()
    while True:
        known = readable | found
        more = {name for name, values in bindings.items() if name not in known and name not in changed
                and all(value is not None and _unchanging(value, known, changed, pure) for value in values)}
        if not more:
            return found
        found |= more


def _target_names(target: ast.AST | None) -> list[str]:
    if target is None:
        return []
    return [node.id for node in ast.walk(target) if type(node) is ast.Name]


def _changing_fields(tree: ast.Module) -> frozenset[str]:
    """Attribute names code may set on an object that exists: stored anywhere but directly in an
    `__init__` or `__post_init__` (all of them when the module sets attributes by name)."""
    cached = tree.__dict__.get("_shardfix_changing_fields")
    if cached is None:
        found: set[str] = set()
        stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
        while stack:
            node, owner = stack.pop()
            for inner in ast.iter_child_nodes(node):
                if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    stack.append((inner, getattr(inner, "name", None)))
                    continue
                if type(inner) is ast.Attribute and type(inner.ctx) is not ast.Load \
                        and owner not in ("__init__", "__post_init__"):
                    found.add(inner.attr)
                elif type(inner) is ast.Name and inner.id in ("setattr", "delattr", "vars") \
                        or type(inner) is ast.Attribute and inner.attr in ("__dict__", "__setattr__"):
                    found.add(_ANY)
                stack.append((inner, owner))
        cached = tree.__dict__["_shardfix_changing_fields"] = frozenset(found)
    return cached if _ANY not in cached else frozenset({_ANY})


def _names(function: ast.AST) -> set[str]:
    return {node.id for node in ast.walk(function) if type(node) is ast.Name}


def _unchanging(expr: ast.expr, params: set[str], changed: frozenset[str], pure: frozenset[int] = frozenset()) -> bool:
    """`params`: the parameters and module names the function may read (not its own locals);
    `pure`: calls of functions of the standard library that only read their arguments."""
    kind = type(expr)
    if kind is ast.Constant:
        return True
    if kind is ast.Name:
        return expr.id in params and expr.id not in changed or expr.id in _BUILTIN_VALUES and expr.id not in params
    if kind is ast.Attribute:
        return expr.attr in _METADATA or _FIELD + expr.attr not in changed and _FIELD + _ANY not in changed \
            and _unchanging(expr.value, params, changed, pure)
    if kind is ast.Call:
        known = type(expr.func) is ast.Name and expr.func.id in _PURE_CALLS and expr.func.id not in params \
            or type(expr.func) is ast.Attribute and expr.func.attr in _READING_METHODS \
            and _unchanging(expr.func.value, params, changed, pure) or id(expr) in pure
        return known and all(_unchanging(arg, params, changed, pure) for arg in expr.args) \
            and all(_unchanging(keyword.value, params, changed, pure) for keyword in expr.keywords)
    if kind in (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.BinOp, ast.Tuple, ast.List, ast.Subscript, ast.Slice,
                ast.GeneratorExp, ast.ListComp, ast.comprehension, ast.JoinedStr, ast.FormattedValue):
        return all(_unchanging(inner, params, changed, pure) for inner in ast.iter_child_nodes(expr)
                   if isinstance(inner, ast.expr))
    return False
