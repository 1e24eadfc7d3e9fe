"""levanter-lite/src/lite/models/gpt2_embeddings.py

Tied token embeddings for GPT-2: the vocab-sharded table is gathered for the lookup, and the
embedding L2 penalty used by the small-model recipe is computed next to it.
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
Pos = Axis("position", 12)
Vocab = Axis("vocab", 64)
Embed = Axis("embed", 16)

MAPPING: ResourceMapping = {"batch": "data", "vocab": "model", "embed": None, "position": None}


@dataclasses.dataclass
class EmbeddingConfig:
    l2_coef: float = 1e-4
    scale_by_sqrt_dim: bool = True


class TiedEmbedding:
    def __init__(self, config: EmbeddingConfig):
        self.config = config

    def full_table(self, table):
        vocab_axis = physical_axis_name("vocab")
        return jax.lax.all_gather(table.array, vocab_axis, axis=0, tiled=True, to="reduced")

    def l2_penalty(self, table_block):
        sq = jnp.sum(table_block * table_block)
        return jax.lax.psum(sq, physical_axis_name("vocab"))

    def embed(self, tokens, table):
        full = self.full_table(table)
        vecs = jnp.take(full, tokens.array, axis=0)
        if self.config.scale_by_sqrt_dim:
            vecs = vecs * np.sqrt(Embed.size)
        penalty = self.l2_penalty(full)
        return named(vecs, (Batch, Pos, Embed)), penalty * self.config.l2_coef


def build_embed_fn(mesh, config):
    module = TiedEmbedding(config)

    def body(tokens, table):
        h, pen = module.embed(tokens, table)
        return h, pen

    return named_shard_map(body, mesh, in_axes=[(Batch, Pos), (Vocab, Embed)],
                           out_axes=[(Batch, Pos, Embed), ()])


def inputs():
    rng = np.random.default_rng(7)
    tokens = rng.integers(0, Vocab.size, size=(Batch.size, Pos.size)).astype(np.int32)
    table = (rng.standard_normal((Vocab.size, Embed.size)) * 0.02).astype(np.float32)
    return tokens, table


def main(tokens, table):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with axis_mapping(MAPPING), jax.set_mesh(mesh):
        tok = shard(named(tokens, (Batch, Pos)), mesh)
        tab = shard(named(table, (Vocab, Embed)), mesh)
        h, penalty = build_embed_fn(mesh, EmbeddingConfig())(tok, tab)
    print("embedded", h.array.shape, "l2", float(penalty))
    return h.array


if __name__ == "__main__":
    main(*inputs())
