"""levanter-lite/src/lite/models/vit_layerscale.py

LayerScale residual branch (CaiT / DeiT-III) of the ViT port. The MLP hidden axis is split
over `model`; the branch output is assembled on every model shard before the per-channel
scale is applied.
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
Patch = Axis("patch", 6)
Embed = Axis("embed", 8)
Mlp = Axis("mlp", 16)

VIT_MAPPING: ResourceMapping = {"batch": "data", "patch": None, "embed": None, "mlp": "model"}


@dataclasses.dataclass(frozen=True)
class LayerScaleConfig:
    init_value: float = 1e-4
    branch_layout: str = "reduced"


def mlp_hidden(x, w_in):
    return NamedArray(jax.nn.gelu(dot(x, w_in, axis="embed").array), (Batch, Patch, Mlp))


def assemble_branch(h, w_out, config):
    mlp_ax = physical_axis_name("mlp")
    pieces = dot(h, w_out, axis="mlp").array
    per_shard = jax.lax.all_gather(pieces, mlp_ax, axis=0, tiled=False, to=config.branch_layout)
    return jnp.sum(per_shard, axis=0)


def layerscale_block(x, w_in, w_out, gamma, config):
    h = mlp_hidden(x, w_in)
    branch = assemble_branch(h, w_out, config)
    return NamedArray(x.array + gamma.array * branch, x.axes)


def build(mesh, config):
    out_red = [("mlp",)] if config.branch_layout == "reduced" else [()]
    return named_shard_map(functools.partial(layerscale_block, config=config), mesh,
                           in_axes=[(Batch, Patch, Embed), (Embed, Mlp), (Mlp, Embed), (Embed,)],
                           out_axes=[(Batch, Patch, Embed)], out_reduced=out_red)


def inputs():
    rng = np.random.default_rng(151)
    x = rng.standard_normal((Batch.size, Patch.size, Embed.size)).astype(np.float32)
    w_in = (rng.standard_normal((Embed.size, Mlp.size)) * 0.2).astype(np.float32)
    w_out = (rng.standard_normal((Mlp.size, Embed.size)) * 0.2).astype(np.float32)
    return x, w_in, w_out


def main(x, w_in, w_out):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    config = LayerScaleConfig()
    gamma = np.full((Embed.size,), config.init_value, np.float32)
    with axis_mapping(VIT_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Patch, Embed)), mesh)
        wi = shard(named(w_in, (Embed, Mlp)), mesh)
        wo = shard(named(w_out, (Mlp, Embed)), mesh)
        g = shard(named(gamma, (Embed,)), mesh)
        y = build(mesh, config)(xs, wi, wo, g)
    print("layerscale out", y.array.shape)
    return y.array


if __name__ == "__main__":
    main(*inputs())
