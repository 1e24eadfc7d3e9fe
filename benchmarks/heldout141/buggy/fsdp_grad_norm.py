"""levanter-lite/src/lite/optim/fsdp_gradnorm.py

Gradient-norm logging for the FSDP trainer. The weight gradient is reduce-scattered over
`fsdp`; the bias (replicated over `fsdp`, split over `tensor`) is all-reduced. The global
norm sums the squared entries of every leaf over the whole mesh.
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
Mlp = Axis("mlp", 8)

COMPUTE_MAPPING: ResourceMapping = {"batch": "fsdp", "embed": None, "mlp": "tensor"}
PARAM_MAPPING: ResourceMapping = {"embed": "fsdp", "mlp": "tensor"}
MESH_AXES = ("fsdp", "tensor")


def local_grads(x, y, w_full, b):
    def loss(w_, b_):
        pred = jnp.tanh(x @ w_ + b_)
        return 0.5 * jnp.sum((pred - y) ** 2)
    return jax.grad(loss, argnums=(0, 1))(w_full, b)


def sync_grads(gw_full, gb):
    gw = jax.lax.psum_scatter(gw_full, physical_axis_name("batch", COMPUTE_MAPPING),
                              scatter_dimension=0, tiled=True)
    gb = jax.lax.psum(gb, physical_axis_name("batch", COMPUTE_MAPPING))
    return {"w": gw, "b": gb}


def tree_sq_norm(grads):
    return sum(jax.tree.leaves(jax.tree.map(lambda g: jax.lax.psum(jnp.sum(g * g), MESH_AXES),
                                            grads)))


def grad_norm_step(x, y, w, b):
    w_full = jax.lax.all_gather(w, physical_axis_name("embed", PARAM_MAPPING), axis=0,
                                tiled=True)
    gw_full, gb = local_grads(x, y, w_full, b)
    grads = sync_grads(gw_full, gb)
    return jnp.sqrt(tree_sq_norm(grads))


def build(mesh):
    in_specs = (pspec_for((Batch, Embed), COMPUTE_MAPPING), pspec_for((Batch, Mlp), COMPUTE_MAPPING),
                pspec_for((Embed, Mlp), PARAM_MAPPING), pspec_for((Mlp,), PARAM_MAPPING))
    return jax.shard_map(grad_norm_step, mesh=mesh, in_specs=in_specs, out_specs=P())


def inputs():
    rng = np.random.default_rng(83)
    x = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    y = rng.standard_normal((Batch.size, Mlp.size)).astype(np.float32)
    w = (rng.standard_normal((Embed.size, Mlp.size)) * 0.3).astype(np.float32)
    b = np.zeros((Mlp.size,), np.float32)
    return x, y, w, b


def main(x, y, w, b):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    with jax.set_mesh(mesh):
        args = [shard(named(x, (Batch, Embed)), mesh, COMPUTE_MAPPING).array,
                shard(named(y, (Batch, Mlp)), mesh, COMPUTE_MAPPING).array,
                shard(named(w, (Embed, Mlp)), mesh, PARAM_MAPPING).array,
                shard(named(b, (Mlp,)), mesh, PARAM_MAPPING).array]
        norm = build(mesh)(*args)
    print("grad norm", float(norm))
    return norm


if __name__ == "__main__":
    main(*inputs())
