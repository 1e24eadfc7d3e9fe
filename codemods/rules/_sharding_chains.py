"""`PositionalSharding(devices)[.reshape(shape)][.replicate(axis)]` written as the `NamedSharding`
that places every shard on the same device (SF204).

Checked on jax 0.4.35 and 0.6.2 (`is_equivalent_to` and `devices_indices_map` equal):
`PositionalSharding(d).reshape(2, 4)` is `NamedSharding(Mesh(np.array(d).reshape(2, 4), ('d0',
'd1')), P('d0', 'd1'))`, `.replicate()` is the same mesh with `P()`, and `.replicate(k)` leaves
dimension k unsplit (`None` at k). Only a chain whose result is used as a whole is rewritten: an
attribute read on it (or on a name holding it) needs the old object.
"""
from __future__ import annotations

import ast

from codemods.context import FileContext
from codemods.model import Edit
from codemods.rules import _api_walks as walks

_DEVICE_LISTS = ("jax.devices", "jax.local_devices")
_TO_ARRAY = ("numpy.array", "numpy.asarray")
_DEVICE_GRID = "jax.experimental.mesh_utils.create_device_mesh"
_METHOD_ORDERS = ((), ("reshape",), ("replicate",), ("reshape", "replicate"))


def rewrite(ctx: FileContext, reference: ast.expr) -> tuple[list[tuple[ast.expr, str]], list[Edit]] | None:
    """(each expression replaced and its new text, the import edits they need) for the chain
    built on `reference` (a name of `PositionalSharding`); None when the chain is not one of the
    forms above, a rank is unknown, or numpy is not imported at module level.

    A name assigned once from `PositionalSharding(devices)[.reshape(...)]` whose every use is such
    a chain used whole (`s.reshape(4, 2)`, `s.replicate()`) is assigned the device array instead,
    and each use becomes the NamedSharding over it."""
    from codemods.rules._api_text import quote_in, render, spell

    if spell(ctx, "numpy.array")[1]:
        return None  # numpy is not imported: its name is not ours to choose
    call = walks.parents(ctx).get(id(reference))
    if not isinstance(call, ast.Call) or call.func is not reference or len(call.args) != 1 or call.keywords \
            or isinstance(call.args[0], ast.Starred):
        return None
    climbed = _climb(ctx, call)
    if climbed is None:
        return None
    end, methods = climbed
    devices = ctx.text(call.args[0])
    if not _is_array(ctx, call.args[0]):
        devices = f"<numpy.array>({devices})"
    rank = _rank(ctx, call.args[0])
    uses = _held_uses(ctx, end) if "replicate" not in methods else None
    if uses is None:
        built = _used_whole(ctx, end) and _sharding(ctx, devices, rank, methods, quote_in(ctx, end))
        if not built:
            return None
        text, edits = render(ctx, built)
        return [(end, text)], edits
    reshaped = _reshaped(ctx, devices, rank, methods)
    if reshaped is None:
        return None
    devices, rank = reshaped
    held = ctx.text(parent.targets[0]) if isinstance(parent := walks.parents(ctx).get(id(end)), ast.Assign) else ""
    replaced = [(end, devices)]
    for use_end, use_methods in uses:
        built = _sharding(ctx, held, rank, use_methods, quote_in(ctx, use_end))
        if not built:
            return None
        replaced.append((use_end, built))
    edits: list[Edit] = []
    rendered = []
    for node, template in replaced:
        text, needed = render(ctx, template)
        rendered.append((node, text))
        edits.extend(e for e in needed if e not in edits)
    return rendered, edits


def _climb(ctx: FileContext, node: ast.expr) -> tuple[ast.expr, dict[str, ast.Call]] | None:
    """The outermost call of `node.reshape(...).replicate(...)` (each method at most once, in
    that order) and those method calls; None for any other method or attribute."""
    parent_of = walks.parents(ctx)
    methods: dict[str, ast.Call] = {}
    while isinstance(attribute := parent_of.get(id(node)), ast.Attribute) and attribute.value is node:
        method = parent_of.get(id(attribute))
        if not isinstance(method, ast.Call) or method.func is not attribute or attribute.attr in methods:
            return None
        methods[attribute.attr] = method
        node = method
    return (node, methods) if tuple(methods) in _METHOD_ORDERS else None


def _reshaped(ctx: FileContext, devices: str, rank: int | None,
              methods: dict[str, ast.Call]) -> tuple[str, int | None] | None:
    """The device array text and rank after the chain's `.reshape(...)`, if it has one; None
    when the shape cannot be read."""
    if "reshape" not in methods:
        return devices, rank
    shape = _reshape(ctx, methods["reshape"])
    if shape is None:
        return None
    rank, shaped = shape
    return f"{devices}.reshape({shaped})", rank


def _sharding(ctx: FileContext, devices: str, rank: int | None, methods: dict[str, ast.Call], quote: str) -> str | None:
    """The NamedSharding template for the device array `devices` (of `rank` dimensions, None
    when unknown) with `methods` applied as PositionalSharding applied them."""
    reshaped = _reshaped(ctx, devices, rank, methods)
    if reshaped is None:
        return None
    devices, rank = reshaped
    axis: int | None = None
    if "replicate" in methods:
        replicated = _replicated_axis(methods["replicate"])
        if replicated is None:
            return None
        axis = replicated[0]
        if rank is None and axis is None:  # every device holds everything: any grid will do
            devices, rank = devices + ".reshape(-1)", 1
    if rank is None or axis is not None and not -rank <= axis < rank:
        return None
    names = [f"{quote}d{i}{quote}" for i in range(rank)]
    mesh = f"<jax.sharding.Mesh>({devices}, ({', '.join(names)}{',' if rank == 1 else ''}))"
    if "replicate" in methods:
        names = [] if axis is None else ["None" if i == axis % rank else name for i, name in enumerate(names)]
    return f"<jax.sharding.NamedSharding>({mesh}, <jax.sharding.PartitionSpec>({', '.join(names)}))"


