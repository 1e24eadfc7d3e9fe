"""levanter-lite/src/lite/losses/moe_aux.py

Switch-Transformer load-balancing loss for the MoE layer: the fraction of tokens routed to
each expert times the mean router probability, summed over experts, averaged over the
token shards.
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
Experts = Axis("experts", 8)

MOE_MAPPING: ResourceMapping = {"tokens": "data", "embed": None, "experts": "expert"}
AUX_COEF = 0.01


def router_probs(x, w_router):
    logits = dot(x, w_router, axis="embed").array
    m = jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), physical_axis_name("experts"))
    e = jnp.exp(logits - m)
    z = jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), physical_axis_name("experts"))
    return NamedArray(e / z, (Tokens, Experts))


def hard_assignment(probs):
    best = jax.lax.pmax(jnp.max(probs.array, axis=-1, keepdims=True),
                        physical_axis_name("experts"))
    return (probs.array >= best).astype(jnp.float32)


def balance_term(probs):
    frac = jnp.mean(hard_assignment(probs), axis=0)
    mean_p = jnp.mean(probs.array, axis=0)
    per_shard = jnp.sum(frac * mean_p) * Experts.size
    return jax.lax.psum(per_shard, physical_axis_name("experts"))


def aux_loss(x, w_router, axes=("tokens", "experts")):
    probs = router_probs(x, w_router)
    term = balance_term(probs)
    mesh_axes = tuple(physical_axis_name(a) for a in axes)
    n_shards = jax.lax.psum(1, mesh_axes)
    return AUX_COEF * jax.lax.psum(term, mesh_axes) / n_shards


def build(mesh):
    return named_shard_map(aux_loss, mesh, in_axes=[(Tokens, Embed), (Embed, Experts)],
                           out_axes=[()])


def inputs():
    rng = np.random.default_rng(37)
    x = rng.standard_normal((Tokens.size, Embed.size)).astype(np.float32)
    w = rng.standard_normal((Embed.size, Experts.size)).astype(np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    with axis_mapping(MOE_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Tokens, Embed)), mesh)
        ws = shard(named(w, (Embed, Experts)), mesh)
        loss = build(mesh)(xs, ws)
    print("aux loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
