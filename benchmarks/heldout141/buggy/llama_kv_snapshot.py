"""levanter-lite/src/lite/inference/kv_cache.py

Prefill for the Llama port: keys and values are projected per kv-head shard and written to
the cache. `snapshot` hands the whole cache to the host-side prefix-caching service.
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
Embed = Axis("embed", 16)
KvHeads = Axis("kv_heads", 4)
HeadDim = Axis("head_size", 4)

LLAMA_MAPPING: ResourceMapping = {"batch": "replica", "kv_heads": "tensor", "position": None,
                                  "embed": None, "head_size": None}
CACHE_LAYOUT = ("batch", "kv_heads")


def project_kv(x, wk, wv):
    k = dot(x, wk, axis="embed")
    v = dot(x, wv, axis="embed")
    return k, v


def heads_view(k):
    """Every kv head on every tensor shard (the prefix-cache key is computed per sequence)."""
    ax = physical_axis_name("kv_heads")
    pos = k.axis_names.index("kv_heads")
    return NamedArray(jax.lax.all_gather(k.array, ax, axis=pos, tiled=True, to="reduced"), k.axes)


def snapshot(cache):
    mesh_axes = tuple(physical_axis_name(n) for n in CACHE_LAYOUT)
    return jax.lax.all_gather(cache.array, mesh_axes, axis=0, tiled=True, to="reduced")


def prefill(x, wk, wv):
    k, v = project_kv(x, wk, wv)
    k_all, v_all = heads_view(k), heads_view(v)
    stacked = NamedArray(jnp.stack([k_all.array, v_all.array]), (Axis("kv", 2),) + k.axes)
    host_copy = snapshot(rearrange(stacked, ("batch", "kv", "position", "kv_heads", "head_size")))
    return k, v, host_copy


def build(mesh):
    kv_axes = (Batch, Pos, KvHeads, HeadDim)
    w_axes = (Embed, KvHeads, HeadDim)
    return named_shard_map(prefill, mesh, in_axes=[(Batch, Pos, Embed), w_axes, w_axes],
                           out_axes=[kv_axes, kv_axes, (None,) * 5],
                           out_reduced=[(), (), CACHE_LAYOUT])


def inputs():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((Batch.size, Pos.size, Embed.size)).astype(np.float32)
    wk = (rng.standard_normal((Embed.size, KvHeads.size, HeadDim.size)) * 0.2).astype(np.float32)
    wv = (rng.standard_normal((Embed.size, KvHeads.size, HeadDim.size)) * 0.2).astype(np.float32)
    return x, wk, wv


def main(x, wk, wv):
    mesh = jax.make_mesh((2, 4), ("replica", "tensor"))
    with axis_mapping(LLAMA_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Pos, Embed)), mesh)
        wks = shard(named(wk, (Embed, KvHeads, HeadDim)), mesh)
        wvs = shard(named(wv, (Embed, KvHeads, HeadDim)), mesh)
        k, v, cache = build(mesh)(xs, wks, wvs)
    print("k", k.array.shape, "cache snapshot", cache.shape)
    return cache


if __name__ == "__main__":
    main(*inputs())
