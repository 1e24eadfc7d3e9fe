"""What `top_level_all_gather` does to each array dimension (SF104): which axes JAX gathers, and
which of them a valid out spec must list in `reduced=`. Pure functions of two specs."""
from __future__ import annotations

from codemods.dataclass_code import dataclass

from codemods.analysis.specs import Axes, Spec, axes_text


@dataclass(frozen=True)
class DimGather:
    """One array dimension whose sharding top_level_all_gather changes.

    kind: "whole" (out is None: every axis gathered), "prefix" (a valid prefix, half as long as
    the input's axes), "uneven" (a prefix, but JAX gathers the wrong axes), "not_prefix",
    "unsharded" (the input is not sharded there but the output is: JAX never gathers it).
    `gathered` are the axes the dimension loses, which `reduced=` must list once it is valid.
    """

    dim: int
    have: Axes
    want: Axes
    kind: str

    @property
    def bad(self) -> bool:
        return self.kind in ("uneven", "not_prefix")

    @property
    def gathered(self) -> Axes:
        if self.kind == "prefix":
            return self.have[len(self.want):]
        return self.have

    @property
    def jax_gathers(self) -> Axes:
        """What JAX 0.10.2 actually gathers: `i[-len(o):]`, or all of `i` when `o` is None."""
        return self.have[-len(self.want):] if self.want else self.have


def gathered_dims(in_spec: Spec, out_spec: Spec) -> list[DimGather] | None:
    """The dimensions whose spec changes, classified, up to the first one unsharded in the input
    but sharded in the output (JAX raises there, or at the check of a second dimension before
    it); None when that is the first changed one (JAX rejects the call for a reason outside this
    rule). JAX walks the dimensions in order (`_top_level_ag`, 0.10.2)."""
    ndim = max(len(in_spec.partitions), len(out_spec.partitions))
    dims = []
    for dim, (have, want) in enumerate(zip(in_spec.padded(ndim), out_spec.padded(ndim))):
        if have == want:
            continue
        if not have:
            if not dims:
                return None
            dims.append(DimGather(dim, have, want, "unsharded"))
            break
        if not want:
            kind = "whole"
        elif have[:len(want)] != want:
            kind = "not_prefix"
        elif len(have) == 2 * len(want):
            kind = "prefix"
        else:
            kind = "uneven"
        dims.append(DimGather(dim, have, want, kind))
    return dims


def required_reduced(dims: list[DimGather], written: Axes) -> Axes:
    """The reduced axes a fixed out spec lists: each gathered dimension's axes in the input's
    order (all of them for a dimension gathered whole), then the other axes already written."""
    axes: list[str] = []
    for d in dims:
        for axis in (d.have if d.bad else d.gathered):
            if axis not in axes:
                axes.append(axis)
    axes.extend(axis for axis in written if axis not in axes)
    return tuple(axes)


def missing_reduced(dims: list[DimGather], written: Axes) -> Axes:
    return tuple(axis for d in dims for axis in d.gathered if axis not in written)


def verdict(in_spec: Spec, out_spec: Spec, multi_dim: bool):
    """What SF104 says of a gather from `in_spec` to `out_spec`, in a form two cases compare by:
    None (nothing: JAX fails otherwise, or the call is not judged), ("fine",), ("rewrite", first
    only, the bad dimensions and kinds), ("multi", the dimensions changed), ("reduced", the
    dimensions gathered), ("extra", the reduced axes written that no dimension gathers) or
    ("unsharded", the dimension JAX stops at, unsharded in the input but not in the out spec)."""
    if in_spec.reduced or in_spec.unreduced or out_spec.unreduced \
            or set(out_spec.reduced) & {axis for axes in out_spec.partitions for axis in axes}:
        return None  # P(...) itself rejects reduced axes that a dimension is sharded on
    dims = gathered_dims(in_spec, out_spec)
    if dims is None:
        # The first dimension that changes is unsharded in the input and sharded in the out spec:
        # a gather only takes sharding away, and JAX says so there, whatever `multi_dim` is.
        return ("unsharded", unsharded_dim(in_spec, out_spec))
    # Without multi_dim=True JAX stops at the second changed dimension, after checking the
    # first: only a first dimension that is not a prefix is certainly reported in its words.
    first_only = len(dims) > 1 and not multi_dim
    if dims and dims[-1].kind == "unsharded" and not first_only:
        # With multi_dim=True JAX walks the dimensions in order: one before that is not a prefix
        # raises first (its own error); past gathers that pass (whole, prefix, uneven) it raises
        # at that dimension, as when it is the first changed one (checked on 0.10.2).
        if any(d.kind == "not_prefix" for d in dims[:-1]):
            return None
        return ("unsharded", dims[-1].dim)
    if first_only and dims[0].kind != "not_prefix":
        # The first dimension passes, and JAX then refuses to change a second one (whatever it
        # is): checked on 0.10.2 for valid and invalid second dimensions.
        return ("multi", tuple(d.dim for d in dims))
    bad = [d for d in dims if d.bad]
    if first_only:
        return ("rewrite", True, ((dims[0].dim, dims[0].kind),))
    if bad:
        return ("rewrite", False, tuple((d.dim, d.kind) for d in bad))
    if missing_reduced(dims, out_spec.reduced):
        return ("reduced", tuple(d.dim for d in dims))
    if extra := extra_reduced(dims, out_spec.reduced):
        # Reduced axes no dimension gathers (the input is not sharded on them): the result is not
        # reduced there, and JAX rejects the out spec (checked on 0.10.2, with and without a gather).
        return ("extra", extra)
    return ("fine",)


def unsharded_dim(in_spec: Spec, out_spec: Spec) -> int:
    """The first dimension whose spec changes (the one JAX checks first)."""
    ndim = max(len(in_spec.partitions), len(out_spec.partitions))
    return next(dim for dim, (have, want) in enumerate(zip(in_spec.padded(ndim), out_spec.padded(ndim)))
                if have != want)


def unsharded_message(dim: int, want: object, have: object, error: str, simply: str) -> str:
    return (f"the input's {have} is unsharded on dimension {dim}, which out sharding {want} shards: a gather only "
            f"takes sharding away, and JAX raises \"{error.format(dim=dim)}\"; the layout wanted is simply {simply}")


def extra_reduced(dims: list[DimGather], written: Axes) -> Axes:
    gathered = set(required_reduced(dims, ()))
    return tuple(axis for axis in written if axis not in gathered)


def dim_problem(first: DimGather, want: object, have: object, prefix_error: str) -> str:
    """Why one gather cannot take dimension `first.dim` from `have` to `want` (the out sharding
    and the input's, as written in the message)."""
    if first.kind == "not_prefix":
        return (f"out sharding {want} is not a prefix of the input's {have} on dimension {first.dim}: JAX "
                f"raises \"{prefix_error.format(dim=first.dim)}\"")
    n = len(first.want)
    return (f"out sharding {want} keeps the prefix {axes_text(first.want)} of the input's "
            f"{axes_text(first.have)} on dimension {first.dim}, but JAX gathers the last {n} "
            f"{'axis' if n == 1 else 'axes'} there ({axis_list(first.jax_gathers)}), not "
            f"{axis_list(first.have[n:])}: the call fails whatever `reduced=` lists")


def axis_list(axes: Axes) -> str:
    return ", ".join(repr(axis) for axis in axes)
