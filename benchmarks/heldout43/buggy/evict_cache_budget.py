"""Fraction of the KV budget the eviction policy keeps, reported across the serving fleet."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE_AXES = tuple(os.environ.get("EVICT_REDUCE_AXES", "batch,head").split(","))


class BudgetMonitor:
    def __init__(self, budget):
        self.budget = budget

    def kept_per_sequence(self, keep_mask):
        return jax.lax.psum(jnp.sum(keep_mask, axis=(1, 2)), "head")

    def report(self, keep_mask):
        kept = self.kept_per_sequence(keep_mask)
        fraction = kept / self.budget
        return jax.lax.pmean(jnp.mean(fraction), REDUCE_AXES)


def inputs():
    rng = np.random.default_rng(24)
    return ((rng.random((4, 8, 32)) < 0.4).astype(np.float32),)


def main(keep_mask):
    mesh = jax.make_mesh((2, 4), ("batch", "head"))
    keep_mask = jax.device_put(keep_mask, NamedSharding(mesh, P("batch", "head", None)))
    monitor = BudgetMonitor(budget=8 * 32)
    fn = jax.shard_map(monitor.report, mesh=mesh, in_specs=P("batch", "head", None), out_specs=P())
    return fn(keep_mask)


if __name__ == "__main__":
    main(*inputs())
