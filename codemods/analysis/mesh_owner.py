"""A gather after the `with jax.set_mesh(m):` block of a function that builds `m` itself.

A script's `main` often builds its mesh (`jax.make_mesh`, `Mesh`, or a module helper returning
one), computes under `with jax.set_mesh(mesh):` and hands the result to a report helper after the
block has closed. Nothing in the file calls `main`, so mesh_reach leaves its callers unknown. Yet
for the gather to run there, a caller would have to set a context mesh EQUAL to the one `main`
builds privately: no real program does (the lead's decision, #13). Any other context fails on an
array placed on `m` (checked on jax 0.10.2): none or Auto axes ("works when all mesh axes of
context mesh are explicit"), other names ("Reduced axes ... not found"), the same names with
another shape ("Input sharding mesh ... should be equal") or other devices ("incompatible
devices"). So the call is reported only when the array reaching it is certainly on `m`:

- a name every assignment of which in the owner stands in that block, one of them directly in it;
- each assigned value a JAX computation run there: under a context mesh, a primitive either raises
  or returns arrays on it (an input on another mesh raises), so `jnp.*`, `lax.*`, `jax.nn.*` of an
  argument on `m` or of constants only, `shard_map(...)(...)` (no `mesh=` or `m` itself),
  `jax.jit(f)(...)` of an argument on `m`, `jax.device_put(a, P(...))` or `NamedSharding(m, ...)`,
  an array method or operator or index of a value on `m`, a dict, tuple or list of such (an item
  of it is then on `m`), or a module function (no `with`, no decorator) every return of which is
  such, with `m` passed to one of its parameters. A JAX call
  of another mesh's array alone may forward it unchanged (`jax.jit(lambda b: b)`, a `reshape` to
  the same shape: checked), so a call on arguments not on `m` is unknown;
- handed down through parameters that are never reassigned to the helper holding the gather, each
  helper called only at such sites (reached as mesh_reach does).

Left unknown: a mesh taken as a parameter, `self.mesh` or a module global (a caller may set an
equal one: it is its own), a generator or async owner, a method, a decorated function, a gather
inside the block or before it, a caller in the file that wraps the owner (it may set the equal
mesh: the existing walk decides when the owner is called), a `jax.set_mesh(m)` set for good.
"""
from __future__ import annotations

import ast

from codemods.analysis.foreign_code import imports_unread_code
from codemods.analysis.mesh_reach import MAX_HOPS, MESH_FACTORIES, _Reach
from codemods.analysis.nodes import body_nodes
from codemods.analysis.nodes import argument_at

SHARD_MAPS = frozenset({"jax.shard_map", "jax.experimental.shard_map.shard_map"})
JAX_OPS = ("jax.numpy.", "jax.lax.", "jax.nn.")
# `jnp.asarray`/`jnp.array` of a jax array may hand it back without a primitive.
NOT_OPS = frozenset({"jax.numpy.asarray", "jax.numpy.array"})
ARRAY_METHODS = frozenset({"mean", "sum", "max", "min", "prod", "std", "var", "argmax", "argmin",
                           "cumsum", "astype", "reshape", "transpose", "ravel", "flatten", "squeeze",
                           "clip", "round", "swapaxes"})
PARTITION_SPEC = "jax.sharding.PartitionSpec"
NAMED_SHARDING = "jax.sharding.NamedSharding"


def owned_mesh_path(tree: ast.Module, bindings: dict[str, str | None], call: ast.Call) -> tuple[list[str], str] | None:
    """(the functions from the owner down to `call`, the owner's name) when `call`, a
    `top_level_all_gather`, certainly runs after the owner's own mesh block on an array on that
    mesh, and the module reaches it no other way; else None."""
    reach = getattr(tree, "_shardfix_mesh_reach", None)
    if reach is None or reach.bindings is not bindings:
        reach = _Reach(tree, bindings)
        tree._shardfix_mesh_reach = reach  # type: ignore[attr-defined]
    if reach.sets_globally or imports_unread_code(tree) or not call.args:
        return None
    found = _Owner(reach).path(call, _container(call.args[0]), frozenset(), 0)
    return (found, found[0]) if found is not None else None


