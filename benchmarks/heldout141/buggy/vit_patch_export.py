"""levanter-lite/src/lite/models/vit_patch_embed.py

Patch embedding of the ViT port, embed axis split over `model`. For the "what does the
model see" notebook, the embedded patches of every image are exported; the export mapping
spreads the image axis over the whole mesh.
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
Patch = Axis("patch", 4)
Pixels = Axis("pixels", 12)
Embed = Axis("embed", 16)

VIT_MAPPING: ResourceMapping = {"batch": "data", "patch": None, "pixels": None, "embed": "model"}
EXPORT_MAPPING: ResourceMapping = {"batch": ("data", "model"), "patch": None, "embed": None}


def patchify(images, patch=2):
    b, h, w = images.shape
    x = images.reshape(b, h // patch, patch, w // patch, patch)
    return x.transpose(0, 1, 3, 2, 4).reshape(b, -1, patch * patch * 3)


def embed_patches(pix, w_patch, pos):
    e = dot(pix, w_patch, axis="pixels")
    return NamedArray(e.array + pos.array[None], e.axes)


def full_embedding(e):
    ax = physical_axis_name("embed")
    return NamedArray(jax.lax.all_gather(e.array, ax, axis=2, tiled=True, to="reduced"), e.axes)


def export(e_full):
    ax = physical_axis_name("batch", EXPORT_MAPPING)
    return jax.lax.all_gather(e_full.array, ax, axis=0, tiled=True, to="reduced")


def body(pix, w_patch, pos):
    e = embed_patches(pix, w_patch, pos)
    e_full = full_embedding(e)
    return e, export(e_full)


def build(mesh):
    return named_shard_map(body, mesh,
                           in_axes=[(Batch, Patch, Pixels), (Pixels, Embed), (Patch, Embed)],
                           out_axes=[(Batch, Patch, Embed), (None, None, None)],
                           out_reduced=[(), ("batch", "embed")])


def inputs():
    rng = np.random.default_rng(131)
    pix = rng.standard_normal((Batch.size, Patch.size, Pixels.size)).astype(np.float32)
    w = (rng.standard_normal((Pixels.size, Embed.size)) * 0.2).astype(np.float32)
    pos = (rng.standard_normal((Patch.size, Embed.size)) * 0.02).astype(np.float32)
    return pix, w, pos


def main(pix, w, pos):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with axis_mapping(VIT_MAPPING), jax.set_mesh(mesh):
        p = shard(named(pix, (Batch, Patch, Pixels)), mesh)
        ws = shard(named(w, (Pixels, Embed)), mesh)
        ps = shard(named(pos, (Patch, Embed)), mesh)
        e, exported = build(mesh)(p, ws, ps)
    print("patch embeddings", e.array.shape, "export", exported.shape)
    return e.array


if __name__ == "__main__":
    main(*inputs())
