"""Context managers of the module's own that set the context mesh by hand (issue 13), and whether
a module sets a mesh for good.

A library's checkpointer or trainer often owns the mesh context: its `__enter__` keeps the
setter's context in a field and enters it (`self._ctx = jax.set_mesh(self.mesh)`,
`self._ctx.__enter__()`), its `__exit__` leaves that same context (`return self._ctx.__exit__(*exc)`).
Such a class sets the mesh for the `with` blocks of its objects and for nothing else when:
- it is a module class without bases, keywords or decorators (nothing else supplies its dunders);
- `__enter__` begins with exactly those two statements, and `__exit__` begins with the exit call
  of the same field (an error in between leaves the with block before any code after it runs);
- the field is written nowhere but in that `__enter__` and the class's `__init__`;
- no other `__enter__` is called by hand in the module (mesh_reach.py: such a call stays entered).
Its `with obj:` blocks are then like `with jax.set_mesh(...)`: unknown inside (mesh_reach.py
follows none), and code after them runs under the mesh that was there before.
"""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.bindings import ast_dotted, resolve_dotted
from codemods.analysis.chosen_contexts import chosen_setters


def mesh_context_classes(tree: ast.Module, bindings: dict[str, str | None]) -> dict[str, ast.ClassDef]:
    """The module's classes that set the mesh by hand as above, by name."""
    cache = tree.__dict__.setdefault("_shardfix_mesh_context_classes", {})
    if id(bindings) not in cache:
        cache[id(bindings)] = _classes(tree, bindings)
    return cache[id(bindings)]


def hand_entered(tree: ast.Module, bindings: dict[str, str | None]) -> set[int]:
    """Ids of the setter reads and `__enter__` reads the classes above make: they set no mesh for good."""
    found: set[int] = set()
    for cls in mesh_context_classes(tree, bindings).values():
        _, setter, entering, _ = _entered_field(cls, bindings)
        found |= {id(setter), id(entering)}
    return found


def sets_mesh_globally(nodes, bindings, parents, tree: ast.Module) -> bool:
    """Whether a setter is referenced other than called as a `with` item or entered by one of the
    classes above (`jax.set_mesh(mesh)` as a statement sets the mesh for good; an alias may be
    called anywhere), or a context is entered by hand otherwise."""
    setters = set(jaxapi.CONTEXT_MESH_SETTERS)
    owned = hand_entered(tree, bindings) | chosen_setters(tree, bindings)  # (chosen_contexts.py)
    for node in nodes:
        if id(node) in owned:
            continue
        if isinstance(node, ast.Attribute) and node.attr in ("__enter__", "enter_context"):
            return True  # a context entered by hand stays entered
        if computed_jax_lookup(node, bindings):
            return True  # may be a setter, called anywhere
        if not isinstance(node, (ast.Name, ast.Attribute)):
            continue
        name = ast_dotted(node)
        if not name or resolve_dotted(bindings, name) not in setters:
            continue
        call = parents.get(id(node))
        if not (isinstance(call, ast.Call) and call.func is node
                and isinstance(parents.get(id(call)), ast.withitem)):
            return True
    return False


def names_mesh_setter(tree: ast.Module, bindings: dict[str, str | None]) -> bool:
    """Whether anything in the file names a context mesh setter: a call, but also a setter read
    and not called here (`partial(jax.set_mesh, m)`, `f = jax.set_mesh`) or looked up by name
    (`getattr(jax, "set_mesh", None)`), which may be called anywhere."""
    setters = set(jaxapi.CONTEXT_MESH_SETTERS)
    setter_names = {setter.rsplit(".", 1)[1] for setter in setters}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = ast_dotted(node)
            if name and resolve_dotted(bindings, name) in setters:
                return True
        elif isinstance(node, ast.Constant) and node.value in setter_names or computed_jax_lookup(node, bindings):
            return True
    return False


