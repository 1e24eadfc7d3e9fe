"""levanter-lite/src/lite/models/vit_attention_pool.py

Attention pooling head of the ViT port (the MAP head): each image's patch tokens are pooled
with learned scores. The patch scores are gathered over `model` to reduced for the pooling
weights' diagnostics; the arithmetic that mixes them with constants happens before the
gather, and the all-reduce of the pooled features is taken on the local block.
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
Patch = Axis("patch", 8)
Embed = Axis("embed", 16)

VIT_MAPPING: ResourceMapping = {"batch": "data", "patch": None, "embed": "model"}


def patch_scores(x, query):
    partial = jnp.einsum("bpe,e->bp", x.array, query.array)
    return jax.lax.psum(partial, physical_axis_name("embed")) / np.sqrt(Embed.size)


def pooling_weights(scores):
    return jax.nn.softmax(scores, axis=-1)


def weight_diagnostics(w):
    scaled = jnp.tanh(w * Patch.size)
    mine = jax.lax.pcast(scaled, physical_axis_name("embed"), to="varying")
    seen = jax.lax.all_gather(mine, physical_axis_name("embed"), axis=0, tiled=True,
                              to="reduced")
    return jnp.sum(seen * seen, axis=-1)


def pool(x, query):
    s = patch_scores(x, query)
    w = pooling_weights(s)
    pooled = jnp.einsum("bp,bpe->be", w, x.array)
    energy = jax.lax.psum(jnp.sum(pooled * pooled, axis=-1), physical_axis_name("embed"))
    return NamedArray(pooled, (Batch, Embed)), energy, weight_diagnostics(w)


def build(mesh):
    return named_shard_map(pool, mesh, in_axes=[(Batch, Patch, Embed), (Embed,)],
                           out_axes=[(Batch, Embed), (Batch,), ("batch",)],
                           out_reduced=[(), (), ("embed",)])


def inputs():
    rng = np.random.default_rng(179)
    x = rng.standard_normal((Batch.size, Patch.size, Embed.size)).astype(np.float32)
    q = (rng.standard_normal((Embed.size,)) * 0.3).astype(np.float32)
    return x, q


def main(x, q):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with axis_mapping(VIT_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Patch, Embed)), mesh)
        qs = shard(named(q, (Embed,)), mesh)
        pooled, energy, diag = build(mesh)(xs, qs)
    print("pooled", pooled.array.shape, "energy", energy.shape, "diagnostics", diag.shape)
    return pooled.array


if __name__ == "__main__":
    main(*inputs())
