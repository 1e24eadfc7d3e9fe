"""Module state set once through `global` before any code reads it (issue 13).

Megatron/DeepSpeed-style process state: `_TENSOR_MODEL_PARALLEL_AXIS = None` at the top,
`initialize_model_parallel(...)` sets it through `global`, and `get_tensor_model_parallel_axis()`
reads it inside every shard_map body. A name some function rebinds is unknown to the abstract
interpreter (name_lookup.py: it cannot tell when a body runs relative to the rebinding). Here the
value every read gets is certain when:
- every store of the name outside the module's top level is `NAME = <constant>` or `NAME = <param>`
  in a plain module function that declares it `global`, and each call of such a function (its name
  used only as the callee of plain calls) gives that parameter a constant, or leaves it to a
  constant default; all those constants are one value (so every store stores it);
- no other scope binds the name (no `nonlocal`, parameter, def, import, `globals()` write, `exec`);
- running the module as a script (script_run.py; the one way `python prog.py` runs it) reaches the
  first of those stores before any function reads the name, and no statement at the module's top
  level binds the name from that point on.
Then every read made by a function after the start reads that value: a read before the first store
would have been seen by the run, and every store after it stores the same value.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Env
from codemods.analysis.host_objects import Bail
from codemods.analysis.nodes import module_nodes, names_by_id, nodes_of_type
from codemods.analysis.scope_declarations import declarations, own_nodes, stored_names
from codemods.analysis.values import Const, TupleValue

_KINDS = (str, int, float, bool, type(None))


def settled_value(interp, name: str):
    """The value (Const or TupleValue of Consts) every function reading module name `name` gets,
    or None when not certain."""
    cache = interp.scope.__dict__.setdefault("_settled_globals", {})
    if name not in cache:
        try:
            cache[name] = _settled(interp.scope, name)
        except (Bail, RecursionError, Exception):  # (a case this reading misreads: unknown)
            cache[name] = None
    return cache[name]


def _settled(scope, name: str):
    tree = scope.tree
    if not any(type(stmt) is ast.If and any(type(n) is ast.Constant and n.value == "__main__" for n in ast.walk(stmt.test)) for stmt in tree.body):
        return None
    if not _only_global_stores(scope, name):
        return None
    stored = _stored_values(tree, name)
    if stored is None or len(stored) != 1:
        return None
    value = stored.pop()
    if not _run_sets_before_reads(tree, name):
        return None
    if type(value) is tuple:
        return TupleValue(tuple(Const(item) for item in value))
    return Const(value)


def _only_global_stores(scope, name: str) -> bool:
    from codemods.analysis.module_writes import ALL, globals_written, module_object_written, star_rebound

    tree = scope.tree
    written = scope.__dict__.get("_settled_written")
    if written is None:
        bindings = scope.globals
        bound = set(bindings.functions) | set(bindings.values) | bindings.other | set(bindings.imports)
        written = scope._settled_written = globals_written(tree, bound) | module_object_written(tree) | star_rebound(tree)
    if name in written or ALL in written:
        return False
    bound_elsewhere, names_exec = _bound_in_scopes(tree)
    return not names_exec and name not in bound_elsewhere


def _bound_in_scopes(tree: ast.AST) -> tuple[frozenset[str], bool]:
    """The names some scope other than the module's binds (a parameter, a `nonlocal`, a local of
    a def or class, a comprehension's target), and whether the module names `exec`: one walk per
    module, kept on the tree (it was several whole-module walks per name asked)."""
    found = tree.__dict__.get("_shardfix_settled_scope_bound")
    if found is not None:
        return found
    names: set[str] = set()
    names_exec = False
    for node in module_nodes(tree) if type(tree) is ast.Module else ast.walk(tree):
        kind = type(node)
        if kind is ast.Name:
            names_exec = names_exec or node.id == "exec"
        elif kind is ast.arg:
            names.add(node.arg)
        elif kind is ast.Nonlocal:
            names.update(node.names)
        elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            inner = stored_names(node)
            if kind is not ast.FunctionDef:
                names |= inner
                continue
            try:
                declared = declarations(node)[0]
            except Exception:  # noqa: BLE001 - (unknown for every name it binds, as when asked per name)
                names |= inner
                continue
            names |= {local for local in inner if local not in declared}
            names |= inner & stored_names(node, assigned=False)
        elif kind in (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp):
            names.update(t.id for g in node.generators for t in ast.walk(g.target) if type(t) is ast.Name)
    found = tree._shardfix_settled_scope_bound = (frozenset(names), names_exec)
    return found


def _stored_values(tree: ast.Module, name: str) -> set | None:
    """The values the functions' stores of `name` store (None: one not known)."""
    values: set = set()
    declaring = [stmt for stmt in tree.body if type(stmt) is ast.FunctionDef and name in declarations(stmt)[0]]
    if sum(name in node.names for node in nodes_of_type(tree, ast.Global)) != \
            sum(name in node.names for stmt in declaring for node in own_nodes(stmt) if type(node) is ast.Global):
        return None  # (declared by a method, a nested def or at the top level: not followed)
    for function in tree.body:
        if function not in declaring:
            continue
        if function.decorator_list or function.args.vararg or function.args.kwarg or function.args.posonlyargs:
            return None
        for node in own_nodes(function):
            if type(node) is ast.Name and node.id == name and type(node.ctx) is ast.Del:
                return None
            if type(node) is ast.AugAssign and type(node.target) is ast.Name and node.target.id == name:
                return None
            if isinstance(node, (ast.For, ast.With, ast.comprehension)) or type(node) is ast.NamedExpr:
                if any(type(t) is ast.Name and t.id == name for t in ast.walk(getattr(node, "target", node))):
                    return None
            if type(node) is ast.AnnAssign and type(node.target) is ast.Name and node.target.id == name:
                return None
            if type(node) is ast.Assign and any(type(t) is ast.Name and t.id == name for t in node.targets):
                if len(node.targets) != 1 or type(node.targets[0]) is not ast.Name:
                    return None
                found = _assigned(tree, function, node.value)
                if found is None:
                    return None
                values |= found
            elif type(node) is ast.Assign and any(type(t) is not ast.Name and any(
                    type(n) is ast.Name and n.id == name and type(n.ctx) is ast.Store for n in ast.walk(t))
                    for t in node.targets):
                return None  # (`a, NAME = ...`)
    return values


