"""levanter-lite/src/lite/parallel/zero3.py

ZeRO-3 style forward for a two-layer MLP: each parameter leaf is stored sharded over the
`fsdp` mesh axis and gathered (to reduced, so that its cotangent is reduce-scattered) right
before use.
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


Batch = Axis("batch", 16)
Embed = Axis("embed", 8)
Mlp = Axis("mlp", 16)

COMPUTE_MAPPING: ResourceMapping = {"batch": "fsdp", "embed": None, "mlp": "tensor"}
PARAM_MAPPING: ResourceMapping = {"embed": "fsdp", "mlp": "tensor"}

PARAM_AXES = {"w_in": (Embed, Mlp), "b_in": (Mlp,), "w_out": (Mlp, Embed)}


def gather_param(leaf: NamedArray):
    """Materialise a ZeRO-3 leaf: gather it over the axis its embed dimension is stored on."""
    ax = physical_axis_name("embed", PARAM_MAPPING)
    dim = leaf.axis_names.index("embed") if "embed" in leaf.axis_names else 0
    return NamedArray(jax.lax.all_gather(leaf.array, ax, axis=dim, tiled=True, to="reduced"),
                      leaf.axes)


def forward(params, x):
    full = {k: gather_param(v) for k, v in params.items()}
    h = dot(x, full["w_in"], axis="embed")
    h = NamedArray(jax.nn.gelu(h.array + full["b_in"].array), h.axes)
    out = dot(h, full["w_out"], axis="mlp")
    return NamedArray(jax.lax.psum(out.array, physical_axis_name("mlp")), out.axes)


def build_forward(mesh):
    names = list(PARAM_AXES)

    def body(x, *leaves):
        params = dict(zip(names, leaves))
        return forward(params, x)

    in_specs = [pspec_for((Batch, Embed), COMPUTE_MAPPING)]
    in_specs += [pspec_for(PARAM_AXES[n], PARAM_MAPPING) for n in names]
    return jax.shard_map(body, mesh=mesh, in_specs=tuple(in_specs),
                         out_specs=pspec_for((Batch, Embed), COMPUTE_MAPPING))


def init_params(seed):
    rng = np.random.default_rng(seed)
    return {k: (rng.standard_normal(tuple(a.size for a in axes)) * 0.1).astype(np.float32)
            for k, axes in PARAM_AXES.items()}


def inputs():
    rng = np.random.default_rng(71)
    x = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    return x, init_params(1)


def main(x, raw):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tensor"))
    with axis_mapping(COMPUTE_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Embed)), mesh)
        leaves = [shard(named(raw[k], PARAM_AXES[k]), mesh, PARAM_MAPPING) for k in PARAM_AXES]
        y = build_forward(mesh)(xs, *leaves)
    print("zero3 forward", y.array.shape)
    return y.array


if __name__ == "__main__":
    main(*inputs())
