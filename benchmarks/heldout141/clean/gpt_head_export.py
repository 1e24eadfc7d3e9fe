"""levanter-lite/src/lite/models/gpt2_head_export.py

GPT-2 LM head with the "full logits" export used by the distillation data writer: the
vocab-parallel logits are gathered to reduced over `model` for the teacher's row filter, then
cast back to varying on `model` and gathered over the whole mesh for the writer.
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
Embed = Axis("embed", 8)
Vocab = Axis("vocab", 16)

HEAD_MAPPING: ResourceMapping = {"batch": "data", "embed": None, "vocab": "model"}
WRITER_LAYOUT = ("batch", "vocab")


def vocab_logits(h, w):
    return dot(h, w, axis="embed")


def teacher_view(logits):
    ax = physical_axis_name("vocab")
    return jax.lax.all_gather(logits.array, ax, axis=1, tiled=True, to="reduced")


def teacher_peak(full):
    """The teacher's largest logit per row (the distillation filter drops flat rows)."""
    return jnp.max(full, axis=-1)


def writer_rows(full):
    vocab_ax = physical_axis_name("vocab")
    axes = tuple(physical_axis_name(n) for n in WRITER_LAYOUT)
    rows = jax.lax.pcast(full, vocab_ax, to="varying")
    return jax.lax.all_gather(rows, axes, axis=0, tiled=True, to="reduced")


def head_body(h, w):
    logits = vocab_logits(h, w)
    full = teacher_view(logits)
    peak = teacher_peak(full)
    return peak, writer_rows(full)


def build(mesh):
    return named_shard_map(head_body, mesh, in_axes=[(Batch, Embed), (Embed, Vocab)],
                           out_axes=[("batch",), (None, None)],
                           out_reduced=[(), WRITER_LAYOUT])


def inputs():
    rng = np.random.default_rng(173)
    h = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    w = (rng.standard_normal((Embed.size, Vocab.size)) * 0.3).astype(np.float32)
    return h, w


def main(h, w):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with axis_mapping(HEAD_MAPPING), jax.set_mesh(mesh):
        hs = shard(named(h, (Batch, Embed)), mesh)
        ws = shard(named(w, (Embed, Vocab)), mesh)
        peak, rows = build(mesh)(hs, ws)
    print("teacher peaks", peak.shape, "writer rows", rows.shape)
    return peak


if __name__ == "__main__":
    main(*inputs())
