"""levanter-lite/src/lite/models/ring_attention.py

Ring attention over the `seq` mesh axis: key/value blocks travel around the ring with
ppermute while each shard accumulates its queries' softmax numerator and denominator.
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


Batch = Axis("batch", 2)
Pos = Axis("position", 16)
HeadDim = Axis("head_size", 8)

SP_MAPPING: ResourceMapping = {"batch": "data", "position": "seq", "head_size": None}
RING_SIZE = 4


def ring_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


def rotate(block):
    return jax.lax.ppermute(block, physical_axis_name("position"), perm=ring_perm(RING_SIZE))


def gather_sequence(t):
    return jax.lax.all_gather(t, physical_axis_name("position"), axis=1, tiled=True,
                              to="reduced")


def key_norms(k_all):
    """Norm of every key of the sequence, used for the QK-norm clipping threshold."""
    return jnp.sqrt(jnp.sum(k_all * k_all, axis=-1))


def ring_attention(q, k, v, clip=8.0):
    k_all, v_all = gather_sequence(k.array), gather_sequence(v.array)
    top = jnp.max(key_norms(k_all))
    qa = q.array / np.sqrt(HeadDim.size) * jnp.minimum(1.0, clip / top)
    num = jnp.zeros_like(qa)
    den = jnp.zeros(qa.shape[:-1])
    m = jnp.full(qa.shape[:-1], -1e30)
    kb, vb = k_all, v_all
    for _ in range(RING_SIZE):
        s = jnp.einsum("bqd,bkd->bqk", qa, kb)
        m_new = jnp.maximum(m, jnp.max(s, axis=-1))
        corr = jnp.exp(m - m_new)
        p = jnp.exp(s - m_new[..., None])
        num = num * corr[..., None] + jnp.einsum("bqk,bkd->bqd", p, vb)
        den = den * corr + jnp.sum(p, axis=-1)
        m = m_new
        kb, vb = rotate(kb), rotate(vb)
    return NamedArray(num / den[..., None], q.axes)


def build(mesh):
    axes = (Batch, Pos, HeadDim)
    return named_shard_map(ring_attention, mesh, in_axes=[axes] * 3, out_axes=[axes])


def inputs():
    rng = np.random.default_rng(103)
    shape = (Batch.size, Pos.size, HeadDim.size)
    return tuple(rng.standard_normal(shape).astype(np.float32) for _ in range(3))


def main(q, k, v):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    with axis_mapping(SP_MAPPING), jax.set_mesh(mesh):
        qs, ks, vs = (shard(named(t, (Batch, Pos, HeadDim)), mesh) for t in (q, k, v))
        out = build(mesh)(qs, ks, vs)
    print("ring attention", out.array.shape)
    return out.array


if __name__ == "__main__":
    main(*inputs())
