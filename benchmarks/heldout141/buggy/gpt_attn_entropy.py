"""levanter-lite/src/lite/models/gpt2_attention.py

Causal self-attention for the GPT-2 port, heads split over the tensor-parallel mesh axis.
`debug_dump` collects the attention entropy of every head and every sequence for the
attention-sink notebook.
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
Pos = Axis("position", 16)
KPos = Axis("key_position", 16)
Heads = Axis("heads", 4)
HeadDim = Axis("head_size", 8)

ATTN_MAPPING: ResourceMapping = {"batch": "data", "heads": "model", "position": None,
                                 "key_position": None, "head_size": None}


def causal_mask(n):
    return jnp.tril(jnp.ones((n, n), dtype=bool))


def attention_weights(q, k):
    scores = dot(q, rename(k, {"position": "key_position"}), axis="head_size")
    scores = rearrange(scores, ("batch", "heads", "position", "key_position"))
    logits = jnp.where(causal_mask(Pos.size), scores.array / np.sqrt(HeadDim.size), -1e9)
    return NamedArray(jax.nn.softmax(logits, axis=-1), scores.axes)


def head_entropy(weights):
    p = weights.array
    ent = -jnp.sum(p * jnp.log(p + 1e-9), axis=-1)
    return NamedArray(jnp.mean(ent, axis=-1), weights.axes[:2])


def gather_heads(x):
    ax = physical_axis_name("heads")
    return NamedArray(jax.lax.all_gather(x.array, ax, axis=1, tiled=True, to="reduced"), x.axes)


def debug_dump(ent):
    axes = tuple(a for a in pspec_for(ent.axes) if a is not None)
    return jax.lax.all_gather(ent.array, axes, axis=0, tiled=True, to="reduced")


def attention_block(q, k, v):
    w = attention_weights(q, k)
    ctx = dot(w, rename(v, {"position": "key_position"}), axis="key_position")
    ent = gather_heads(head_entropy(w))
    dump = debug_dump(ent)
    return rearrange(ctx, ("batch", "position", "heads", "head_size")), dump


def inputs():
    rng = np.random.default_rng(3)
    shape = (Batch.size, Pos.size, Heads.size, HeadDim.size)
    q, k, v = (rng.standard_normal(shape).astype(np.float32) for _ in range(3))
    return q, k, v


def main(q, k, v):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    qkv_axes = (Batch, Pos, Heads, HeadDim)
    with axis_mapping(ATTN_MAPPING), jax.set_mesh(mesh):
        qs, ks, vs = (shard(named(t, qkv_axes), mesh) for t in (q, k, v))
        fn = named_shard_map(attention_block, mesh, in_axes=[qkv_axes] * 3,
                             out_axes=[qkv_axes, (None, None)],
                             out_reduced=[(), ("batch", "heads")])
        ctx, dump = fn(qs, ks, vs)
    print("context", ctx.array.shape, "entropy", dump.shape)
    return ctx.array


if __name__ == "__main__":
    main(*inputs())
