"""levanter-lite/src/lite/eval/vit_linear_probe.py

Top-1 accuracy of the ViT linear probe on the validation shards. Features are split over
`model` along embed, images over `data`; the metric is averaged over every device of the
mesh.
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
Embed = Axis("embed", 16)
Classes = Axis("classes", 5)

VIT_MAPPING: ResourceMapping = {"batch": "data", "embed": "model", "classes": None}


def probe_logits(feats, w):
    partial = dot(feats, w, axis="embed")
    return NamedArray(jax.lax.psum(partial.array, physical_axis_name("embed")), partial.axes)


def top1(logits, labels):
    pred = jnp.argmax(logits.array, axis=-1)
    return jnp.mean((pred == labels.array).astype(jnp.float32))


METRICS = {
    "top1": (top1, "mean"),
}


def reduce_metric(value, how, mesh):
    axes = tuple(mesh.axis_names)
    if how == "mean":
        return jax.lax.pmean(value, axes)
    return jax.lax.psum(value, axes)


def make_eval(mesh):
    def body(feats, w, labels):
        logits = probe_logits(feats, w)
        return {name: reduce_metric(fn(logits, labels), how, mesh)
                for name, (fn, how) in METRICS.items()}

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(pspec_for((Batch, Embed)), pspec_for((Embed, Classes)),
                                   pspec_for((Batch,))),
                         out_specs={name: P() for name in METRICS})


def inputs():
    rng = np.random.default_rng(149)
    feats = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    w = rng.standard_normal((Embed.size, Classes.size)).astype(np.float32)
    labels = rng.integers(0, Classes.size, size=Batch.size).astype(np.int32)
    return feats, w, labels


def main(feats, w, labels):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with axis_mapping(VIT_MAPPING), jax.set_mesh(mesh):
        f = shard(named(feats, (Batch, Embed)), mesh)
        ws = shard(named(w, (Embed, Classes)), mesh)
        y = shard(named(labels, (Batch,)), mesh)
        metrics = make_eval(mesh)(f, ws, y)
    print({k: float(v) for k, v in metrics.items()})
    return metrics["top1"]


if __name__ == "__main__":
    main(*inputs())
