"""levanter-lite/src/lite/export/vit_head.py

Moves the fine-tuned ViT classification head from the training layout (embed over `model`)
to the serving layout (classes over `data`). The embed axis is regathered with
`top_level_all_gather` straight into the serving spec.
"""
import contextlib
import dataclasses
import functools
import string
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


Embed = Axis("embed", 16)
Classes = Axis("classes", 10)


class Layouts(NamedTuple):
    train: dict
    serve: dict


LAYOUTS = Layouts(train={"embed": "model", "classes": None},
                  serve={"embed": None, "classes": "data"})


def place_head(w, b, mesh):
    with axis_mapping(LAYOUTS.train):
        return shard(named(w, (Embed, Classes)), mesh), shard(named(b, (Classes,)), mesh)


def serving_spec(leaf: NamedArray):
    gathered = [a for a in leaf.axes if physical_axis_name(a, LAYOUTS.train)
                and not physical_axis_name(a, LAYOUTS.serve)]
    with axis_mapping(LAYOUTS.train):
        red = {physical_axis_name(a) for a in gathered}
    with axis_mapping(LAYOUTS.serve):
        spec = pspec_for(leaf.axes)
    return P(*spec, reduced=red) if red else spec


def to_serving(leaf: NamedArray):
    spec = serving_spec(leaf)
    if spec.reduced:
        return NamedArray(top_level_all_gather(leaf.array, spec), leaf.axes)
    return NamedArray(jax.reshard(leaf.array, spec), leaf.axes)


def predict(x, w, b):
    return jnp.argmax(x @ w + b, axis=-1)


def inputs():
    rng = np.random.default_rng(139)
    w = (rng.standard_normal((Embed.size, Classes.size)) * 0.1).astype(np.float32)
    b = np.zeros((Classes.size,), np.float32)
    x = rng.standard_normal((4, Embed.size)).astype(np.float32)
    return w, b, x


def main(w, b, x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        w_t, b_t = place_head(w, b, mesh)
        w_s, b_s = to_serving(w_t), to_serving(b_t)
        w_host = np.asarray(jax.reshard(w_s.array, P()))
        b_host = np.asarray(jax.reshard(b_s.array, P()))
    preds = predict(x, w_host, b_host)
    print("serving predictions", preds)
    return preds


if __name__ == "__main__":
    main(*inputs())
