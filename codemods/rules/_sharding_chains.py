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


def rewrite(ctx: FileContext, reference: ast.expr) -> tuple[str, ast.expr, list[Edit]] | None:
    """(the NamedSharding's text, the expression it replaces, the import edits it needs) for the
    chain built on `reference` (a name of `PositionalSharding`); None when the chain is not one
    of the forms above, its rank is unknown, or numpy is not imported at module level."""
    from codemods.rules._api_changes import quote_in, render, spell

    parent_of = walks.parents(ctx)
    call = parent_of.get(id(reference))
    if not isinstance(call, ast.Call) or call.func is not reference or len(call.args) != 1 or call.keywords \
            or isinstance(call.args[0], ast.Starred):
        return None
    node, methods = call, {}
    while isinstance(attribute := parent_of.get(id(node)), ast.Attribute) and attribute.value is node:
        method = parent_of.get(id(attribute))
        if not isinstance(method, ast.Call) or method.func is not attribute or attribute.attr in methods:
            return None
        methods[attribute.attr] = method
        node = method
    if tuple(methods) not in _METHOD_ORDERS or not _used_whole(ctx, node):
        return None
    devices = ctx.text(call.args[0])
    if not _is_array(ctx, call.args[0]):
        devices = f"<numpy.array>({devices})"
    rank = _rank(ctx, call.args[0])
    if "reshape" in methods:
        shape = _reshape(ctx, methods["reshape"])
        if shape is None:
            return None
        rank, shaped = shape
        devices = f"{devices}.reshape({shaped})"
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
    if spell(ctx, "numpy.array")[1]:
        return None  # numpy is not imported: its name is not ours to choose
    quote = quote_in(ctx, node)
    names = [f"{quote}d{i}{quote}" for i in range(rank)]
    mesh = f"<jax.sharding.Mesh>({devices}, ({', '.join(names)}{',' if rank == 1 else ''}))"
    if "replicate" in methods:
        names = [] if axis is None else ["None" if i == axis % rank else name for i, name in enumerate(names)]
    text, edits = render(ctx, f"<jax.sharding.NamedSharding>({mesh}, <jax.sharding.PartitionSpec>({', '.join(names)}))")
    return text, node, edits


def _is_array(ctx: FileContext, devices: ast.expr) -> bool:
    """`devices` is a call that certainly returns a NumPy array (no parentheses needed)."""
    if not isinstance(devices, ast.Call):
        return False
    if isinstance(devices.func, ast.Attribute) and devices.func.attr == "reshape":
        return _is_array(ctx, devices.func.value)
    return ctx.imports.resolve(devices.func) in (*_TO_ARRAY, _DEVICE_GRID)


def _used_whole(ctx: FileContext, node: ast.expr) -> bool:
    """No attribute is read on `node`'s value: neither on it nor on a name assigned from it."""
    parent = walks.parents(ctx).get(id(node))
    if isinstance(parent, ast.Attribute):
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