class _Owner:
    def __init__(self, reach: _Reach) -> None:
        self.reach = reach
        self.owner: ast.FunctionDef | None = None
        self.block: ast.With | None = None

    def path(self, node: ast.AST, expr: ast.expr, seen: frozenset[str], hops: int) -> list[str] | None:
        reach = self.reach
        if hops > MAX_HOPS:
            return None
        function = reach.enclosing(node)
        if not isinstance(function, ast.FunctionDef) or function.decorator_list \
                or not isinstance(reach.parents.get(id(function)), (ast.Module, ast.FunctionDef)) \
                or reach.bound.get(function.name) != 1 or function.name in seen \
                or any(isinstance(inner, (ast.Yield, ast.YieldFrom, ast.Await)) for inner in ast.walk(function)):
            return None
        name = function.name
        uses = reach.references.get(name, [])
        if not uses:  # an entry; a nested function nothing reads never runs
            owner = isinstance(reach.parents.get(id(function)), ast.Module) and self.owner_sends(function, node, expr)
            return [name] if owner else None
        param = _param_index(function, expr)
        if param is None:
            return None
        longest: list[str] | None = None
        for use in uses:
            site = reach.parents.get(id(use))
            if not (isinstance(site, ast.Call) and site.func is use):
                return None  # passed as a value, run by a library: not followed here
            argument = argument_at(site, *param)
            argument = _container(argument) if argument is not None else None
            found = self.path(site, argument, seen | {name}, hops + 1) if argument is not None else None
            if found is None:
                return None
            if longest is None or len(found) > len(longest):
                longest = found
        return [*longest, name]

    def owner_sends(self, function: ast.FunctionDef, node: ast.AST, expr: ast.expr) -> bool:
        """Whether `node`, in `function` (called from nowhere in the file), runs after a block
        `with jax.set_mesh(m):` of a mesh `m` the function builds, and `expr` there is an array
        that block placed on `m`."""
        reach = self.reach
        if not isinstance(expr, ast.Name):
            return False
        statement = _top_statement(function, node, reach.parents)
        if statement is None:
            return False
        stores = _stores(function, expr.id)
        for block in function.body[:function.body.index(statement)]:
            mesh = self.owned_mesh(function, block)
            if mesh is None or not stores or any(isinstance(stmt, (ast.Return, ast.Raise)) for stmt in block.body):
                continue  # a block that always leaves the function: the code after it never runs
            inside = [store for store in stores if _within(store, block, reach.parents)]
            direct = any(isinstance(reach.parents.get(id(store)), ast.Assign)
                         and reach.parents.get(id(store)) in block.body for store in stores)
            if len(inside) == len(stores) and direct:
                self.owner, self.block = function, block
                return all(self.assigned_on(function, store, {mesh}, set(), True) for store in stores)
        return False

    def owned_mesh(self, function: ast.FunctionDef, block: ast.stmt) -> str | None:
        """The name `m` of `with jax.set_mesh(m):` (its only item) when `function` builds `m`."""
        reach = self.reach
        if not isinstance(block, ast.With) or len(block.items) != 1:
            return None
        setter = block.items[0].context_expr
        if not (isinstance(setter, ast.Call) and reach.resolve(setter.func) == "jax.set_mesh"
                and len(setter.args) == 1 and not setter.keywords and isinstance(setter.args[0], ast.Name)):
            return None
        mesh = setter.args[0]
        value = reach.value_of(mesh)
        if reach.parents.get(id(value)) not in function.body:
            return None  # a module global: code elsewhere may set an equal mesh around
        return mesh.id if self.builds_mesh(value) else None

    def builds_mesh(self, value: ast.expr | None) -> bool:
        """A call making a new mesh: a factory, or a module function that returns one at each return."""
        reach = self.reach
        if not isinstance(value, ast.Call):
            return False
        if reach.resolve(value.func) in MESH_FACTORIES:
            return True
        helper = reach.module_defs.get(value.func.id) if isinstance(value.func, ast.Name) else None
        if not isinstance(helper, ast.FunctionDef) or helper.decorator_list or reach.bound.get(helper.name) != 1:
            return False
        returns = [node for node in body_nodes(helper) if isinstance(node, ast.Return)]
        return bool(returns) and all(isinstance(ret.value, ast.Call) and reach.resolve(ret.value.func) in MESH_FACTORIES
                                     for ret in returns)

    def assigned_on(self, function: ast.FunctionDef, store: ast.Name, meshes: set[str], seen: set,
                    under: bool) -> bool:
        """Whether the value `store` binds is on `m`; `under`: whether it runs under the context mesh
        `m` (in the owner: when it stands in the block; outside it only an explicit placement counts)."""
        assign = self.reach.parents.get(id(store))
        if function is self.owner:
            under = _within(store, self.block, self.reach.parents)
        if isinstance(assign, ast.Assign) and assign.targets == [store]:
            return self.on_mesh(function, assign.value, meshes, seen, under)
        if isinstance(assign, ast.AugAssign) and assign.target is store:
            # the old value too: on `m` when its other stores are (a plain assignment binds it first)
            read = ast.Name(store.id, ast.Load())
            return self.on_mesh(function, assign.value, meshes, seen, under) \
                or self.on_mesh(function, read, meshes, seen, under)
        return False

    def on_mesh(self, function: ast.FunctionDef, expr: ast.expr, meshes: set[str], seen: set,
                under: bool) -> bool:
        """Whether `expr`, evaluated in `function` under the context mesh `m` (known in it by the
        names `meshes`), is an array (or arrays) on `m`, or raises."""
        reach = self.reach
        if len(seen) > 4 * MAX_HOPS:
            return False
        if isinstance(expr, ast.Name):
            key = (id(function), expr.id)
            if key in seen:
                return True  # a loop of assignments: the values that enter it decide
            stores = _stores(function, expr.id)
            if not stores or _is_param(function, expr.id) and not _killed(function, expr, stores, reach.parents):
                return False
            return all(self.assigned_on(function, store, meshes, seen | {key}, under) for store in stores)
        if isinstance(expr, (ast.BinOp,)):
            return self.on_mesh(function, expr.left, meshes, seen, under) \
                or self.on_mesh(function, expr.right, meshes, seen, under)
        if isinstance(expr, ast.UnaryOp):
            return self.on_mesh(function, expr.operand, meshes, seen, under)
        if isinstance(expr, ast.Subscript):
            return self.on_mesh(function, expr.value, meshes, seen, under)
        if isinstance(expr, ast.Dict):  # a tree of results: each leaf on `m`
            return bool(expr.values) and None not in expr.keys \
                and all(self.on_mesh(function, value, meshes, seen, under) for value in expr.values)
        if isinstance(expr, (ast.Tuple, ast.List)):
            return bool(expr.elts) and not any(isinstance(elt, ast.Starred) for elt in expr.elts) \
                and all(self.on_mesh(function, elt, meshes, seen, under) for elt in expr.elts)
        if isinstance(expr, ast.IfExp):
            return self.on_mesh(function, expr.body, meshes, seen, under) \
                and self.on_mesh(function, expr.orelse, meshes, seen, under)
        if not isinstance(expr, ast.Call) or any(isinstance(arg, ast.Starred) for arg in expr.args) \
                or any(keyword.arg is None for keyword in expr.keywords):
            return False
        func = expr.func
        callee = reach.resolve(func)
        if callee == "jax.device_put":  # placed explicitly: on `m` wherever it runs
            return len(expr.args) == 2 and self.placed_on(expr.args[1], meshes, under)
        if isinstance(func, ast.Name) and func.id in self.reach.module_defs:
            return self.returns_on(function, expr, meshes, seen, under)
        if not under:
            return False  # a computation under another context mesh: on that one
        if isinstance(func, ast.Call):  # `jax.shard_map(f, ...)(x)`, `jax.jit(f)(x)`
            wrapper = reach.resolve(func.func)
            if wrapper in SHARD_MAPS:
                mesh = next((keyword.value for keyword in func.keywords if keyword.arg == "mesh"), None)
                return mesh is None or isinstance(mesh, ast.Name) and mesh.id in meshes
            return wrapper == "jax.jit" and self.any_on(function, expr.args, meshes, seen, under)
        if isinstance(func, ast.Attribute) and func.attr in ARRAY_METHODS \
                and self.on_mesh(function, func.value, meshes, seen, under):
            return True
        if callee and callee.startswith(JAX_OPS) and callee not in NOT_OPS:
            return self.any_on(function, expr.args, meshes, seen, under) or all(map(_constant, expr.args))
        return False

    def any_on(self, function, args, meshes, seen, under) -> bool:
        return any(self.on_mesh(function, arg, meshes, seen, under) for arg in args)

    def placed_on(self, sharding: ast.expr, meshes: set[str], under: bool) -> bool:
        """`NamedSharding(m, ...)`, or `P(...)` under the context mesh `m`."""
        if not isinstance(sharding, ast.Call):
            return False
        kind = self.reach.resolve(sharding.func)
        if kind == PARTITION_SPEC:
            return under
        return kind == NAMED_SHARDING and bool(sharding.args) and isinstance(sharding.args[0], ast.Name) \
            and sharding.args[0].id in meshes

    def returns_on(self, caller: ast.FunctionDef, call: ast.Call, meshes: set[str], seen: set, under: bool) -> bool:
        """A module function (no decorator, no `with`, no nested function) called in the block:
        every return is on `m`, known in it by the parameters `m` is passed to."""
        reach = self.reach
        helper = reach.module_defs.get(call.func.id)
        if not isinstance(helper, ast.FunctionDef) or helper.decorator_list or reach.bound.get(helper.name) != 1 \
                or len(seen) > MAX_HOPS or any(isinstance(node, (ast.With, ast.AsyncWith, ast.Yield, ast.YieldFrom,
                                                                 ast.Global, ast.Nonlocal))
                                               for node in ast.walk(helper)):
            return False
        inner = set()
        params = [arg.arg for arg in helper.args.posonlyargs + helper.args.args]
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Name) and arg.id in meshes and index < len(params):
                inner.add(params[index])
        for keyword in call.keywords:
            if isinstance(keyword.value, ast.Name) and keyword.value.id in meshes:
                inner.add(keyword.arg)
        inner = {name for name in inner if not _stores(helper, name)}
        returns = [node for node in body_nodes(helper) if isinstance(node, ast.Return)]
        key = (id(helper), "<return>")
        return bool(returns) and all(ret.value is not None and self.on_mesh(helper, ret.value, inner, seen | {key}, under)
                                     for ret in returns)


