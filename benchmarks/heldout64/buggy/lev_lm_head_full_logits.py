"""Levanter-like LM head: named axes mapped to mesh axes, full logits for an eval hook."""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(NamedTuple):
    name: str
    size: int


Batch = Axis("batch", 8)
Embed = Axis("embed", 8)
Vocab = Axis("vocab", 32)

DEFAULT_MAPPING = {"batch": "data", "vocab": "model", "embed": None}


def physical(axes, mapping):
    if isinstance(axes, Axis):
        return mapping[axes.name]
    return tuple(mapping[a.name] for a in axes if mapping[a.name] is not None)


@dataclasses.dataclass(frozen=True)
class Linear:
    In: Axis
    Out: Axis

    def __call__(self, weight, x):
        return jnp.einsum("be,ev->bv", x, weight)


@dataclasses.dataclass(frozen=True)
class LmHeadModel:
    lm_head: Linear
    mapping: dict = dataclasses.field(default_factory=lambda: dict(DEFAULT_MAPPING))

    def _all_gather_axis(self, x, axis, dim):
        return jax.lax.all_gather(x, physical(axis, self.mapping), axis=dim, tiled=True, to="reduced")

    def full_logits(self, weight, hidden):
        logits = self.lm_head(weight, hidden)
        logits = self._all_gather_axis(logits, self.lm_head.Out, 1)
        return jax.lax.all_gather(logits, physical((Batch, Vocab), self.mapping), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(19)
    hidden = rng.standard_normal((Batch.size, Embed.size)).astype(np.float32)
    weight = rng.standard_normal((Embed.size, Vocab.size)).astype(np.float32)
    return weight, hidden


def main(weight, hidden):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    model = LmHeadModel(Linear(Embed, Vocab))
    m = model.mapping
    wspec = P(m[Embed.name], m[Vocab.name])
    hspec = P(m[Batch.name], m[Embed.name])
    weight = jax.device_put(weight, NamedSharding(mesh, wspec))
    hidden = jax.device_put(hidden, NamedSharding(mesh, hspec))
    fn = jax.shard_map(model.full_logits, mesh=mesh, in_specs=(wspec, hspec),
                       out_specs=P(reduced={"data", "model"}))
    return jax.jit(fn)(weight, hidden)


if __name__ == "__main__":
    main(*inputs())
