"""Module-level names and JAX module attributes a file rebinds behind the analysis' back (issue 13).

- `globals()[name] = v`, `globals().update(d)`, `globals().setdefault(...)`, or `globals()`
  handed anywhere but a plain read (`globals()["x"]`, `.get`, `in`): the names it may write have
  no certain module-level value. A literal key names the one name; any other write may rebind
  every module-level name.
- `exec(code)`: it may bind any name of the module.
- the same through the module object, `setattr(sys.modules[__name__], "AXES", v)`,
  `inspect.getmodule(f).AXES = v`.
- `jax.lax.psum = shim`, `setattr(jax.lax, "psum", shim)`, `del jax.lax.psum`: what the name
  calls is no longer JAX's (a compat shim); a non-literal `setattr` may replace any name of the
  module. A `from jax.lax import psum` written before is the original, and stays followed.
"""
from __future__ import annotations

import ast
import sys
from collections.abc import Container

from codemods import jaxapi
from codemods.analysis.nodes import calls_by_callee, module_parents, names_by_id, nodes_of_type, stored_of_type

ALL = "*"  # every module-level name may be rebound
_READS = frozenset({"get", "keys", "values", "items", "copy", "__contains__", "__getitem__"})
_WRITES = frozenset({"update", "setdefault", "pop", "__setitem__", "__delitem__"})
# A function's `__globals__` and a frame's `f_globals` are the module's dict, as `globals()` is.
_NAMESPACE_ATTRIBUTES = frozenset({"__globals__", "f_globals"})


def rebound_names(tree: ast.Module, source: str | None, bindings) -> frozenset[str]:
    """Module names some function rebinds through `global` / `nonlocal`, or a write through
    `globals()` may rebind (every name the module binds, when the write cannot be told)."""
    starred = star_rebound(tree)
    if source is not None and "global" not in source and "nonlocal" not in source and "modules" not in source \
            and "exec" not in source and "vars" not in source and "locals" not in source \
            and "__main__" not in source and "import_module" not in source and "__import__" not in source \
            and "getmodule" not in source:
        return starred
    names = {name for kind in (ast.Global, ast.Nonlocal) for node in nodes_of_type(tree, kind) for name in node.names}
    names |= starred
    bound = set(bindings.functions) | set(bindings.values) | bindings.other | set(bindings.imports)
    written = globals_written(tree, bound) | module_object_written(tree)
    if "exec" not in bound:
        for node in calls_by_callee(tree).get("exec", ()):
            if type(node.func) is ast.Name:
                written |= exec_bound(node)  # `exec(code)` runs in the caller's globals: it may bind any name
    return frozenset(names | (bound if ALL in written else written))


def star_rebound(tree: ast.Module) -> frozenset[str]:
    """Names the module binds before its last `from m import *` other than by imports, which may
    bind any of them again (what `m` defines is not read; imported names are read as the import
    table reads them, as the names a star import re-exports usually are the same objects)."""
    def starred(node: ast.AST) -> bool:
        return type(node) is ast.ImportFrom and any(alias.name == "*" for alias in node.names)

    if not any(starred(node) for node in nodes_of_type(tree, ast.ImportFrom)):  # (the module's index: most have none)
        return frozenset()
    last = max(index for index, stmt in enumerate(tree.body) for node in ast.walk(stmt) if starred(node))
    names: set[str] = set()
    for stmt in tree.body[:last + 1]:
        for node in ast.walk(stmt):
            if type(node) is ast.Name and not isinstance(node.ctx, ast.Load):
                names.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
    return frozenset(names)