def _container(expr: ast.expr) -> ast.expr:
    """The tree an item is read from (`state["w"]`, `outs[0]`): on `m` when every leaf of it is."""
    while isinstance(expr, ast.Subscript):
        expr = expr.value
    return expr


def _constant(expr: ast.expr) -> bool:
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, ast.UnaryOp):
        return _constant(expr.operand)
    return isinstance(expr, ast.Tuple) and all(map(_constant, expr.elts))


def _stores(function: ast.FunctionDef, name: str) -> list[ast.Name]:
    """The nodes binding `name` in the function's own body (a `global`/`nonlocal` or an import of
    it counts as a store no value is read from)."""
    found = []
    for node in body_nodes(function):
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            found.append(node)
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names \
                or isinstance(node, (ast.Import, ast.ImportFrom)) and any(
                    (alias.asname or alias.name).split(".")[0] == name for alias in node.names) \
                or isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name == name:
            found.append(node)
    # a nested function may rebind it (`nonlocal`): that store is no value read here
    found.extend(node for node in ast.walk(function) if isinstance(node, ast.Nonlocal) and name in node.names)
    return found


def _is_param(function: ast.FunctionDef, name: str) -> bool:
    return any(isinstance(arg, ast.arg) and arg.arg == name for arg in ast.walk(function.args))


