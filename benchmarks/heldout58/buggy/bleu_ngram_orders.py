"""Per-order n-gram precisions collected on every worker for sentence-level BLEU."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MetricAxes(NamedTuple):
    data: str = "data"
    shard: str = "shard"


AXES = MetricAxes()


class SentenceBleu:
    def __init__(self, axes=AXES, max_order=4):
        self.axes = axes
        self.max_order = max_order

    def precisions(self, correct, total):
        p = correct / jnp.maximum(total, 1.0)
        return p[:, :self.max_order]

    def collect(self, correct, total):
        p = self.precisions(correct, total)
        per_order = jax.lax.all_gather(p, self.axes.shard, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_order, tuple(self.axes), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    total = rng.integers(5, 20, size=(8, 16)).astype(np.float32)
    correct = np.floor(total * rng.random((8, 16))).astype(np.float32)
    return correct, total


def main(correct, total):
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    metric = SentenceBleu()
    spec = P(AXES.data, AXES.shard)
    correct = jax.device_put(correct, NamedSharding(mesh, spec))
    total = jax.device_put(total, NamedSharding(mesh, spec))
    fn = jax.shard_map(
        metric.collect,
        mesh=mesh,
        in_specs=(spec, spec),
        out_specs=P(None, None, reduced=set(AXES)),
    )
    return fn(correct, total)


if __name__ == "__main__":
    main(*inputs())