def exec_bound(call: ast.Call) -> set[str]:
    """The module names `exec(...)` may bind: those a literal code string of one argument binds
    at its top level (`exec("SYNC = ('i',)")`: SYNC); any (ALL) for other code, or other globals."""
    code = call.args[0] if len(call.args) == 1 and not call.keywords else None
    if type(code) is not ast.Constant or not isinstance(code.value, str):
        return {ALL}
    try:
        parsed = ast.parse(code.value)
    except (SyntaxError, ValueError):
        return {ALL}  # (it raises: nothing after it runs)
    names: set[str] = set()  # every name the code binds anywhere (a wider set only leaves more unknown)
    for node in ast.walk(parsed):
        if type(node) is ast.Name and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
            names.add(node.name)
        elif type(node) is ast.MatchMapping and node.rest:
            names.add(node.rest)
    if any(type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in ("exec", "eval", "globals", "vars", "locals", "setattr", "delattr", "__import__")
           or type(node) is ast.Name and node.id == "__name__" or type(node) is ast.ImportFrom
           or type(node) in (ast.Attribute, ast.Subscript) and not isinstance(node.ctx, ast.Load)
           for node in ast.walk(parsed)):
        names.add(ALL)  # code that itself writes the module's namespace another way
    return names


def module_object_written(tree: ast.Module) -> frozenset[str]:
    """Names written through the module object, `sys.modules[__name__]` (or
    `sys.modules.get(__name__)`): an attribute store names one, `setattr` with a literal name too,
    and so does a store of a literal key in its `__dict__`; any other use but an attribute read may
    write any (`vars(...)`, `.__dict__` handed on, the object handed on or aliased)."""
    written: set[str] = set()
    parents = module_parents(tree)
    main = _main_names(tree)
    found = _parents(tree, ast.Subscript, _this_module) + _parents(tree, ast.Call, _this_module)
    if main:
        found += _parents(tree, ast.Name, lambda node: node.id in main and isinstance(node.ctx, ast.Load))
    for node, parent in _parents(tree, ast.Attribute, _sys_modules):
        if not (type(parent) is ast.Subscript and parent.value is node or type(parent) is ast.Compare
                or type(parent) is ast.Attribute and parent.attr in ("get", "keys", "__contains__")):
            written.add(ALL)  # `sys.modules.values()`, the table handed on: any module object, this one too
    for this, parent in found:
        alias = _alias_of(tree, this, parent)
        if alias is None:
            written |= _written_through(this, parent, parents)
            continue
        for use in names_by_id(tree).get(alias, ()):  # `this = sys.modules[__name__]; this.SYNC = v`
            if isinstance(use.ctx, ast.Load):
                written |= _written_through(use, parents.get(id(use)), parents)
    return frozenset(written)


def _alias_of(tree: ast.Module, this: ast.expr, parent: ast.AST | None) -> str | None:
    """The name of `NAME = <module object>` when no other code binds that name (no other store,
    parameter, `global` or `nonlocal`, def, import): its every read is the module object."""
    if type(parent) is not ast.Assign or parent.value is not this or len(parent.targets) != 1 \
            or type(parent.targets[0]) is not ast.Name:
        return None
    name = parent.targets[0].id
    stores = [node for node in stored_of_type(tree, ast.Name) if node.id == name]
    others = [node for node in nodes_of_type(tree, ast.arg) if node.arg == name]
    others += [node for kind in (ast.Global, ast.Nonlocal, ast.alias) for node in nodes_of_type(tree, kind)
               if name in getattr(node, "names", ()) or name == (getattr(node, "asname", None) or getattr(node, "name", ""))]
    others += [node for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) for node in nodes_of_type(tree, kind)
               if node.name == name]
    return name if len(stores) == 1 and not others else None


