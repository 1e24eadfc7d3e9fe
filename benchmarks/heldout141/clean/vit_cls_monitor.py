"""levanter-lite/src/lite/models/vit_encoder_stats.py

ViT encoder block with the CLS-token norm monitor. The embed axis is split over `model`
(tensor parallel), images over `data`. The monitor uses its own resource mapping so the
logging collectives can be moved without touching the model.
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


Batch = Axis("batch", 8)
Patch = Axis("patch", 5)
Embed = Axis("embed", 16)

VIT_MAPPING: ResourceMapping = {"batch": "data", "patch": None, "embed": "model"}
MONITOR_MAPPING: ResourceMapping = {**VIT_MAPPING, "batch": "data"}


def layer_norm(x):
    emb = physical_axis_name("embed")
    mu = jax.lax.psum(jnp.sum(x, axis=-1, keepdims=True), emb) / Embed.size
    var = jax.lax.psum(jnp.sum((x - mu) ** 2, axis=-1, keepdims=True), emb) / Embed.size
    return (x - mu) * jax.lax.rsqrt(var + 1e-6)


def cls_norm(x):
    cls = x[:, 0, :]
    return jnp.sqrt(jax.lax.psum(jnp.sum(cls * cls, axis=-1), physical_axis_name("embed")))


class EncoderMonitor:
    def __init__(self, mapping=MONITOR_MAPPING):
        self.mapping = mapping

    def __call__(self, norms):
        with axis_mapping(self.mapping):
            ax = physical_axis_name("batch")
            return jax.lax.all_gather(norms, ax, tiled=True, to="reduced"), ax


def encoder_block(x, w, monitor):
    h = layer_norm(x.array)
    h = h * jax.nn.sigmoid(h * w)
    y = x.array + h
    seen, _ = monitor(cls_norm(y))
    return NamedArray(y, x.axes), seen


def build(mesh, monitor):
    with axis_mapping(monitor.mapping):
        seen_reduced = physical_axis_name("batch")
    x_axes = (Batch, Patch, Embed)
    in_specs = (pspec_for(x_axes), P(physical_axis_name("embed")))
    out_specs = (pspec_for(x_axes), P(None, reduced={seen_reduced}))
    return jax.shard_map(functools.partial(encoder_block, monitor=monitor), mesh=mesh,
                         in_specs=in_specs, out_specs=out_specs)


def inputs():
    rng = np.random.default_rng(127)
    x = rng.standard_normal((Batch.size, Patch.size, Embed.size)).astype(np.float32)
    w = (rng.standard_normal((Embed.size,)) * 0.1).astype(np.float32)
    return x, w


def main(x, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with axis_mapping(VIT_MAPPING), jax.set_mesh(mesh):
        xs = shard(named(x, (Batch, Patch, Embed)), mesh)
        ws = jax.device_put(w, NamedSharding(mesh, P("model")))
        y, seen = build(mesh, EncoderMonitor())(xs, ws)
    print("encoder out", y.array.shape, "cls norms", seen.shape)
    return y.array


if __name__ == "__main__":
    main(*inputs())