def _held_uses(ctx: FileContext, end: ast.expr) -> list[tuple[ast.expr, dict[str, ast.Call]]] | None:
    """When `end` is assigned to a name (once, in a function or in a script) whose reads are all
    method chains used whole, and at least one has a method: each read's chain."""
    parent = walks.parents(ctx).get(id(end))
    if not isinstance(parent, ast.Assign) or len(parent.targets) != 1 or not isinstance(parent.targets[0], ast.Name):
        return None
    name = parent.targets[0].id
    scope = walks.scope_of(ctx, parent)
    if isinstance(scope, ast.Module) and not _is_script(ctx):
        return None  # another module may import the name and expect a sharding
    found = [n for n in ast.walk(ctx.tree) if isinstance(n, ast.Name) and n.id == name]
    if any(isinstance(n, ast.arg) and n.arg == name for n in ast.walk(ctx.tree)) or any(
            isinstance(n, (ast.Global, ast.Nonlocal)) and name in n.names for n in ast.walk(ctx.tree)):
        return None
    uses = []
    for node in found:
        if node is parent.targets[0]:
            continue
        climbed = _climb(ctx, node) if isinstance(node.ctx, ast.Load) else None
        if climbed is None or not _used_whole(ctx, climbed[0]):
            return None
        uses.append(climbed)
    return uses if any(methods for _, methods in uses) else None


def _is_script(ctx: FileContext) -> bool:
    return any(isinstance(stmt, ast.If) and "__main__" in ctx.text(stmt.test) for stmt in ctx.tree.body)


def _is_array(ctx: FileContext, devices: ast.expr) -> bool:
    """`devices` is a call that certainly returns a NumPy array (no parentheses needed)."""
    if not isinstance(devices, ast.Call):
        return False
    if isinstance(devices.func, ast.Attribute) and devices.func.attr == "reshape":
        return _is_array(ctx, devices.func.value)
    return ctx.imports.resolve(devices.func) in (*_TO_ARRAY, _DEVICE_GRID)


def _used_whole(ctx: FileContext, node: ast.expr) -> bool:
    """No attribute is read on `node`'s value: neither on it nor on a name assigned from it, nor
    (as far as can be seen) by a function of this module it is passed to."""
    parent = walks.parents(ctx).get(id(node))
    if isinstance(parent, ast.keyword):
        parent = walks.parents(ctx).get(id(parent))
    if isinstance(parent, ast.Attribute):
        return False
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and any(
            isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == parent.func.id
            for n in ast.walk(ctx.tree)):
        return False
    if isinstance(parent, (ast.Assign, ast.AnnAssign, ast.NamedExpr)):
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        if not all(isinstance(t, ast.Name) for t in targets):
            return False
        held = {t.id for t in targets}
        return not any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id in held
                       for n in ast.walk(ctx.tree))
    return True


def _reshape(ctx: FileContext, call: ast.Call) -> tuple[int, str] | None:
    """(rank, the arguments' text) of `.reshape(a, b)` or `.reshape((a, b))`."""
    if call.keywords or not call.args or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    if len(call.args) == 1:
        only = call.args[0]
        if isinstance(only, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in only.elts):
            return (len(only.elts), ctx.text(only)) if only.elts else None
        if isinstance(only, ast.Constant) and isinstance(only.value, int):
            return 1, ctx.text(only)
        return None  # `reshape(shape)`: the rank is the length of a value
    return len(call.args), ", ".join(ctx.text(a) for a in call.args)


def _replicated_axis(call: ast.Call) -> tuple[int | None] | None:
    """(axis,) of `.replicate()`, `.replicate(k)`, `.replicate(axis=k)` (keepdims left True)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) > 1:
        return None
    given = {k.arg: k.value for k in call.keywords}
    if None in given or set(given) - {"axis", "keepdims"} or call.args and "axis" in given:
        return None
    keepdims = given.get("keepdims")
    if keepdims is not None and not (isinstance(keepdims, ast.Constant) and keepdims.value is True):
        return None
    axis = call.args[0] if call.args else given.get("axis")
    if axis is None or isinstance(axis, ast.Constant) and axis.value is None:
        return (None,)
    value = _int(axis)
    return None if value is None else (value,)


def _int(node: ast.expr) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _int(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    return None


def _rank(ctx: FileContext, devices: ast.expr, depth: int = 0) -> int | None:
    """The number of dimensions of the device array `devices` certainly has, or None."""
    if depth > 8:
        return None
    if isinstance(devices, ast.Subscript) and isinstance(devices.slice, ast.Slice):
        return 1 if _rank(ctx, devices.value, depth + 1) == 1 else None
    if isinstance(devices, ast.Name):
        value = walks.assigned_value(ctx, devices)
        return None if value is None else _rank(ctx, value, depth + 1)
    if not isinstance(devices, ast.Call):
        return None
    name = ctx.imports.resolve(devices.func)
    if name in _DEVICE_LISTS:
        return 1
    if name in _TO_ARRAY and len(devices.args) == 1 and not devices.keywords:
        return _rank(ctx, devices.args[0], depth + 1)
    if name == _DEVICE_GRID and devices.args and isinstance(devices.args[0], (ast.Tuple, ast.List)):
        return len(devices.args[0].elts) or None
    if isinstance(devices.func, ast.Attribute) and devices.func.attr == "reshape" and not devices.keywords:
        shape = _reshape(ctx, devices)
        return shape[0] if shape is not None else None
    return None