def _written_through(this: ast.expr, parent: ast.AST | None, parents) -> set[str]:
    """The module names one use of the module object may write (ALL: any)."""
    if type(parent) is ast.Attribute and parent.attr == "__dict__" and isinstance(parent.ctx, ast.Load) \
            and type(item := parents.get(id(parent))) is ast.Subscript and item.value is parent:
        # `sys.modules[__name__].__dict__["SYNC"] = v`: a literal key names one; a read, none
        return _literal_names([item.slice]) if not isinstance(item.ctx, ast.Load) else set()
    if type(parent) is ast.Attribute and parent.attr != "__dict__":
        return {parent.attr} if not isinstance(parent.ctx, ast.Load) else set()
    if type(parent) is ast.Call and type(parent.func) is ast.Name and parent.func.id in ("setattr", "delattr") \
            and parent.args and parent.args[0] is this and len(parent.args) >= 2:
        return _literal_names([parent.args[1]])
    if type(parent) is ast.Call and type(parent.func) is ast.Name and parent.func.id in ("getattr", "hasattr") \
            or type(parent) in (ast.Compare, ast.Expr):
        return set()  # (a read, an identity test, or a value dropped)
    return {ALL}


def _this_module(node: ast.AST) -> bool:
    """What may be the module object: `sys.modules[key]` or `sys.modules.get(key)` of any key
    (a script is `sys.modules["__main__"]`, and `sys.modules[f.__module__]` is its own module:
    found by adversarial14 and 15), and `importlib.import_module(...)` or `__import__(...)` of
    any name (`import_module(__name__)`), and `inspect.getmodule(...)` of anything (found by
    adversarial28)."""
    if type(node) is ast.Call:
        func = node.func
        if type(func) is ast.Attribute and func.attr == "get" and _sys_modules(func.value):
            return True
        callee = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
        if callee == "getmodule":
            return True  # `inspect.getmodule(f)`: the module that defines f, this one for its own functions
        return callee in ("import_module", "__import__") and not _library_name(node.args[0] if node.args else None)
    return type(node) is ast.Subscript and _sys_modules(node.value) and not _library_name(node.slice) \
        and (isinstance(node.ctx, ast.Load) or type(node.slice) is ast.Name and node.slice.id == "__name__")


def _library_name(key: ast.AST | None) -> bool:
    """A literal module name of the standard library or of JAX and NumPy: never the program's own."""
    if type(key) is not ast.Constant or type(key.value) is not str:
        return False
    top = key.value.split(".")[0]
    return top in sys.stdlib_module_names and top != "__main__" or top in ("jax", "jaxlib", "numpy", "flax", "optax")


def _main_names(tree: ast.Module) -> frozenset[str]:
    """The names `import __main__` (or `import __main__ as m`) binds: the running script's module."""
    return frozenset(alias.asname or alias.name for node in nodes_of_type(tree, ast.Import)
                     for alias in node.names if alias.name == "__main__")


def _sys_modules(node: ast.AST) -> bool:
    return type(node) is ast.Attribute and node.attr == "modules" and type(node.value) is ast.Name and node.value.id == "sys"


def patched_jax(scope) -> frozenset[str]:
    """The JAX names this file replaces by attribute writes (cached on the tree)."""
    cached = getattr(scope.tree, "_shardfix_patched", None)
    if cached is None:
        # At module level a chain resolves only from a name an import binds (ImportTable.resolve).
        heads = frozenset(name for name, bound in scope.imports.bindings.items() if bound is not None)
        cached = frozenset(name if name.endswith(".*") else jaxapi.canonical(name)
                           for name in patched_attributes(scope.tree, scope.resolve, heads)
                           if name == "jax" or name.startswith("jax."))
        scope.tree._shardfix_patched = cached
    return cached


