"""levanter-lite/src/lite/data/packing_stats.py

Sequence-parallel statistics for packed documents: the position axis is split over the
`seq` mesh axis, so the count of real (non-padding) tokens of each sequence needs a sum
over the sequence shards. The per-shard histogram feeds the packing-efficiency plot.
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
Pos = Axis("position", 32)

SP_MAPPING: ResourceMapping = {"batch": "data", "position": "seq"}
PAD = 0


@dataclasses.dataclass(frozen=True)
class PackingReport:
    per: str = "position"
    bins: int = 4

    def layout(self):
        return [(Batch,), (None,)]


def tokens_per_sequence(tokens):
    real = (tokens.array != PAD).astype(jnp.int32)
    return jax.lax.psum(jnp.sum(real, axis=1), physical_axis_name("position"))


def documents_per_sequence(segment_ids):
    starts = jnp.sum((segment_ids.array[:, 1:] != segment_ids.array[:, :-1]), axis=1)
    return jax.lax.psum(starts, physical_axis_name("position")) + 1


def packing_stats(tokens, segment_ids, report=PackingReport()):
    n_tok = tokens_per_sequence(tokens)
    n_doc = documents_per_sequence(segment_ids)
    efficiency = n_tok.astype(jnp.float32) / Pos.size
    shard_view = jax.lax.all_gather(efficiency, physical_axis_name(report.per), tiled=True,
                                    to="reduced")
    return NamedArray(n_doc, (Batch,)), shard_view


def build(mesh, report):
    return named_shard_map(functools.partial(packing_stats, report=report), mesh,
                           in_axes=[(Batch, Pos), (Batch, Pos)],
                           out_axes=report.layout(), out_reduced=[(), (report.per,)])


def inputs():
    rng = np.random.default_rng(97)
    lengths = rng.integers(8, Pos.size, size=Batch.size)
    tokens = np.zeros((Batch.size, Pos.size), np.int32)
    segs = np.zeros((Batch.size, Pos.size), np.int32)
    for i, n in enumerate(lengths):
        tokens[i, :n] = rng.integers(1, 100, size=n)
        segs[i, :n] = np.cumsum(rng.random(n) < 0.2)
    return tokens, segs


def main(tokens, segs):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    report = PackingReport()
    with axis_mapping(SP_MAPPING), jax.set_mesh(mesh):
        t = shard(named(tokens, (Batch, Pos)), mesh)
        s = shard(named(segs, (Batch, Pos)), mesh)
        docs, eff = build(mesh, report)(t, s)
    print("docs", docs.array.shape, "efficiency view", eff.shape)
    return docs.array


if __name__ == "__main__":
    main(*inputs())
