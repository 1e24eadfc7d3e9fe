"""Priority aging: requests that waited long get a boost so they are not starved."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class AgingConfig:
    aging_rate: float = 0.05
    max_boost: float = 4.0
    axis: str = "slot"


class AgingPolicy:
    def __init__(self, cfg=AgingConfig()):
        self.cfg = cfg

    def gather_waits(self, waits):
        return jax.lax.all_gather(waits, self.cfg.axis, axis=1, tiled=True, to="reduced")

    def boost(self, waits):
        queue_waits = self.gather_waits(waits)
        aged = queue_waits * self.cfg.aging_rate
        return jnp.sum(aged, axis=1, keepdims=True)


def inputs():
    rng = np.random.default_rng(5)
    return (rng.exponential(2.0, size=(8, 16)).astype(np.float32),)


def main(waits):
    mesh = jax.make_mesh((2, 4), ("replica", "slot"))
    waits = jax.device_put(waits, NamedSharding(mesh, P("replica", "slot")))
    policy = AgingPolicy()
    boost = jax.shard_map(policy.boost, mesh=mesh, in_specs=P("replica", "slot"),
                          out_specs=P("replica", None))
    return boost(waits)


if __name__ == "__main__":
    main(*inputs())
