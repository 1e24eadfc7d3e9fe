"""levanter-lite/src/lite/models/vit_pos_resize.py

Fine-tuning the ViT at a higher resolution: the learned position embeddings are resized to
the new number of patches (linear interpolation along the patch axis). The embed axis stays
split over `model`; the interpolation helper wants the full embedding row.
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


OldPatch = Axis("patch", 4)
NewPatch = Axis("patch", 7)
Embed = Axis("embed", 16)
Batch = Axis("batch", 4)

VIT_MAPPING: ResourceMapping = {"batch": "data", "patch": None, "embed": "model"}


def full_rows(pos: NamedArray):
    """Full embed rows on every model shard (gathered to reduced: the grads reduce back)."""
    ax = physical_axis_name("embed")
    full = jax.lax.all_gather(pos.array, ax, axis=1, tiled=True, to="reduced")
    return NamedArray(full, pos.axes)


def nearest_rows(n_old, n_new):
    src = np.linspace(0, n_old - 1, n_new)
    return [int(round(i)) for i in src]


def resize(pos_full: NamedArray, n_new):
    """Nearest-neighbour resize along the patch axis (static slices, no gather)."""
    rows = [pos_full.array[i:i + 1] for i in nearest_rows(pos_full.array.shape[0], n_new)]
    return NamedArray(jnp.concatenate(rows, axis=0), (NewPatch, Embed))


def my_columns(pos_full):
    ax = physical_axis_name("embed")
    return jax.lax.psum_scatter(pos_full.array, ax, scatter_dimension=1, tiled=True) / \
        jax.lax.axis_size(ax)


def resize_pos(pos, tokens):
    pos_full = full_rows(pos)
    new_full = resize(pos_full, NewPatch.size)
    mine = my_columns(new_full)
    return NamedArray(tokens.array + mine[None], tokens.axes)


def build(mesh):
    return named_shard_map(resize_pos, mesh,
                           in_axes=[(OldPatch, Embed), (Batch, NewPatch, Embed)],
                           out_axes=[(Batch, NewPatch, Embed)])


def inputs():
    rng = np.random.default_rng(137)
    pos = (rng.standard_normal((OldPatch.size, Embed.size)) * 0.02).astype(np.float32)
    tokens = rng.standard_normal((Batch.size, NewPatch.size, Embed.size)).astype(np.float32)
    return pos, tokens


def main(pos, tokens):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with axis_mapping(VIT_MAPPING), jax.set_mesh(mesh):
        ps = shard(named(pos, (OldPatch, Embed)), mesh)
        ts = shard(named(tokens, (Batch, NewPatch, Embed)), mesh)
        out = build(mesh)(ps, ts)
    print("tokens with resized positions", out.array.shape)
    return out.array


if __name__ == "__main__":
    main(*inputs())
