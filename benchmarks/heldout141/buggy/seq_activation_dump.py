"""levanter-lite/src/lite/inference/activation_dump.py

Dumps the residual-stream activations of a sequence-parallel forward pass in the
position-major layout the interpretability tools read: the position axis is regathered
(reduced over `seq`) with `top_level_all_gather`, the batch stays split over `data`.
"""
import contextlib
import dataclasses
import functools
import string

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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
Pos = Axis("position", 16)
Embed = Axis("embed", 8)

SP_MAPPING: ResourceMapping = {"batch": "data", "position": "seq", "embed": None}
DUMP_ORDER = ("position", "batch", "embed")


def residual_block(x, w):
    h = jnp.tanh(x @ w)
    return x + h


def forward(mesh, x: NamedArray, w):
    fn = jax.jit(residual_block, out_shardings=NamedSharding(mesh, pspec_for(x.axes)))
    return NamedArray(fn(x.array, w), x.axes)


def dump_spec(axes, gather=("position",)):
    parts = [None if a.name in gather else a for a in axes]
    return pspec_for(parts, reduced=[a for a in axes if a.name in gather])


class ActivationDumper:
    def __init__(self, order=DUMP_ORDER):
        self.order = order

    def __call__(self, act: NamedArray):
        view = rearrange(act, self.order)
        spec = dump_spec(view.axes)
        full = top_level_all_gather(act.array, spec)
        return np.asarray(jax.reshard(full, P()))


def inputs():
    rng = np.random.default_rng(107)
    x = rng.standard_normal((Batch.size, Pos.size, Embed.size)).astype(np.float32)
    w = (rng.standard_normal((Embed.size, Embed.size)) * 0.3).astype(np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    with axis_mapping(SP_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Pos, Embed)), mesh)
        act = forward(mesh, xs, jnp.asarray(w))
        dumped = ActivationDumper()(act)
    print("dumped activations", dumped.shape)
    return jnp.asarray(dumped)


if __name__ == "__main__":
    main(*inputs())
