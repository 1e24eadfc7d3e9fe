"""levanter-lite/src/lite/models/sp_causal_conv.py

Short causal convolution (the Mamba / Hyena style token mixer) under sequence parallelism:
each `seq` shard receives the last positions of its left neighbour with ppermute, convolves
its block, and the full sequence of gate activations is gathered (to reduced) for the
mixer statistics.
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
Pos = Axis("position", 32)
Channels = Axis("channels", 6)

SP_MAPPING: ResourceMapping = {"batch": "data", "position": "seq", "channels": None}
SEQ_SHARDS = 4


@dataclasses.dataclass(frozen=True)
class ConvConfig:
    width: int = 3


def left_halo(x, width):
    tail = x[:, -(width - 1):, :]
    perm = [(i, i + 1) for i in range(SEQ_SHARDS - 1)]
    got = jax.lax.ppermute(tail, physical_axis_name("position"), perm=perm)
    first = jax.lax.axis_index(physical_axis_name("position")) == 0
    return jnp.where(first, jnp.zeros_like(got), got)


def causal_conv(x, kernel, config):
    halo = left_halo(x, config.width)
    padded = jnp.concatenate([halo, x], axis=1)
    n = x.shape[1]
    out = sum(padded[:, k:k + n, :] * kernel[k] for k in range(config.width))
    return out


def mixer(x, kernel, config):
    y = causal_conv(x.array, kernel.array, config)
    gate = jax.nn.sigmoid(y)
    full_gate = jax.lax.all_gather(gate, physical_axis_name("position"), axis=1, tiled=True,
                                   to="reduced")
    gate_energy = jnp.sum(full_gate * full_gate, axis=1)
    return NamedArray(y * gate, x.axes), gate_energy


def build(mesh, config):
    return named_shard_map(functools.partial(mixer, config=config), mesh,
                           in_axes=[(Batch, Pos, Channels), (Axis("tap", config.width), Channels)],
                           out_axes=[(Batch, Pos, Channels), (Batch, Channels)],
                           out_reduced=[(), ("position",)])


def inputs():
    rng = np.random.default_rng(163)
    x = rng.standard_normal((Batch.size, Pos.size, Channels.size)).astype(np.float32)
    kernel = (rng.standard_normal((3, Channels.size)) * 0.5).astype(np.float32)
    return x, kernel


def main(x, kernel):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    config = ConvConfig()
    with axis_mapping(SP_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Pos, Channels)), mesh)
        ks = shard(named(kernel, (Axis("tap", config.width), Channels)), mesh)
        y, energy = build(mesh, config)(xs, ks)
    print("mixed", y.array.shape, "gate energy", energy.shape)
    return y.array


if __name__ == "__main__":
    main(*inputs())
