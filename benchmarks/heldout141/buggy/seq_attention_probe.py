"""levanter-lite/src/lite/models/sp_attention.py

All-gather based sequence-parallel attention (the non-ring variant): keys and values are
gathered over the `seq` mesh axis so each shard attends its queries to the whole sequence.
A probe copies the attention maps of the whole batch to the host.
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
Pos = Axis("position", 16)
KPos = Axis("key_position", 16)
HeadDim = Axis("head_size", 8)

SP_MAPPING: ResourceMapping = {"batch": "data", "position": "seq", "key_position": None,
                               "head_size": None}
PROBE_AXES = ("batch", "position")


def gather_sequence(t: NamedArray):
    ax = physical_axis_name("position")
    full = jax.lax.all_gather(t.array, ax, axis=1, tiled=True, to="reduced")
    return rename(NamedArray(full, t.axes), {"position": "key_position"})


def attention_probs(q, k_full):
    s = dot(q, k_full, axis="head_size")
    return NamedArray(jax.nn.softmax(s.array / np.sqrt(HeadDim.size), axis=-1), s.axes)


class AttentionProbe:
    def __init__(self, names=PROBE_AXES):
        self.names = names

    def __call__(self, probs):
        axes = tuple(physical_axis_name(n) for n in self.names)
        return jax.lax.all_gather(probs, axes, axis=0, tiled=True, to="reduced")


def sp_attention(q, k, v, probe):
    k_full = gather_sequence(k)
    v_full = gather_sequence(v)
    k_seen = probe(k_full.array)
    p = attention_probs(q, k_full)
    out = dot(p, v_full, axis="key_position")
    return out, k_seen


def build(mesh):
    axes = (Batch, Pos, HeadDim)
    body = functools.partial(sp_attention, probe=AttentionProbe())
    return named_shard_map(body, mesh, in_axes=[axes, axes, axes],
                           out_axes=[axes, (None, None, None)],
                           out_reduced=[(), PROBE_AXES])


def inputs():
    rng = np.random.default_rng(101)
    shape = (Batch.size, Pos.size, HeadDim.size)
    return tuple(rng.standard_normal(shape).astype(np.float32) for _ in range(3))


def main(q, k, v):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    with axis_mapping(SP_MAPPING), jax.set_mesh(mesh):
        qs, ks, vs = (shard(named(t, (Batch, Pos, HeadDim)), mesh) for t in (q, k, v))
        out, seen = build(mesh)(qs, ks, vs)
    print("attention out", out.array.shape, "probe", seen.shape)
    return out.array


if __name__ == "__main__":
    main(*inputs())
