"""levanter-lite/src/lite/models/moe_router.py

Top-1 router of the Mixtral-style MoE layer with the load statistics the trainer plots.
Tokens are split over `data`, experts over `expert`.
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


@dataclasses.dataclass(frozen=True)
class RouterConfig:
    capacity_factor: float = 1.25
    histogram_axis: str = "tokens"


def router_logits(x, w_router):
    return dot(x, w_router, axis="embed")


def top1_mask(logits):
    local_best = jnp.max(logits.array, axis=-1, keepdims=True)
    best = jax.lax.pmax(local_best, physical_axis_name("experts"))
    return NamedArray((logits.array >= best).astype(jnp.float32), logits.axes)


def expert_load(mask):
    counts = jnp.sum(mask.array, axis=0)
    return jax.lax.psum(counts, physical_axis_name("tokens"))


class Router:
    def __init__(self, config):
        self.config = config

    def __call__(self, x, w_router):
        logits = router_logits(x, w_router)
        mask = top1_mask(logits)
        load = expert_load(mask)
        hist = jax.lax.all_gather(load, physical_axis_name(self.config.histogram_axis),
                                  tiled=True, to="reduced")
        return mask, hist

    def build(self, mesh):
        return named_shard_map(self, mesh, in_axes=[(Tokens, Embed), (Embed, Experts)],
                               out_axes=[(Tokens, Experts), (None,)],
                               out_reduced=[(), (self.config.histogram_axis,)])


def inputs():
    rng = np.random.default_rng(17)
    x = rng.standard_normal((Tokens.size, Embed.size)).astype(np.float32)
    w = (rng.standard_normal((Embed.size, Experts.size)) * 0.5).astype(np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    with axis_mapping(MOE_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Tokens, Embed)), mesh)
        ws = shard(named(w, (Embed, Experts)), mesh)
        mask, hist = Router(RouterConfig()).build(mesh)(xs, ws)
    print("routed", mask.array.shape, "load histogram", hist.shape)
    return mask.array


if __name__ == "__main__":
    main(*inputs())