def _constant(node: ast.expr) -> object:
    if type(node) is ast.Constant and type(node.value) in _KINDS:
        return node.value
    if type(node) is ast.Tuple and all(type(e) is ast.Constant and type(e.value) is str for e in node.elts):
        return tuple(e.value for e in node.elts)
    raise Bail


def _assigned(tree: ast.Module, function: ast.FunctionDef, value: ast.expr) -> set | None:
    """The values `value` (a constant, or a parameter of `function`) has at every call."""
    try:
        return {_constant(value)}
    except Bail:
        pass
    params = [a.arg for a in function.args.args + function.args.kwonlyargs]
    if type(value) is not ast.Name or value.id not in params:
        return None
    param = value.id
    if any(type(n) is ast.Name and n.id == param and type(n.ctx) is not ast.Load for n in own_nodes(function)):
        return None  # (the parameter rebound before the store)
    defaults = dict(zip([a.arg for a in function.args.args[len(function.args.args) - len(function.args.defaults):]],
                        function.args.defaults))
    defaults.update({a.arg: d for a, d in zip(function.args.kwonlyargs, function.args.kw_defaults) if d is not None})
    # (from the module's indexes: any order gives the same answer below)
    calls = [n for n in nodes_of_type(tree, ast.Call) if type(n.func) is ast.Name and n.func.id == function.name]
    uses = names_by_id(tree).get(function.name, ())
    if not calls or len(uses) != len(calls):
        return None  # (the function handed on, or rebound: its calls are not all here)
    found: set = set()
    position = function.args.args.index(next(a for a in function.args.args if a.arg == param)) \
        if param in [a.arg for a in function.args.args] else None
    for call in calls:
        if any(type(a) is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        given = [k.value for k in call.keywords if k.arg == param]
        if position is not None and position < len(call.args):
            given.append(call.args[position])
        try:
            if len(given) > 1:
                return None
            if given:
                found.add(_constant(given[0]))
            elif param in defaults:
                found.add(_constant(defaults[param]))
            else:
                return None
        except Bail:
            return None
    return found


def _run_sets_before_reads(tree: ast.Module, name: str) -> bool:
    """Running the module reaches a function's store of `name` before any function reads it, and
    no top-level statement from then on binds it."""
    stored_at, early = _watched(tree)
    if name not in stored_at or name in early:
        return False
    return not any(name in _top_bound(stmt) for stmt in tree.body[stored_at[name]:])


def _watched(tree: ast.Module) -> tuple[dict[str, int], set[str]]:
    """One run of the module as a script (cached on the tree): the top-level statement during which
    each module name was first stored by a function, and the names a function read before that."""
    found = getattr(tree, "_settled_watch", None)
    if found is not None:
        return found
    from codemods.analysis.script_run import ScriptRun

    stored_at: dict[str, int] = {}
    early: set[str] = set()

    class Watch(ScriptRun):
        index = -1

        def store_global(self, target: str, value: object) -> None:
            stored_at.setdefault(target, self.index)
            super().store_global(target, value)

        def name(self, target: str, env: Env) -> object:
            if target not in stored_at and _reaches_module(target, env, self.module_env):  # (top-level reads too)
                early.add(target)
            return super().name(target, env)

        def run_module(self) -> None:
            self.module_env.vars["__name__"] = "__main__"
            for self.index, statement in enumerate(self.tree.body):
                self.block([statement], self.module_env)

    try:
        Watch(tree).run_module()
    except BaseException:  # noqa: BLE001 - (where the run stops: what it saw before is exact)
        pass
    tree._settled_watch = (stored_at, early)
    return stored_at, early


def _reaches_module(name: str, env: Env, module_env: Env) -> bool:
    current = env
    while current is not None:
        if current.outer and name in current.outer:
            current = current.outer[name]
            continue
        if current is module_env:
            return True
        if name in current.vars or name in current.bound:
            return False
        current = current.parent
    return False


def _top_bound(stmt: ast.stmt) -> set[str]:
    """Names a top-level statement binds in the module (outside defs and classes)."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {stmt.name}
    found: set[str] = set()
    for node in own_nodes(stmt):
        if type(node) is ast.Name and type(node.ctx) is not ast.Load:
            found.add(node.id)
        elif type(node) in (ast.Import, ast.ImportFrom):
            found.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
    return found


def settled_read(interp, name: str, frame):
    """What reading module name `name` (rebound through `global`) from `frame` gives."""
    from codemods.analysis.values import UNKNOWN

    value = settled_value(interp, name)
    if value is None:
        return UNKNOWN
    current = frame
    while current is not None:
        if current.static_scopes is not None:
            if any(interp.scope.locals_of(each).binds(name) for each in current.static_scopes):
                return UNKNOWN
            return value
        if name in current.vars:
            return current.vars[name]
        if name in current.local_names:
            return UNKNOWN
        current = current.parent
    return value
