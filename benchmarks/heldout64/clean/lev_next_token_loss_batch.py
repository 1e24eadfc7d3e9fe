"""Levanter-like next-token loss with a configurable reduction over named axes."""
import dataclasses
from typing import Callable, NamedTuple, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(NamedTuple):
    name: str
    size: int


Batch = Axis("batch", 8)
Pos = Axis("position", 4)
Embed = Axis("embed", 8)
Vocab = Axis("vocab", 16)


@dataclasses.dataclass
class LossConfig:
    reduction: Optional[Callable] = jax.lax.pmean
    reduction_axes: tuple = (Batch,)
    mapping: dict = dataclasses.field(default_factory=lambda: {"batch": "data", "embed": "model"})

    def physical_axes(self):
        return tuple(self.mapping[a.name] for a in self.reduction_axes)


def next_token_loss(hidden, lm_head, labels, config: LossConfig):
    logits = jnp.einsum("bpe,ev->bpv", hidden, lm_head)
    log_probs = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.take_along_axis(log_probs, labels[..., None], axis=-1)[..., 0]
    loss = jnp.mean(nll)
    if config.reduction is None:
        return loss
    return config.reduction(loss, config.physical_axes())


def inputs():
    rng = np.random.default_rng(22)
    hidden = rng.standard_normal((Batch.size, Pos.size, Embed.size)).astype(np.float32)
    lm_head = rng.standard_normal((Embed.size, Vocab.size)).astype(np.float32)
    labels = rng.integers(0, Vocab.size, (Batch.size, Pos.size)).astype(np.int32)
    return hidden, lm_head, labels


def main(hidden, lm_head, labels):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    config = LossConfig()
    hspec, wspec, lspec = P("data", None, None), P(None, None), P("data", None)
    hidden = jax.device_put(hidden, NamedSharding(mesh, hspec))
    lm_head = jax.device_put(lm_head, NamedSharding(mesh, wspec))
    labels = jax.device_put(labels, NamedSharding(mesh, lspec))
    fn = jax.shard_map(lambda h, w, y: next_token_loss(h, w, y, config), mesh=mesh,
                       in_specs=(hspec, wspec, lspec), out_specs=P())
    return jax.jit(fn)(hidden, lm_head, labels)


if __name__ == "__main__":
    main(*inputs())
