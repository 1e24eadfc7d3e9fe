"""levanter-lite/src/lite/models/llama_rotary.py

Rotary position embeddings for the Llama port's query path. The decode kernel wants every
head of the query on each tensor shard, so the heads are gathered before rotation.
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


Batch = Axis("batch", 4)
Pos = Axis("position", 8)
Heads = Axis("heads", 8)
HeadDim = Axis("head_size", 8)

MAPPING: ResourceMapping = {"batch": "replica", "position": None, "heads": "tensor",
                            "head_size": None}


@dataclasses.dataclass(frozen=True)
class RotaryConfig:
    theta: float = 10000.0
    head_size: int = HeadDim.size

    def frequencies(self):
        half = self.head_size // 2
        return 1.0 / (self.theta ** (np.arange(half, dtype=np.float32) / half))


def rotary_tables(config, n_pos):
    angles = np.outer(np.arange(n_pos, dtype=np.float32), config.frequencies())
    return np.cos(angles), np.sin(angles)


def rotate_half(x):
    a, b = jnp.split(x, 2, axis=-1)
    return jnp.concatenate([-b, a], axis=-1)


def all_heads(q):
    ax = physical_axis_name("heads")
    return NamedArray(jax.lax.all_gather(q.array, ax, axis=2, tiled=True, to="reduced"), q.axes)


def apply_rotary(q, cos, sin):
    c = jnp.concatenate([cos, cos], axis=-1)[None, :, None, :]
    s = jnp.concatenate([sin, sin], axis=-1)[None, :, None, :]
    return NamedArray(q.array * c + rotate_half(q.array) * s, q.axes)


def make_query_fn(mesh, config):
    cos, sin = rotary_tables(config, Pos.size)

    def body(q):
        return apply_rotary(all_heads(q), cos, sin)

    axes = (Batch, Pos, Heads, HeadDim)
    return named_shard_map(body, mesh, in_axes=[axes], out_axes=[(Batch, Pos, None, HeadDim)],
                           out_reduced=[("heads",)])


def inputs():
    rng = np.random.default_rng(21)
    q = rng.standard_normal((Batch.size, Pos.size, Heads.size, HeadDim.size)).astype(np.float32)
    return (q,)


def main(q):
    mesh = jax.make_mesh((2, 4), ("replica", "tensor"))
    with axis_mapping(MAPPING), jax.set_mesh(mesh):
        qs = shard(named(q, (Batch, Pos, Heads, HeadDim)), mesh)
        rotated = make_query_fn(mesh, RotaryConfig())(qs)
    print("rotated queries", rotated.array.shape)
    return rotated.array


if __name__ == "__main__":
    main(*inputs())
