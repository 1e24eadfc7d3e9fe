"""Jitted defs JAX never traces, for the abstract interpreter (issue 13).

`@partial(jax.jit, static_argnums=(1,)) def reduce_rows(x, cfg)` called as
`reduce_rows(x, {"scale": 2.0})`: JAX hashes every static argument before it looks at the
function, and a list, dict, set, NumPy or JAX array (or a tuple holding one) raises ValueError
("Non-hashable static arguments are not supported", jax 0.10.2, `jax.jit(static_argnames=...)`
as a decorator too), so nothing inside the def runs: a shard_map body it builds is never traced
and a line there is never reached. The script run stops at such a call itself
(jit_statics.unhashable); the interpreter reads a def's body whatever its callers pass, so its
verdicts inside the def are dropped here when the module's every use of the def is such a call.

Certain only where nothing else may call the def: it is decorated by jit alone, its name is bound
once in the module (by the def) and spelled by no string, and each read of the name is the
callee of a call whose static argument (by position before any `*args`, or by keyword, the other
of static_argnums / static_argnames inferred from the signature as JAX does: jit_statics.py) is
written as such a value: a list, dict or set display or comprehension, a NumPy / jax.numpy array
maker, a tuple holding one, or a name bound once, by a plain assignment of one, in the scope the
call reads it from.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.jit_statics import inferred
from codemods.analysis.nodes import module_parents, names_by_id, nodes_of_type

_JIT = "jax.jit"
_MAKERS = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy")
                    for name in ("array", "asarray", "zeros", "ones", "empty", "full", "arange", "zeros_like", "ones_like"))
_DISPLAYS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def untraced_verdicts(interp, verdicts: list) -> list:
    """`verdicts` without those on sites inside a def JAX never traces."""
    if not verdicts:
        return verdicts
    inside = interp.__dict__.get("_untraced_nodes")
    if inside is None:
        inside = interp.__dict__["_untraced_nodes"] = _untraced_nodes(interp.scope)
    return [verdict for verdict in verdicts if id(verdict.site.call) not in inside] if inside else verdicts


def _untraced_nodes(scope) -> set[int]:
    # The defs from the module's index, their parents from its kept parent map (the same parent
    # for every node this reads; only shared contexts and operators are left out of it): a
    # parent map and walks of their own were most of what this module cost on a large test file.
    tree = scope.tree
    parents = module_parents(tree)
    found: set[int] = set()
    for node in (*nodes_of_type(tree, ast.FunctionDef), *nodes_of_type(tree, ast.AsyncFunctionDef)):
        if type(parents.get(id(node))) is not ast.ClassDef \
                and (statics := _statics(scope, node)) is not None and _every_call_raises(scope, tree, parents, node, statics):
            found |= {id(inner) for inner in ast.walk(node)}
    return found


def _statics(scope, function: ast.FunctionDef) -> tuple[tuple, tuple] | None:
    """(static positions, static names) of a def decorated by jit alone, with static arguments."""
    if len(function.decorator_list) != 1 or type(function.decorator_list[0]) is not ast.Call:
        return None
    decorator = function.decorator_list[0]
    callee = scope.resolve(decorator.func)
    if callee == jaxapi.PARTIAL and len(decorator.args) == 1 and scope.resolve(decorator.args[0]) == _JIT:
        pass  # `@partial(jax.jit, static_argnums=...)`
    elif callee != _JIT or decorator.args:  # `@jax.jit(static_argnames=...)`
        return None
    options = {}
    for keyword in decorator.keywords:
        if keyword.arg is None:
            return None
        try:
            options[keyword.arg] = ast.literal_eval(keyword.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            if keyword.arg in ("static_argnums", "static_argnames"):
                return None
    spec = function.args
    parameters = [(arg.arg, False) for arg in spec.posonlyargs] + [(arg.arg, True) for arg in spec.args]
    parameters += [(spec.vararg.arg, False)] if spec.vararg is not None else []
    parameters += [(arg.arg, False) for arg in spec.kwonlyargs] + ([(spec.kwarg.arg, False)] if spec.kwarg else [])
    found = inferred(options.get("static_argnums"), options.get("static_argnames"), parameters)
    return found if found is not None and (found[0] or found[1]) else None


def _every_call_raises(scope, tree: ast.Module, parents: dict, function: ast.FunctionDef, statics: tuple) -> bool:
    # Any one node below says no, whatever its place: the kinds that can are read from the
    # module's indexes, not from a walk of the whole module per def.
    name = function.name
    if any(type(node.value) is str and node.value == name for node in nodes_of_type(tree, ast.Constant)):
        return False  # (`getattr(module, "step")`, `__all__`: a caller the module does not show)
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        if any(node is not function and node.name == name for node in nodes_of_type(tree, kind)):
            return False
    for kind in (ast.Import, ast.ImportFrom):
        if any((alias.asname or alias.name) == name for node in nodes_of_type(tree, kind) for alias in node.names):
            return False
    if any(name in node.names for kind in (ast.Global, ast.Nonlocal) for node in nodes_of_type(tree, kind)):
        return False
    calls = 0
    for node in names_by_id(tree).get(name, ()):
        call = parents.get(id(node))
        if type(node.ctx) is not ast.Load or type(call) is not ast.Call or call.func is not node \
                or not _passes_unhashable(scope, parents, call, statics):
            return False
        calls += 1
    return calls > 0


def _passes_unhashable(scope, parents: dict, call: ast.Call, statics: tuple) -> bool:
    numbers, names = statics
    for index, arg in enumerate(call.args):
        if type(arg) is ast.Starred:
            break
        if index in numbers and _unhashable(scope, parents, arg, call):
            return True
    return any(keyword.arg in names and _unhashable(scope, parents, keyword.value, call) for keyword in call.keywords)


def _unhashable(scope, parents: dict, expr: ast.expr, at: ast.AST, depth: int = 0) -> bool:
    """`expr` certainly makes an object `hash()` rejects."""
    if depth > 8:
        return False
    if isinstance(expr, _DISPLAYS):
        return True
    if type(expr) is ast.Tuple:
        return any(type(item) is not ast.Starred and _unhashable(scope, parents, item, at, depth + 1) for item in expr.elts)
    if type(expr) is ast.Call:
        return scope.resolve(expr.func) in _MAKERS
    if type(expr) is ast.Name:
        value = _bound_once(parents, expr.id, at)
        return value is not None and _unhashable(scope, parents, value, value, depth + 1)
    return False


def _bound_once(parents: dict, name: str, at: ast.AST) -> ast.expr | None:
    """The value of the one plain assignment binding `name` in the scope a read at `at` sees (None
    through a class body, a comprehension binding it, or a `global` / `nonlocal` of it)."""
    holder = _scope_above(parents, at, name)
    while holder is not None:
        if any(type(node) in (ast.Global, ast.Nonlocal) and name in node.names for node in ast.walk(holder)):
            return None
        bindings = _bindings(holder, name)
        if bindings:
            if len(bindings) != 1 or type(bindings[0]) is not ast.Assign or len(bindings[0].targets) != 1:
                return None
            return bindings[0].value
        if type(holder) is ast.Module:
            return None
        holder = _scope_above(parents, holder, name)
    return None


def _scope_above(parents: dict, node: ast.AST, name: str) -> ast.AST | None:
    holder = parents.get(id(node))
    while holder is not None and not isinstance(holder, _SCOPES):
        if type(holder) is ast.ClassDef or isinstance(holder, _COMPREHENSIONS) and any(
                type(inner) is ast.Name and inner.id == name for generator in holder.generators
                for inner in ast.walk(generator.target)):
            return None
        holder = parents.get(id(holder))
    return holder


def _bindings(holder: ast.AST, name: str) -> list:
    """Every statement or parameter of `holder`'s own scope (not its nested defs') that binds `name`."""
    found = []
    if type(holder) is not ast.Module:
        spec = holder.args
        every = spec.posonlyargs + spec.args + spec.kwonlyargs + [arg for arg in (spec.vararg, spec.kwarg) if arg]
        found += [arg for arg in every if arg.arg == name]
    body = holder.body if type(holder.body) is list else [holder.body]
    pending = list(body)
    while pending:
        node = pending.pop()
        kind = type(node)
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            found += [node] if node.name == name else []
            pending.extend(node.decorator_list)
            continue
        if kind is ast.Lambda or kind in _COMPREHENSIONS:
            found += [node] if any(type(inner) is ast.NamedExpr and inner.target.id == name for inner in ast.walk(node)) else []
            continue  # (its own scope, but for a `:=` there)
        if kind is ast.Name and type(node.ctx) is not ast.Load and node.id == name \
                or kind in (ast.Global, ast.Nonlocal) and name in node.names \
                or kind in (ast.Import, ast.ImportFrom) and any((alias.asname or alias.name.split(".")[0]) == name
                                                                for alias in node.names) \
                or kind in (ast.ExceptHandler, ast.MatchAs, ast.MatchStar) and node.name == name \
                or kind is ast.MatchMapping and node.rest == name:
            found.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return [_statement_of(node, body) for node in found]


def _statement_of(node: ast.AST, body: list) -> ast.AST:
    """The assignment a stored name belongs to, when it is the one plain target of an `x = ...`."""
    if type(node) is not ast.Name:
        return node
    for statement in ast.walk(ast.Module(body=body, type_ignores=[])):
        if type(statement) is ast.Assign and len(statement.targets) == 1 and statement.targets[0] is node:
            return statement
    return node
