"""levanter-lite/src/lite/models/sp_doc_mask.py

Document (segment) masking for packed sequences under sequence parallelism: every `seq`
shard needs the segment ids of the whole sequence to build its block of the attention mask.
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
KPos = Axis("key_position", 16)
HeadDim = Axis("head_size", 4)

SP_MAPPING: ResourceMapping = {"batch": "data", "position": "seq", "key_position": None,
                               "head_size": None}
PAD_SEGMENT = -1


def all_segments(seg):
    ax = physical_axis_name("position")
    return jax.lax.all_gather(seg.array, ax, axis=1, tiled=True, to="reduced")


def block_mask(seg_q, seg_all):
    n_local = seg_q.shape[1]
    start = jax.lax.axis_index(physical_axis_name("position")) * n_local
    q_pos = start + jnp.arange(n_local)
    k_pos = jnp.arange(seg_all.shape[1])
    causal = k_pos[None, :] <= q_pos[:, None]
    real = seg_all != PAD_SEGMENT
    same_doc = seg_q[:, :, None] == seg_all[:, None, :]
    return causal[None] & same_doc & real[:, None, :]


def masked_attention(q, k_full, v_full, mask):
    s = jnp.einsum("bqd,bkd->bqk", q, k_full) / np.sqrt(HeadDim.size)
    s = jnp.where(mask, s, -1e9)
    return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v_full)


def doc_attention(q, k, v, seg):
    ax = physical_axis_name("position")
    k_full = jax.lax.all_gather(k.array, ax, axis=1, tiled=True)
    v_full = jax.lax.all_gather(v.array, ax, axis=1, tiled=True)
    mask = block_mask(seg.array, all_segments(seg))
    return NamedArray(masked_attention(q.array, k_full, v_full, mask), q.axes)


def build(mesh):
    axes = (Batch, Pos, HeadDim)
    return named_shard_map(doc_attention, mesh, in_axes=[axes, axes, axes, (Batch, Pos)],
                           out_axes=[axes])


def inputs():
    rng = np.random.default_rng(113)
    shape = (Batch.size, Pos.size, HeadDim.size)
    q, k, v = (rng.standard_normal(shape).astype(np.float32) for _ in range(3))
    seg = np.cumsum(rng.random((Batch.size, Pos.size)) < 0.25, axis=1).astype(np.int32)
    seg[:, -3:] = PAD_SEGMENT
    return q, k, v, seg


def main(q, k, v, seg):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    with axis_mapping(SP_MAPPING), jax.set_mesh(mesh):
        qs, ks, vs = (shard(named(t, (Batch, Pos, HeadDim)), mesh) for t in (q, k, v))
        sg = shard(named(seg, (Batch, Pos)), mesh)
        out = build(mesh)(qs, ks, vs, sg)
    print("doc-masked attention", out.array.shape)
    return out.array


if __name__ == "__main__":
    main(*inputs())
