"""levanter-lite/src/lite/losses/router_z.py

Router z-loss (ST-MoE) for the MoE layer: the squared log-partition of the router logits,
averaged over tokens. The logits of all experts are gathered on each expert shard first.
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
Experts = Axis("experts", 8)

MOE_MAPPING: ResourceMapping = {"tokens": "data", "embed": None, "experts": "expert"}


@dataclasses.dataclass(frozen=True)
class ZLossConfig:
    coef: float = 1e-3
    gather_logits_to: str = "reduced"


class RouterZLoss:
    def __init__(self, config: ZLossConfig):
        self.config = config

    def all_logits(self, logits):
        ax = physical_axis_name("experts")
        full = jax.lax.all_gather(logits.array, ax, axis=1, tiled=True,
                                  to=self.config.gather_logits_to)
        return NamedArray(full, logits.axes)

    def per_token(self, logits):
        lse = jax.nn.logsumexp(logits.array, axis=-1)
        return lse * lse

    def __call__(self, x, w_router):
        logits = dot(x, w_router, axis="embed")
        full = self.all_logits(logits)
        z = self.per_token(full)
        return self.config.coef * jax.lax.pmean(jnp.mean(z), physical_axis_name("tokens"))


def build(mesh, config):
    loss = RouterZLoss(config)
    reduced = [("experts",)] if config.gather_logits_to == "reduced" else [()]
    return named_shard_map(loss, mesh, in_axes=[(Tokens, Embed), (Embed, Experts)],
                           out_axes=[()], out_reduced=reduced)


def inputs():
    rng = np.random.default_rng(41)
    x = rng.standard_normal((Tokens.size, Embed.size)).astype(np.float32)
    w = (rng.standard_normal((Embed.size, Experts.size)) * 2.0).astype(np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    with axis_mapping(MOE_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Tokens, Embed)), mesh)
        ws = shard(named(w, (Embed, Experts)), mesh)
        z = build(mesh, ZLossConfig())(xs, ws)
    print("router z-loss", float(z))
    return z


if __name__ == "__main__":
    main(*inputs())
