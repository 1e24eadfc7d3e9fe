"""PartitionSpec and sharding literals read from source, directly or through a local name.

`P('a', ('b', 'c'), None, reduced={'d'})` and `NamedSharding(mesh, P(...))` become a `Spec`
(axis names per dimension) that keeps the nodes a fix needs to rewrite the literal. Anything the
source does not spell out literally (a computed axis name, `P.UNCONSTRAINED`, `*dims`) is unknown:
the parsers return None and a rule stays silent.

Local names are followed by local_names.py (re-exported here for the rules that read specs).
"""
from __future__ import annotations

from codemods.dataclass_code import dataclass

from codemods.analysis.local_names import follow_names
from codemods.analysis.named_axes import named_axes
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

PARTITION_SPEC = "jax.sharding.PartitionSpec"
NAMED_SHARDING = "jax.sharding.NamedSharding"

Axes = tuple[str, ...]  # the mesh axes of one array dimension, in order; () is unsharded (None)


# --------------------------------------------------------------------------- the spec itself

@dataclass(frozen=True)
class Spec:
    """What a PartitionSpec says: per dimension the mesh axes, plus reduced/unreduced axes."""

    partitions: tuple[Axes, ...]
    reduced: Axes = ()  # in the order written
    unreduced: Axes = ()

    def padded(self, ndim: int) -> tuple[Axes, ...]:
        """The partitions with trailing unsharded dimensions up to `ndim` (as JAX normalizes)."""
        return self.partitions + ((),) * max(0, ndim - len(self.partitions))

    def __str__(self) -> str:
        parts = [_axes_repr(axes) for axes in self.partitions]
        if self.unreduced:
            parts.append(f"unreduced={_set_repr(self.unreduced)}")
        if self.reduced:
            parts.append(f"reduced={_set_repr(self.reduced)}")
        return f"P({', '.join(parts)})"


def _axes_repr(axes: Axes) -> str:
    if not axes:
        return "None"
    if len(axes) == 1:
        return repr(axes[0])
    return "(" + ", ".join(repr(a) for a in axes) + ")"


def _set_repr(axes: Axes) -> str:
    return "{" + ", ".join(repr(a) for a in axes) + "}"


def axes_text(axes: Axes) -> str:
    """One dimension as JAX prints it: 'a', ('a', 'b') or None."""
    return _axes_repr(axes)


def set_literal(axes: Axes, quote: str) -> str:
    """`{'a', 'b'}` in the given order and quote character."""
    return "{" + ", ".join(f"{quote}{axis}{quote}" for axis in axes) + "}"


# --------------------------------------------------------------------------- literals

@dataclass(frozen=True)
class SpecLiteral:
    """A `P(...)` call in the source and what it says."""

    call: cst.Call
    spec: Spec
    dims: tuple[cst.Arg, ...]  # the positional arguments, one per written dimension
    reduced_arg: cst.Arg | None  # the `reduced=` keyword argument, if written


@dataclass(frozen=True)
class ShardingLiteral:
    """A sharding argument: `P(...)`, or `NamedSharding(mesh, P(...))`, maybe through names.

    `expr` is the expression as written where it is used (possibly a local name); `wrapper` the
    NamedSharding call it stands for, with `spec_expr` its spec argument as written there.
    `inline` tells whether `spec.call` lies inside `expr` itself (no name was followed).
    """

    expr: cst.BaseExpression
    spec: SpecLiteral
    wrapper: cst.Call | None = None
    spec_expr: cst.BaseExpression | None = None
    wrapper_inline: bool = False
    inline: bool = False


def string_value(node: cst.BaseExpression) -> str | None:
    """The value of a plain (not bytes, not f-) string literal, else None."""
    if isinstance(node, cst.SimpleString):
        if any(c in node.prefix.lower() for c in "bf"):
            return None
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


def is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def parse_axes(node: cst.BaseExpression) -> Axes | None:
    """One dimension: None, 'a', ('a', 'b') or ['a', 'b'] -> axes; anything else -> None."""
    if is_none(node):
        return ()
    single = string_value(node)
    if single is not None:
        return (single,)
    if isinstance(node, (cst.Tuple, cst.List)):
        axes = []
        for element in node.elements:
            if not isinstance(element, cst.Element):
                return None
            value = string_value(element.value)
            if value is None:
                return None
            axes.append(value)
        return tuple(axes)
    return None