def globals_written(tree: ast.Module, bound: set[str]) -> frozenset[str]:
    """Names a write through `globals()` may rebind (ALL when it cannot be told), unless the
    module binds `globals` itself."""
    if "globals" in bound:
        return frozenset()
    # The calls named `globals`, from the module's index (the order is free: a set is made).
    module_parent = module_parents(tree)
    parents = [(node, module_parent[id(node)]) for node in calls_by_callee(tree).get("globals", ())
               if type(node.func) is ast.Name and not node.args and not node.keywords]
    parents += [(node, module_parent[id(node)]) for node in _top_level_namespaces(tree, bound)]
    parents += [(node, module_parent[id(node)]) for node in nodes_of_type(tree, ast.Attribute)
                if node.attr in _NAMESPACE_ATTRIBUTES and isinstance(node.ctx, ast.Load)]
    written: set[str] = set()
    for call, parent in parents:
        if type(parent) is ast.Subscript and parent.value is call:
            if isinstance(parent.ctx, ast.Load):
                continue
            written |= _literal_names([parent.slice])
        elif type(parent) is ast.Compare and call in parent.comparators:
            continue
        elif type(parent) is ast.Attribute and parent.value is call and parent.attr in _READS:
            continue
        elif type(parent) is ast.Attribute and parent.value is call and parent.attr in _WRITES:
            written |= _written_by(parent, tree)
        else:
            written.add(ALL)  # handed on, aliased or called: anything may be written through it
    return frozenset(written)


def _top_level_namespaces(tree: ast.Module, bound: set[str]) -> list[ast.Call]:
    """`vars()` and `locals()` written in the module's own code (not in a def, lambda or class):
    there they are its globals dict."""
    found = []
    stack = list(tree.body)
    while stack:
        node = stack.pop()
        if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id in ("vars", "locals") \
                and node.func.id not in bound and not node.args and not node.keywords:
            found.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _written_by(method: ast.Attribute, tree: ast.Module) -> set[str]:
    calls = [node for node in nodes_of_type(tree, ast.Call) if node.func is method]
    if len(calls) != 1:
        return {ALL}
    call = calls[0]
    if method.attr == "update":
        keys: list[ast.expr] = []
        for arg in call.args:
            if type(arg) is not ast.Dict or None in arg.keys:
                return {ALL}
            keys += arg.keys
        if any(keyword.arg is None for keyword in call.keywords):
            return {ALL}
        return _literal_names(keys) | {keyword.arg for keyword in call.keywords}
    return _literal_names(call.args[:1]) if call.args else {ALL}


def _literal_names(keys: list[ast.expr]) -> set[str]:
    if all(type(key) is ast.Constant and isinstance(key.value, str) for key in keys):
        return {key.value for key in keys}
    return {ALL}


def patched_attributes(tree: ast.Module, resolve, heads: Container[str] | None = None) -> frozenset[str]:
    """Canonical dotted names a module attribute write replaces (`jax.lax.psum = ...`); a
    name ending in ".*" for a module whose every attribute may be replaced. `resolve` gives the
    canonical name of an expression at module level (None for a non-module); `heads`, when
    given, holds every name a chain it resolves can start with."""
    found: set[str] = set()
    for node in stored_of_type(tree, ast.Attribute):
        owner = resolve(node.value)
        if owner is not None:
            found.add(f"{owner}.{node.attr}")
    constant, name = ast.Constant, ast.Name
    for node in nodes_of_type(tree, ast.Call):  # a set: order is free
        args = node.args
        if not args:
            continue  # a call without one replaces nothing
        func = node.func
        if type(func) is name and func.id in ("setattr", "delattr") and len(args) >= 2:
            owner = resolve(args[0])
            if owner is None:
                continue
            key = args[1]
            found.add(f"{owner}.{key.value}" if type(key) is constant and isinstance(key.value, str)
                      else f"{owner}.*")
            continue
        first = args[0]
        if type(first) is constant:  # what `_patcher_targets` makes of it, without the call (`P("i")`)
            if isinstance(first.value, str) and first.value.startswith("jax.") and \
                    (func.id if type(func) is name else func.attr if type(func) is ast.Attribute else "") in _DOTTED_PATCHERS:
                found.add(first.value)
            continue
        if not node.keywords and (len(args) < 2 or type(args[1]) is not constant):
            continue  # no string and no keyword: _patcher_targets finds nothing (most calls)
        if heads is not None:  # its owner would not resolve: _patcher_targets finds nothing
            head = first
            while type(head) is ast.Attribute:
                head = head.value
            if type(head) is not name or head.id not in heads:
                continue
        found |= _patcher_targets(node, resolve)
    return frozenset(found)


