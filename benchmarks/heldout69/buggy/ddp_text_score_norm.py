"""Text-score calibration inside a DDP forward, ported from a torch detector with SyncBN-like stats."""
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


@dataclass
class SyncScoreNorm:
    axis_name: str = "replica"
    activation: Callable = jax.nn.sigmoid

    def gather(self, scores):
        return jax.lax.all_gather(scores, self.axis_name, axis=0, tiled=True, to="reduced")

    def __call__(self, logits):
        scores = self.gather(logits.max(axis=-1))
        return self.activation(scores)


class DistributedDataParallel:
    def __init__(self, module):
        self.module = module

    def __call__(self, *args):
        return self.module(*args)


def inputs():
    rng = np.random.default_rng(15)
    logits = rng.normal(size=(8, 10, 4)).astype(np.float32)
    return (jax.device_put(logits, NamedSharding(MESH, P("replica", "shard", None))),)


def main(logits):
    model = DistributedDataParallel(SyncScoreNorm())
    fn = jax.shard_map(model, mesh=MESH, in_specs=P("replica", "shard", None),
                       out_specs=P(None, "shard", reduced={"replica"}))
    print("score map shape:", fn(logits).shape)


if __name__ == "__main__":
    main(*inputs())