def computed_jax_lookup(node: ast.AST, bindings: dict[str, str | None]) -> bool:
    """`getattr(jax, "set_" + "mesh")`, `getattr(jax, NAME.lower())`: a JAX attribute looked up by a
    name that is not written out may be any setter."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
            and "getattr" not in bindings and len(node.args) >= 2):
        return False
    if isinstance(node.args[1], ast.Constant):
        return False
    owner = ast_dotted(node.args[0])
    module = resolve_dotted(bindings, owner) if owner else None
    return module is not None and (module == "jax" or module.startswith("jax."))


def bare_with_item(node: ast.AST, parents) -> bool:
    """`with obj:` without `as`: Python hands the object only to its own `__enter__`/`__exit__`."""
    item = parents.get(id(node))
    return isinstance(item, ast.withitem) and item.context_expr is node and item.optional_vars is None


def _classes(tree: ast.Module, bindings) -> dict[str, ast.ClassDef]:
    found = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef) or cls.bases or cls.keywords or cls.decorator_list:
            continue
        entered = _entered_field(cls, bindings)
        if entered is not None and _leaves_first(_method(cls, "__exit__"), entered[0], entered[3]) \
                and _written_only_by(tree, cls, entered[0]):
            found[cls.name] = cls
    return found


def _method(cls: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    defs = [stmt for stmt in cls.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name == name]
    binds = [stmt for stmt in cls.body if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign))
             and any(isinstance(target, ast.Name) and target.id == name for target in _targets(stmt))]
    if len(defs) != 1 or binds or not isinstance(defs[0], ast.FunctionDef) or defs[0].decorator_list:
        return None
    return defs[0]


def _targets(stmt) -> list[ast.expr]:
    return stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]


def _self_field(expr: ast.expr, me: str) -> str | None:
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id == me:
        return expr.attr
    return None


def _entered_field(cls: ast.ClassDef, bindings) -> tuple[str, ast.expr, ast.Attribute, bool] | None:
    """(F, the setter read, the entering attribute, whether F is an ExitStack) of an `__enter__`
    opening with `self.F = <setter>(...)` then `self.F.__enter__()`, or with
    `self.F.enter_context(<setter>(...))` on an ExitStack made just before (`self.F =
    contextlib.ExitStack()`) or in `__init__`; the entering call may be returned. F is stored
    nowhere else in those two methods."""
    enter = _method(cls, "__enter__")
    if enter is None or len(enter.args.args) != 1 or not enter.body:
        return None
    me, body = enter.args.args[0].arg, enter.body
    first = _stored(body[0], me)
    if first is not None and len(body) >= 2 and _is_setter(body[0].value, bindings):
        call = _self_call(body[1], me, first, "__enter__")
        if call is not None and not call.args and _stores(enter, first) == 1 and _stores(_method(cls, "__init__"), first) <= 1:
            return first, body[0].value.func, call.func, False
        return None
    made_here = first is not None and len(body) >= 2 and _is_stack(body[0].value, bindings)
    entering = body[1] if made_here else body[0]
    call = entering.value if isinstance(entering, (ast.Expr, ast.Return)) else None
    field = _self_field(call.func.value, me) if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) else None
    if field is None or _self_call(entering, me, field, "enter_context") is None or len(call.args) != 1 \
            or not _is_setter(call.args[0], bindings) or made_here and field != first:
        return None
    init = _method(cls, "__init__")
    if made_here:
        ok = _stores(enter, field) == 1 and _stores(init, field) == 0
    else:
        made = [stmt.value for stmt in (init.body if init is not None else [])
                if init.args.args and _stored(stmt, init.args.args[0].arg) == field]
        ok = _stores(enter, field) == 0 and _stores(init, field) == 1 and len(made) == 1 and _is_stack(made[0], bindings)
    return (field, call.args[0].func, call.func, True) if ok else None


def _stored(stmt: ast.stmt, me: str) -> str | None:
    """F of `self.F = <value>`."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        return _self_field(stmt.targets[0], me)
    return None


def _self_call(stmt: ast.stmt, me: str, field: str, attr: str) -> ast.Call | None:
    """`self.F.attr(...)` as a statement or returned."""
    call = stmt.value if isinstance(stmt, (ast.Expr, ast.Return)) else None
    if isinstance(call, ast.Call) and not call.keywords and isinstance(call.func, ast.Attribute) \
            and call.func.attr == attr and _self_field(call.func.value, me) == field:
        return call
    return None


def _stores(method: ast.FunctionDef | None, field: str) -> int:
    if method is None:
        return 0
    return sum(1 for node in ast.walk(method) if isinstance(node, ast.Attribute) and node.attr == field
               and not isinstance(node.ctx, ast.Load))


def _is_stack(expr: ast.expr, bindings) -> bool:
    return isinstance(expr, ast.Call) and not expr.args and not expr.keywords \
        and resolve_dotted(bindings, ast_dotted(expr.func) or "") == "contextlib.ExitStack"


def _is_setter(expr: ast.expr, bindings) -> bool:
    return isinstance(expr, ast.Call) and resolve_dotted(bindings, ast_dotted(expr.func) or "") in jaxapi.CONTEXT_MESH_SETTERS


def _leaves_first(leave: ast.FunctionDef | None, field: str, stack: bool) -> bool:
    """`__exit__` begins by calling `self.F.__exit__(...)` (as a statement or returned), or
    `self.F.close()` for an ExitStack."""
    if leave is None or not leave.args.args or not leave.body:
        return False
    first = leave.body[0]
    call = first.value if isinstance(first, (ast.Expr, ast.Return)) else None
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) \
        and (call.func.attr == "__exit__" or stack and call.func.attr == "close" and not call.args) \
        and _self_field(call.func.value, leave.args.args[0].arg) == field


def _written_only_by(tree: ast.Module, cls: ast.ClassDef, field: str) -> bool:
    """Every store of an attribute named F in the module is in the class's `__init__` or `__enter__`
    (the one `__enter__` makes); `setattr` and friends may write it anywhere."""
    allowed = {id(node) for name in ("__init__", "__enter__") if (method := _method(cls, name)) is not None
               for node in ast.walk(method)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == field and not isinstance(node.ctx, ast.Load) \
                and id(node) not in allowed:
            return False
        if isinstance(node, ast.Name) and node.id in ("setattr", "delattr", "vars", "__dict__"):
            return False
        if isinstance(node, ast.Attribute) and node.attr == "__dict__":
            return False
    return True
