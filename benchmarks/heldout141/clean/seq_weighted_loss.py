"""levanter-lite/src/lite/losses/sp_xent.py

Causal-LM loss for the sequence-parallel trainer. Each `seq` shard holds a slice of
positions; the number of loss-bearing tokens of each sequence is summed over the shards
first (for the per-sequence weighting), then the weighted loss is summed over the mesh.
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
Pos = Axis("position", 16)
Vocab = Axis("vocab", 12)

SP_MAPPING: ResourceMapping = {"batch": "data", "position": "seq", "vocab": None}


@dataclasses.dataclass(frozen=True)
class LossConfig:
    per_sequence_weighting: bool = True
    reduce_over: tuple = ("batch",)


def token_nll(logits, labels):
    logp = jax.nn.log_softmax(logits.array, axis=-1)
    return -jnp.take_along_axis(logp, labels.array[..., None], axis=-1)[..., 0]


def sequence_weights(mask):
    n = jax.lax.psum(jnp.sum(mask, axis=1), physical_axis_name("position"))
    return 1.0 / jnp.maximum(n, 1.0)


def sp_loss(logits, labels, mask, config):
    nll = token_nll(logits, labels) * mask.array
    if config.per_sequence_weighting:
        per_seq = jax.lax.psum(jnp.sum(nll, axis=1), physical_axis_name("position"))
        per_seq = per_seq * sequence_weights(mask.array)
    else:
        per_seq = jnp.sum(nll, axis=1)
    mesh_axes = tuple(physical_axis_name(n) for n in config.reduce_over)
    return jax.lax.psum(jnp.sum(per_seq), mesh_axes) / Batch.size


def build(mesh, config):
    return named_shard_map(functools.partial(sp_loss, config=config), mesh,
                           in_axes=[(Batch, Pos, Vocab), (Batch, Pos), (Batch, Pos)],
                           out_axes=[()])


def inputs():
    rng = np.random.default_rng(109)
    logits = rng.standard_normal((Batch.size, Pos.size, Vocab.size)).astype(np.float32)
    labels = rng.integers(0, Vocab.size, size=(Batch.size, Pos.size)).astype(np.int32)
    mask = (rng.random((Batch.size, Pos.size)) > 0.2).astype(np.float32)
    return logits, labels, mask


def main(logits, labels, mask):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    with axis_mapping(SP_MAPPING), jax.set_mesh(mesh):
        lg = shard(named(logits, (Batch, Pos, Vocab)), mesh)
        lb = shard(named(labels, (Batch, Pos)), mesh)
        mk = shard(named(mask, (Batch, Pos)), mesh)
        loss = build(mesh, LossConfig())(lg, lb, mk)
    print("sp loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
