"""levanter-lite/src/lite/models/moe_a2a.py

Expert-parallel MoE feed-forward with an all_to_all token exchange. Tokens are split over
both mesh axes; the router weights travel with them for the routing audit, and the full
router is gathered on every expert shard.
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


Tokens = Axis("tokens", 32)
Embed = Axis("embed", 8)
Experts = Axis("experts", 4)

MOE_MAPPING: ResourceMapping = {"tokens": ("data", "expert"), "embed": None, "experts": "expert"}


@dataclasses.dataclass(frozen=True)
class MoeConfig:
    capacity: int = 4
    exchange_axis: str = "experts"


def full_router(w_router):
    ax = physical_axis_name("experts")
    return NamedArray(jax.lax.all_gather(w_router.array, ax, axis=1, tiled=True, to="reduced"),
                      w_router.axes)


def assign(x, w_router):
    scores = dot(x, w_router, axis="embed").array
    n = scores.shape[-1]
    local_best = jnp.max(scores, axis=-1)
    best = jax.lax.pmax(local_best, physical_axis_name("experts"))
    mine = jnp.argmax(scores, axis=-1) + jax.lax.axis_index(physical_axis_name("experts")) * n
    winner = jnp.where(local_best >= best, mine, 0)
    return jax.lax.pmax(winner, physical_axis_name("experts"))


def exchange(x_local, config):
    ax = physical_axis_name(config.exchange_axis)
    return jax.lax.all_to_all(x_local, ax, split_axis=0, concat_axis=0, tiled=True)


def expert_ffn(x, w_router, w_expert, config):
    router = full_router(w_router)
    choice = assign(x, w_router)
    keep = (choice[:, None] == jnp.arange(Experts.size)[None, :]).astype(x.array.dtype)
    load = jnp.sum(keep, axis=0)
    routed = x.array * jnp.minimum(1.0, config.capacity / jnp.maximum(load[choice], 1.0))[:, None]
    sent = exchange(routed, config)
    h = jnp.tanh(sent @ w_expert.array[0])
    back = exchange(h, config)
    weights_seen = exchange(router.array, config)
    return NamedArray(back, x.axes), weights_seen


def build(mesh, config):
    body = functools.partial(expert_ffn, config=config)
    return named_shard_map(body, mesh,
                           in_axes=[(Tokens, Embed), (Embed, Experts), (Experts, Embed, Embed)],
                           out_axes=[(Tokens, Embed), ("embed", "experts")])


def inputs():
    rng = np.random.default_rng(29)
    x = rng.standard_normal((Tokens.size, Embed.size)).astype(np.float32)
    w_router = rng.standard_normal((Embed.size, Experts.size)).astype(np.float32)
    w_expert = (rng.standard_normal((Experts.size, Embed.size, Embed.size)) * 0.3).astype(np.float32)
    return x, w_router, w_expert


def main(x, w_router, w_expert):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    with axis_mapping(MOE_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Tokens, Embed)), mesh)
        wr = shard(named(w_router, (Embed, Experts)), mesh)
        we = shard(named(w_expert, (Experts, Embed, Embed)), mesh)
        out, seen = build(mesh, MoeConfig())(xs, wr, we)
    print("moe out", out.array.shape)
    return out.array


if __name__ == "__main__":
    main(*inputs())
