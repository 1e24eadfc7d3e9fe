"""pmap's `in_axes` / `out_axes` read from source, and the shard_map specs that keep their meaning.

pmap maps a function over one axis of each argument (`in_axes`: an int, None, or a tuple or dict
of them per argument) and stacks the results along `out_axes`. Over a 1-D mesh whose axis is
pmap's `axis_name`, the same split is `P(None, ..., name)` for axis k (k Nones first) and `P()`
for None. Only literal axes are read: anything else (a variable, a negative axis, a list, which
pmap itself rejects at the top level) is left to a person, with the reason.

Built on Python's `ast`; the source text of dict keys is kept verbatim.
"""
from __future__ import annotations

import ast
from codemods.dataclass_code import dataclass
from typing import Callable, Union

Axes = Union[int, None, "TupleAxes", "DictAxes"]


@dataclass(frozen=True)
class TupleAxes:
    items: tuple[Axes, ...]


@dataclass(frozen=True)
class DictAxes:
    items: tuple[tuple[str, Axes], ...]  # (key source text, axes)


class Untranslatable(Exception):
    """The axes cannot be read as a literal; the message says why, for the finding."""


def read_axes(node: ast.expr, text: Callable[[ast.AST], str], what: str) -> Axes:
    """The literal axes `node` spells (`what` names the argument in messages)."""
    if isinstance(node, ast.Constant) and node.value is None:
        return None
    if isinstance(node, ast.Constant) and type(node.value) is int:
        if node.value < 0:
            raise Untranslatable(f"`{what}` holds a negative axis ({node.value})")
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        raise Untranslatable(f"`{what}` holds a negative axis")
    if isinstance(node, ast.Tuple):
        return TupleAxes(tuple(read_axes(elt, text, what) for elt in node.elts))
    if isinstance(node, ast.Dict):
        if any(key is None or not (isinstance(key, ast.Constant) and isinstance(key.value, str))
               for key in node.keys):
            raise Untranslatable(f"`{what}` is a dict whose keys are not all string literals")
        return DictAxes(tuple((text(key), read_axes(value, text, what))  # type: ignore[arg-type]
                              for key, value in zip(node.keys, node.values)))
    if isinstance(node, ast.List):
        raise Untranslatable(f"`{what}` is a list (pmap wants a tuple per positional argument)")
    raise Untranslatable(f"`{what}` is not a literal (`{text(node)}`): its specs cannot be read statically")


def has_none(axes: Axes) -> bool:
    if axes is None:
        return True
    if isinstance(axes, TupleAxes):
        return any(has_none(item) for item in axes.items)
    if isinstance(axes, DictAxes):
        return any(has_none(item) for _, item in axes.items)
    return False


def render_specs(axes: Axes, spec: str, axis: str) -> str:
    """The in_specs / out_specs text for `axes` over the mesh axis spelled `axis`, with the
    PartitionSpec spelled `spec`."""
    if axes is None:
        return f"{spec}()"
    if isinstance(axes, int):
        return f"{spec}({'None, ' * axes}{axis})"
    if isinstance(axes, TupleAxes):
        inner = [render_specs(item, spec, axis) for item in axes.items]
        return f"({inner[0]},)" if len(inner) == 1 else f"({', '.join(inner)})"
    return "{" + ", ".join(f"{key}: {render_specs(item, spec, axis)}" for key, item in axes.items) + "}"


def render_axes(axes: Axes) -> str:
    """`axes` as Python source (for vmap's in_axes / out_axes)."""
    if axes is None or isinstance(axes, int):
        return repr(axes)
    if isinstance(axes, TupleAxes):
        inner = [render_axes(item) for item in axes.items]
        return f"({inner[0]},)" if len(inner) == 1 else f"({', '.join(inner)})"
    return "{" + ", ".join(f"{key}: {render_axes(item)}" for key, item in axes.items) + "}"


def without_positions(axes: Axes, drop: set[int], arity: int) -> Axes:
    """In_axes of the arguments left once the static ones (`drop`) are closed over."""
    if isinstance(axes, TupleAxes):
        if len(axes.items) != arity:
            raise Untranslatable(f"`in_axes` has {len(axes.items)} entries for {arity} arguments")
        return TupleAxes(tuple(item for index, item in enumerate(axes.items) if index not in drop))
    return axes