def _killed(function: ast.FunctionDef, read: ast.Name, stores: list[ast.Name], parents) -> bool:
    """A parameter assigned by a statement that runs before the one reading it in the same
    statement list (of the function or a block around the read): its argument is then no longer
    what the read sees."""
    assigns = {id(parents.get(id(store))) for store in stores if isinstance(parents.get(id(store)), ast.Assign)}
    node = read
    while node is not None and node is not function:
        parent = parents.get(id(node))
        body = getattr(parent, "body", None)
        if isinstance(body, list) and node in body:
            if any(id(stmt) in assigns for stmt in body[:body.index(node)]):
                return True
        if isinstance(parent, (ast.Lambda, ast.ClassDef)) or isinstance(parent, ast.FunctionDef) and parent is not function:
            return False
        node = parent
    return False


def _param_index(function: ast.FunctionDef, expr: ast.expr) -> tuple[int | None, str] | None:
    """(position, name) of the parameter `expr` reads, when the function never rebinds it."""
    if not isinstance(expr, ast.Name) or _stores(function, expr.id):
        return None
    args = function.args
    positional = [arg.arg for arg in args.posonlyargs + args.args]
    if expr.id in positional:
        index = positional.index(expr.id)
        return (index, expr.id) if expr.id not in [a.arg for a in args.posonlyargs] else (index, "")
    if expr.id in [arg.arg for arg in args.kwonlyargs]:
        return None, expr.id
    return None


def _top_statement(function: ast.FunctionDef, node: ast.AST, parents) -> ast.stmt | None:
    while node is not None and node not in function.body:
        node = parents.get(id(node))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) and node is not function:
            return None
    return node


def _within(node: ast.AST, block: ast.With, parents) -> bool:
    while node is not None:
        parent = parents.get(id(node))
        if parent is block:
            return node in block.body
        node = parent
    return False
