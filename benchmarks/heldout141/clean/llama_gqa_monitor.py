"""levanter-lite/src/lite/models/llama_gqa_stats.py

Grouped-query attention output projection for the Llama port with the per-head output norm
monitor: the projected output is all-reduced over `tensor`, and the norm trace is recorded
on the replica axis, cast back to varying before the reduced gather.
"""
import contextlib
import dataclasses
import functools
import string

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


# ---------------------------------------------------------------------------------------------
# haliax_lite: the bits of haliax we use, pasted so the trainer runs on plain JAX
# ---------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Axis:
    name: str
    size: int


@jax.tree_util.register_pytree_node_class
class NamedArray:
    def __init__(self, array, axes):
        self.array = array
        self.axes = tuple(axes)

    def tree_flatten(self):
        return (self.array,), self.axes

    @classmethod
    def tree_unflatten(cls, axes, children):
        return cls(children[0], axes)

    @property
    def axis_names(self):
        return tuple(a.name for a in self.axes)

    def resolve(self, name):
        return self.axes[self.axis_names.index(name)]

    def __repr__(self):
        return f"NamedArray({self.axis_names}, {getattr(self.array, 'shape', None)})"


def named(x, axes):
    axes = tuple(axes)
    assert len(axes) == np.ndim(x), (axes, np.shape(x))
    return NamedArray(x, axes)


def dot(a, b, axis):
    names = axis if isinstance(axis, tuple) else (axis,)
    letters = {}
    for n in a.axis_names + b.axis_names:
        letters.setdefault(n, string.ascii_letters[len(letters)])
    out = [ax for ax in a.axes + b.axes if ax.name not in names]
    out = list({ax.name: ax for ax in out}.values())
    spec = "{},{}->{}".format("".join(letters[n] for n in a.axis_names),
                              "".join(letters[n] for n in b.axis_names),
                              "".join(letters[ax.name] for ax in out))
    return NamedArray(jnp.einsum(spec, a.array, b.array), out)


def rearrange(x, names):
    order = [x.axis_names.index(n) for n in names]
    return NamedArray(jnp.transpose(x.array, order), [x.axes[i] for i in order])


def rename(x, renames):
    return NamedArray(x.array, [Axis(renames.get(a.name, a.name), a.size) for a in x.axes])


ResourceMapping = dict  # logical axis name -> mesh axis name (or tuple of them, or None)

_MAPPINGS = [{}]


@contextlib.contextmanager
def axis_mapping(mapping):
    _MAPPINGS.append({**_MAPPINGS[-1], **mapping})
    try:
        yield _MAPPINGS[-1]
    finally:
        _MAPPINGS.pop()


def current_mapping():
    return _MAPPINGS[-1]


def physical_axis_name(name, mapping=None):
    if name is None:
        return None
    mapping = current_mapping() if mapping is None else mapping
    return mapping.get(name.name if isinstance(name, Axis) else name)


def pspec_for(axes, mapping=None, reduced=()):
    parts = [physical_axis_name(a, mapping) for a in axes]
    red = {physical_axis_name(r, mapping) for r in reduced}
    return P(*parts, reduced=red) if red else P(*parts)


def shard(x, mesh, mapping=None):
    return NamedArray(jax.device_put(x.array, NamedSharding(mesh, pspec_for(x.axes, mapping))), x.axes)


def named_shard_map(fn, mesh, in_axes, out_axes, out_reduced=None):
    """shard_map whose specs come from logical axes through the current mapping."""
    in_specs = tuple(pspec_for(a) for a in in_axes)
    out_reduced = out_reduced or [()] * len(out_axes)
    out_specs = tuple(pspec_for(a, reduced=r) for a, r in zip(out_axes, out_reduced))
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs,
                         out_specs=out_specs if len(out_specs) > 1 else out_specs[0])
# ---------------------------------------------------------------------------------------------


Batch = Axis("batch", 8)
Heads = Axis("heads", 8)
HeadDim = Axis("head_size", 4)
Embed = Axis("embed", 12)

MAPPING: ResourceMapping = {"batch": "replica", "heads": "tensor", "head_size": None,
                            "embed": None}


@dataclasses.dataclass(frozen=True)
class MonitorConfig:
    trace_over: str = "batch"
    eps: float = 1e-6


def o_proj(ctx, w_o):
    out = dot(ctx, w_o, axis=("heads", "head_size"))
    return NamedArray(jax.lax.psum(out.array, physical_axis_name("heads")), out.axes)


def head_norms(ctx):
    return jnp.sqrt(jnp.sum(ctx.array * ctx.array, axis=-1))


class GqaOutput:
    def __init__(self, config: MonitorConfig):
        self.config = config

    def __call__(self, ctx, w_o):
        out = o_proj(ctx, w_o)
        norms = jnp.mean(head_norms(ctx), axis=0)
        summed = jax.lax.psum(jnp.sum(out.array * out.array), physical_axis_name("batch"))
        trace_ax = physical_axis_name(self.config.trace_over)
        summed = jax.lax.pcast(summed[None], trace_ax, to="varying")
        trace = jax.lax.all_gather(summed, trace_ax, tiled=True, to="reduced")
        heads_seen = jax.lax.all_gather(norms, physical_axis_name("heads"), tiled=True,
                                        to="reduced")
        return out, trace, heads_seen

    def build(self, mesh):
        return named_shard_map(self, mesh,
                               in_axes=[(Batch, Heads, HeadDim), (Heads, HeadDim, Embed)],
                               out_axes=[(Batch, Embed), (None,), ("batch",)],
                               out_reduced=[(), (self.config.trace_over,), ("heads",)])


def inputs():
    rng = np.random.default_rng(157)
    ctx = rng.standard_normal((Batch.size, Heads.size, HeadDim.size)).astype(np.float32)
    w_o = (rng.standard_normal((Heads.size, HeadDim.size, Embed.size)) * 0.1).astype(np.float32)
    return ctx, w_o


def main(ctx, w_o):
    mesh = jax.make_mesh((2, 4), ("replica", "tensor"))
    with axis_mapping(MAPPING), jax.set_mesh(mesh):
        c = shard(named(ctx, (Batch, Heads, HeadDim)), mesh)
        w = shard(named(w_o, (Heads, HeadDim, Embed)), mesh)
        out, trace, heads_seen = GqaOutput(MonitorConfig()).build(mesh)(c, w)
    print("out", out.array.shape, "trace", trace.shape, "head norms", heads_seen.shape)
    return out.array


if __name__ == "__main__":
    main(*inputs())