_DOTTED_PATCHERS = ("patch", "setattr")  # `mock.patch("jax.lax.psum", shim)`, `monkeypatch.setattr("jax.lax.psum", shim)`
_READERS = frozenset({"getattr", "hasattr", "isinstance", "issubclass", "callable", "id", "repr", "str", "print"})


def _patcher_targets(call: ast.Call, resolve) -> set[str]:
    """What a patching helper may replace: `mock.patch.object(jax.lax, "psum", shim)`,
    `monkeypatch.setattr(jax.lax, "psum", shim)`, `install(jax.lax, "psum", shim)` (a module handed
    on with an attribute name), `mock.patch.multiple(jax.lax, psum=shim)`, and dotted targets
    `mock.patch("jax.lax.psum", shim)` / `monkeypatch.setattr("jax.lax.psum", shim)`."""
    func = call.func
    callee = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else ""
    if callee in _READERS or not call.args:
        return set()
    first = call.args[0]
    if type(first) is ast.Constant and isinstance(first.value, str):
        dotted = first.value
        return {dotted} if callee in _DOTTED_PATCHERS and dotted.startswith("jax.") else set()
    key = call.args[1] if len(call.args) > 1 else None
    named_key = type(key) is ast.Constant and isinstance(key.value, str)
    if not named_key and (not call.keywords or all(keyword.arg is None for keyword in call.keywords)):
        return set()  # no attribute named, whatever the first argument is (most calls)
    owner = resolve(first) if type(first) in (ast.Name, ast.Attribute) else None
    if owner is None:
        return set()
    if named_key:
        return {f"{owner}.{key.value}"}
    return {f"{owner}.{keyword.arg}" for keyword in call.keywords if keyword.arg is not None}


def patched(name: str, attributes: frozenset[str]) -> bool:
    """`name` (canonical, dotted) is one a write replaces, or lies in a module replaced wholesale."""
    if not attributes:
        return False
    if name in attributes:
        return True
    parts = name.split(".")
    return any(".".join(parts[:end]) + ".*" in attributes for end in range(1, len(parts)))


def _parents(tree: ast.Module, kind: type, wanted) -> list[tuple[ast.AST, ast.AST]]:
    """(node, its parent) for the nodes of type `kind` that are `wanted`, from the module's shared
    indexes (the callers gather sets: the order is free)."""
    parents = module_parents(tree)
    return [(node, parents[id(node)]) for node in nodes_of_type(tree, kind) if wanted(node)]


def bound_outside_imports(tree: ast.Module) -> frozenset[str]:
    """Names some code binds other than a top-level import: assignments and deletions anywhere,
    parameters, defs and classes, `global` declarations and imports inside functions or blocks
    (any of them may make `jax` in some function mean something else)."""
    # From the module's indexes by type (a set: the order is free): a walk of its own listed
    # every node's children again, a sixth of a dense test file's check.
    names = {node.id for node in stored_of_type(tree, ast.Name)}
    names.update([node.arg for node in nodes_of_type(tree, ast.arg)])
    for kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        names.update([node.name for node in nodes_of_type(tree, kind)])
    for kind in (ast.Global, ast.Nonlocal):
        for node in nodes_of_type(tree, kind):
            names.update(node.names)
    top = {id(stmt) for stmt in tree.body if isinstance(stmt, (ast.Import, ast.ImportFrom))}
    for kind in (ast.Import, ast.ImportFrom):
        for node in nodes_of_type(tree, kind):
            if id(node) not in top:
                names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    for kind in (ast.ExceptHandler, ast.MatchAs, ast.MatchStar):
        names.update([node.name for node in nodes_of_type(tree, kind) if node.name])
    names.update([node.rest for node in nodes_of_type(tree, ast.MatchMapping) if node.rest])
    return frozenset(names)
