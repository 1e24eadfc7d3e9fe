"""levanter-lite/src/lite/models/moe_dispatch.py

Dispatch/combine tensors of the MoE layer. `routing_report` collects the combine weights of
every token for every expert so the eval job can draw the token-to-expert assignment.
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


Tokens = Axis("tokens", 16)
Embed = Axis("embed", 8)
Experts = Axis("experts", 4)

MOE_MAPPING: ResourceMapping = {"tokens": "data", "embed": None, "experts": "expert"}


def combine_weights(x, w_router):
    logits = dot(x, w_router, axis="embed").array
    local_max = jnp.max(logits, axis=-1, keepdims=True)
    m = jax.lax.pmax(local_max, physical_axis_name("experts"))
    e = jnp.exp(logits - m)
    z = jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), physical_axis_name("experts"))
    return NamedArray(e / z, (Tokens, Experts))


def per_token_view(weights):
    """Each expert shard sees the full distribution of its tokens (for the entropy term)."""
    ax = physical_axis_name("experts")
    return NamedArray(jax.lax.all_gather(weights.array, ax, axis=1, tiled=True, to="reduced"),
                      weights.axes)


def routing_report(view):
    layout = pspec_for(view.axes)
    mesh_axes = tuple(a for a in layout if a is not None)
    return jax.lax.all_gather(view.array, mesh_axes, axis=0, tiled=True, to="reduced")


def dispatch(x, w_router):
    weights = combine_weights(x, w_router)
    view = per_token_view(weights)
    report = routing_report(view)
    expert_in = dot(weights, x, axis="tokens")
    expert_in = NamedArray(jax.lax.psum(expert_in.array, physical_axis_name("tokens")),
                           expert_in.axes)
    return expert_in, report


def build(mesh):
    return named_shard_map(dispatch, mesh, in_axes=[(Tokens, Embed), (Embed, Experts)],
                           out_axes=[(Experts, Embed), (None, None)],
                           out_reduced=[(), ("tokens", "experts")])


def inputs():
    rng = np.random.default_rng(23)
    x = rng.standard_normal((Tokens.size, Embed.size)).astype(np.float32)
    w = rng.standard_normal((Embed.size, Experts.size)).astype(np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    with axis_mapping(MOE_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Tokens, Embed)), mesh)
        ws = shard(named(w, (Embed, Experts)), mesh)
        expert_in, report = build(mesh)(xs, ws)
    print("expert inputs", expert_in.array.shape, "report", report.shape)
    return report


if __name__ == "__main__":
    main(*inputs())