def parse_axis_set(ctx: FileContext, node: cst.BaseExpression) -> Axes | None:
    """`{'a', 'b'}`, `set()`, `frozenset()`, `frozenset({...})` -> axes in written order."""
    if isinstance(node, cst.Set):
        return _string_elements(node.elements, ctx)
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("set", "frozenset")
            and node.func.value not in ctx.imports.bindings):
        if not node.args:
            return ()
        if len(node.args) == 1 and node.args[0].keyword is None and not node.args[0].star:
            inner = node.args[0].value
            if isinstance(inner, (cst.Set, cst.Tuple, cst.List)):
                return _string_elements(inner.elements, ctx)
            from codemods.analysis.named_axes import axis_sequence

            return axis_sequence(ctx, inner)  # `set(AXES[1:])`, `frozenset(mesh.axis_names)`
    return None


def _string_elements(elements, ctx: FileContext | None = None) -> Axes | None:
    axes = []
    for element in elements:
        if isinstance(element, cst.StarredElement) and ctx is not None:
            from codemods.analysis.named_axes import axis_sequence

            spread = axis_sequence(ctx, element.value)  # `{*AXES[1:]}`
            if spread is None:
                return None
            axes.extend(axis for axis in spread if axis not in axes)
            continue
        if not isinstance(element, cst.Element):
            return None
        value = string_value(element.value)
        if value is None and ctx is not None and not isinstance(element.value, cst.SimpleString):
            named = named_axes(ctx, element.value)  # `{AXES[2]}`, `{DP}`: one axis name each
            value = named[0] if named is not None and len(named) == 1 else None
        if value is None:
            return None
        if value not in axes:
            axes.append(value)
    return tuple(axes)


def parse_spec(ctx: FileContext, node: cst.BaseExpression) -> SpecLiteral | None:
    """A literal `P(...)` / `PartitionSpec(...)` call -> SpecLiteral; anything else -> None."""
    if not isinstance(node, cst.Call) or ctx.imports.resolve(node.func) != PARTITION_SPEC:
        return None
    dims: list[cst.Arg] = []
    partitions: list[Axes] = []
    sets: dict[str, Axes] = {}
    reduced_arg = None
    for arg in node.args:
        if arg.star:
            return None
        if arg.keyword is None:
            axes = parse_axes(arg.value)
            if axes is None:
                axes = named_axes(ctx, arg.value)
            if axes is None:
                return None
            dims.append(arg)
            partitions.append(axes)
            continue
        name = arg.keyword.value
        if name not in ("reduced", "unreduced"):
            return None
        axes = parse_axis_set(ctx, arg.value)
        if axes is None:
            return None
        sets[name] = axes
        if name == "reduced":
            reduced_arg = arg
    spec = Spec(tuple(partitions), sets.get("reduced", ()), sets.get("unreduced", ()))
    return SpecLiteral(node, spec, tuple(dims), reduced_arg)


def call_argument(call: cst.Call, index: int, keyword: str) -> cst.BaseExpression | None:
    """The argument at positional `index` or named `keyword`; None if absent or behind `*`/`**`."""
    if any(arg.star for arg in call.args):
        return None
    positional = [arg for arg in call.args if arg.keyword is None]
    if index < len(positional):
        return positional[index].value
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    return None


def parse_sharding(ctx: FileContext, expr: cst.BaseExpression, follow=None, built=None) -> ShardingLiteral | None:
    """`P(...)` or `NamedSharding(mesh, P(...))`, literal or through local names (or `follow`);
    `built(node)` reads a spec some code builds (a SpecLiteral) where no literal is written."""
    follow = follow or (lambda node: follow_names(ctx, node))
    built = built or (lambda node: None)
    node, inline = follow(expr)
    if node is None:  # nothing the names hold: a spec some code computes (`grid.tiles`, a property)
        literal = built(expr) if isinstance(expr, (cst.Attribute, cst.Name)) else None
        return ShardingLiteral(expr, literal, inline=False) if literal is not None else None
    literal = parse_spec(ctx, node) or built(node)
    if literal is not None:
        return ShardingLiteral(expr, literal, inline=inline and bool(literal.dims or not literal.spec.partitions))
    if isinstance(node, cst.Call) and ctx.imports.resolve(node.func) == NAMED_SHARDING:
        spec_expr = call_argument(node, 1, "spec")
        if spec_expr is None:
            return None
        spec_node, spec_inline = follow(spec_expr)
        literal = parse_spec(ctx, spec_node) or built(spec_node) if spec_node is not None \
            else built(spec_expr) if isinstance(spec_expr, (cst.Attribute, cst.Name)) else None
        if literal is None:
            return None
        return ShardingLiteral(expr, literal, node, spec_expr, wrapper_inline=inline, inline=inline and spec_inline)
    return None


def keyword_argument(call: cst.Call, keyword: str) -> cst.BaseExpression | None:
    if any(arg.star for arg in call.args):
        return None
    return next((arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == keyword), None)
