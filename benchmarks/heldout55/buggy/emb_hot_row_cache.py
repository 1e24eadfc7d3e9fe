"""Hot-row cache refresh: the most frequent rows are shuffled to their owning shard."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CacheConfig:
    capacity: int = 4
    owner_axis: str = "shard"
    replica_axis: str = "dp"


class HotRowCache:
    def __init__(self, cfg: CacheConfig):
        self.cfg = cfg

    def candidates(self, rows):
        top = rows[: self.cfg.capacity]
        return jax.lax.all_gather(top, self.cfg.owner_axis, axis=0, tiled=True, to="reduced")

    def refresh(self, rows):
        pool = self.candidates(rows)
        return jax.lax.all_to_all(pool, self.cfg.owner_axis, 0, 0, tiled=True)


def build_refresh(cache, mesh):
    cfg = cache.cfg
    return jax.jit(jax.shard_map(cache.refresh, mesh=mesh,
                                 in_specs=P(cfg.owner_axis, cfg.replica_axis),
                                 out_specs=P(cfg.owner_axis, cfg.replica_axis)))


def inputs():
    return (np.arange(64 * 8, dtype=np.float32).reshape(64, 8),)


def main(table):
    cfg = CacheConfig()
    mesh = jax.make_mesh((4, 2), (cfg.owner_axis, cfg.replica_axis))
    table = jax.device_put(table, NamedSharding(mesh, P(cfg.owner_axis, cfg.replica_axis)))
    refresh = build_refresh(HotRowCache(cfg), mesh)
    return refresh(table)


if __name__ == "__main__":
    main(*inputs())
