"""levanter-lite/src/lite/optim/clip.py

Global-norm gradient clipping for the tensor-parallel GPT-2 trainer. Gradients of the MLP
weights are averaged over the data-parallel axis, then clipped by the norm of the whole
(sharded) gradient.
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
Mlp = Axis("mlp", 32)

MAPPING: ResourceMapping = {"batch": "data", "embed": None, "mlp": "model"}


@dataclasses.dataclass(frozen=True)
class ClipConfig:
    max_norm: float = 1.0
    norm_axes: tuple = ("batch", "mlp")


def mlp_loss(w, x, y):
    h = jax.nn.relu(dot(x, w, axis="embed").array)
    pred = jnp.sum(h, axis=-1)
    return jnp.mean((pred - y) ** 2)


def local_grads(w, x, y):
    return jax.grad(lambda a: mlp_loss(NamedArray(a, w.axes), x, y.array))(w.array)


def global_norm(g, config):
    mesh_axes = tuple(physical_axis_name(n) for n in config.norm_axes)
    sq = jnp.sum(g * g)
    return jnp.sqrt(jax.lax.psum(sq, mesh_axes))


def clip_step(w, x, y, config):
    g = local_grads(w, x, y)
    g = jax.lax.pmean(g, physical_axis_name("batch"))
    norm = global_norm(g, config)
    scale = jnp.minimum(1.0, config.max_norm / (norm + 1e-6))
    return NamedArray(w.array - 0.1 * g * scale, w.axes), norm


def make_step(mesh, config):
    body = functools.partial(clip_step, config=config)
    return named_shard_map(body, mesh,
                           in_axes=[(Embed, Mlp), (Batch, Embed), (Batch,)],
                           out_axes=[(Embed, Mlp), ()])


def inputs():
    rng = np.random.default_rng(11)
    w = (rng.standard_normal((Embed.size, Mlp.size)) * 0.1).astype(np.float32)
    x = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    y = rng.standard_normal((Batch.size,)).astype(np.float32)
    return w, x, y


def main(w, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with axis_mapping(MAPPING), jax.set_mesh(mesh):
        ws = shard(named(w, (Embed, Mlp)), mesh)
        xs = shard(named(x, (Batch, Embed)), mesh)
        ys = shard(named(y, (Batch,)), mesh)
        step = make_step(mesh, ClipConfig())
        for _ in range(2):
            ws, norm = step(ws, xs, ys)
    print("grad norm", float(norm))
    return ws.array


if __name__ == "__main__":
    main(*inputs())
