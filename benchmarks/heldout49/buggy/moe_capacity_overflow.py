"""Switch-style capacity accounting: how many routed tokens each expert had to drop."""
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CAPACITY_FACTORS = {"train": 1.25, "eval": 2.0}


class CapacityMixin:
    capacity_factor: float = 1.0

    def capacity(self, tokens, experts):
        return int(math.ceil(self.capacity_factor * tokens / experts))


class OverflowCounter(CapacityMixin):
    def __init__(self, mode, axes=("data", "expert")):
        self.capacity_factor = CAPACITY_FACTORS[mode]
        self.axes = axes

    def dropped(self, assignment):
        tokens, experts = assignment.shape
        position = jnp.cumsum(assignment, axis=0) * assignment
        over = (position > self.capacity(tokens, experts)).astype(jnp.float32)
        return over.sum(axis=0, keepdims=True)

    def report(self, assignment):
        per_expert = self.dropped(assignment)
        by_token_shard = jax.lax.all_gather(per_expert, self.axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(by_token_shard, self.axes, axis=1, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    rng = np.random.default_rng(1)
    choice = rng.integers(0, 8, size=(128,))
    assignment = np.eye(8, dtype=np.float32)[choice]
    return mesh, jax.device_put(assignment, NamedSharding(mesh, P("data", "expert")))


def main(mesh, assignment):
    counter = OverflowCounter("train")
    run = jax.shard_map(functools.partial(OverflowCounter.report, counter), mesh=mesh,
                        in_specs=P("data", "expert"),
                        out_specs=P(None, None, reduced={"data", "expert"}))
    return run(assignment)


if __name__ == "__main__":
    main(*inputs())
