"""The fields `__init__` stores at its top level (`self.attr = expr`), and in which order: a
field stored once there holds what its statement stored for every later statement of __init__
that reads it (`self.action_axis = self.mesh_axes[1]`), when nothing else sets it.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import FunctionDef, positional_params
from codemods.analysis.object_methods import UNPACKED_CALL, unpacked_item
from codemods.analysis.pyvalues import UNPACK_SHAPE, MeshValue
from codemods.analysis.values import Const, SpecValue, TupleValue, Value, leaves

UNKNOWABLE = ast.Yield(value=None)  # an expression the interpreter evaluates to unknown


def stored_pairs(stmt: ast.stmt, receiver: str) -> list[tuple[ast.Attribute, ast.expr]]:
    """(`self.attr` target, the expression it gets) of a store at __init__'s top level; a tuple
    target (`self.mesh, self.cfg = mesh, cfg`) pairs item by item with a tuple display of the same
    length, else its attributes get an expression that evaluates to unknown."""
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, ast.Expr) and "_shardfix_setter_pairs" in stmt.__dict__:
        return [pair for pair in stmt.__dict__["_shardfix_setter_pairs"] if is_field(pair[0], receiver)]  # (kwargs_setters.py)
    elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        targets = [stmt.target]
    else:
        return []
    pairs = []
    for target in targets:
        if type(target) in (ast.Tuple, ast.List):
            values = stmt.value.elts if type(stmt.value) in (ast.Tuple, ast.List) \
                and len(stmt.value.elts) == len(target.elts) \
                and not any(type(item) is ast.Starred for item in stmt.value.elts + target.elts) else None
            pairs.extend((item, values[index] if values is not None
                          else unpacked_item(stmt.value, target, index) or UNKNOWABLE)  # `= mesh.axis_names`
                         for index, item in enumerate(target.elts) if is_field(item, receiver))
        elif is_field(target, receiver):
            pairs.append((target, stmt.value))
    return pairs


def stored_value(interp, expr: ast.expr, frame) -> Value:
    """What a store of __init__ gives its field in a construction's frame; an item of a call's
    result (`self.pre, self.fwd = self._sanitize(**kwargs)`) from the one run of the call, kept in
    the frame under a name no code can spell."""
    if not getattr(expr, UNPACKED_CALL, False):
        return interp.eval(expr, frame)
    held = f"<unpacked {id(expr.value)}>"
    if held not in frame.vars:
        frame.vars[held] = interp.eval(expr.value, frame)
    item = ast.Subscript(value=ast.Name(id=held, ctx=ast.Load()), slice=expr.slice, ctx=ast.Load(),
                         **{UNPACK_SHAPE: getattr(expr, UNPACK_SHAPE)})
    return interp.eval(ast.copy_location(item, expr.value), frame)


def returns_early(method: FunctionDef) -> bool:
    """Whether a `return` may end the method before its last top-level statement: the stores
    after it are not certain (`if not enabled: return` before `self.axis = axis`)."""
    def returns(node: ast.AST) -> bool:
        return any(type(inner) is ast.Return or not isinstance(inner, _SCOPES) and returns(inner)
                   for inner in ast.iter_child_nodes(node))

    return any(type(stmt) is ast.Return or returns(stmt) for stmt in method.body[:-1])


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def is_field(target: ast.expr, receiver: str) -> bool:
    return isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == receiver


def store_order(init: FunctionDef) -> dict[str, int]:
    """The index of the top-level statement of `init` storing each field stored there once."""
    receiver = positional_params(init.args)[0].arg
    found: dict[str, int] = {}
    seen: set[str] = set()
    for index, stmt in enumerate(init.body):
        for target, _ in stored_pairs(stmt, receiver):
            if target.attr in seen:
                found.pop(target.attr, None)
            else:
                found[target.attr] = index
            seen.add(target.attr)
    return found


def stored_before(fields: dict[str, Value], order: dict[str, int], attr: str) -> tuple[tuple[str, Value], ...]:
    """The fields a statement storing `attr` may read as stored: stored once by an earlier
    statement, with a value no call in between can change in place (constants, tuples of them,
    meshes)."""
    here = order.get(attr)
    if here is None:
        return ()
    return tuple(sorted((name, value) for name, value in fields.items()
                        if order.get(name, here) < here and immutable(value)))


def immutable(value: Value) -> bool:
    """A value no call can change in place: constants, tuples of them, meshes, PartitionSpecs."""
    if isinstance(value, TupleValue):
        return all(isinstance(leaf, Const) for leaf in leaves(value))
    return isinstance(value, (Const, MeshValue, SpecValue))
