"""Online serving: a dynamic batcher packs requests into fixed slots per replica.

The slot occupancy is published to every shard so the admission controller can read it locally.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class ServingConfig:
    max_batch: int = 16
    timeout_ms: float = 5.0
    replica_axis: str = "replica"
    slot_axis: str = "slot"


class DynamicBatcher:
    def __init__(self, config: ServingConfig):
        self.config = config

    def _filled(self, valid):
        return jax.lax.psum(jnp.sum(valid, axis=1), self.config.slot_axis)

    def _publish(self, value):
        return jax.lax.all_gather(jax.lax.pcast(value, self.config.slot_axis, to="varying"), self.config.slot_axis, to="reduced", tiled=True)

    def occupancy(self, valid):
        filled = self._filled(valid).astype(jnp.float32) / self.config.max_batch
        return self._publish(filled)


def inputs():
    rng = np.random.default_rng(10)
    return ((rng.uniform(size=(4, 16)) < 0.7).astype(np.int32),)


def main(valid):
    cfg = ServingConfig()
    mesh = jax.make_mesh((4, 2), (cfg.replica_axis, cfg.slot_axis))
    spec = P(cfg.replica_axis, cfg.slot_axis)
    valid = jax.device_put(valid, NamedSharding(mesh, spec))
    batcher = DynamicBatcher(cfg)
    fn = jax.shard_map(batcher.occupancy, mesh=mesh, in_specs=spec,
                       out_specs=P(cfg.replica_axis, reduced={cfg.slot_axis}))
    return fn(valid)


if __name__ == "__main__":
    print(main(*inputs()))
