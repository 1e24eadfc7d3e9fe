"""Hard-negative pool passed round the replicas each refresh (ANCE-style)."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class NegativeMiningConfig:
    num_hard_negatives: int = 2
    refresh_steps: int = 2
    replica_axis: str = "replica"
    num_replicas: int = 2


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def refresh_pool(pool, cfg):
    pool = jax.lax.all_gather(pool, cfg.replica_axis, axis=0, tiled=True, to="reduced")
    for _ in range(cfg.refresh_steps):
        pool = jax.lax.ppermute(pool, cfg.replica_axis, perm=ring(cfg.num_replicas))
    return pool


def inputs():
    rng = np.random.default_rng(42)
    return (rng.standard_normal((8, 16), dtype=np.float32),)


def main(hard_negatives):
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    cfg = NegativeMiningConfig()
    spec = P("replica", "shard")
    hard_negatives = jax.device_put(hard_negatives, NamedSharding(mesh, spec))
    fn = jax.shard_map(
        functools.partial(refresh_pool, cfg=cfg),
        mesh=mesh,
        in_specs=spec,
        out_specs=P("replica", "shard"),
    )
    return fn(hard_negatives)


if __name__ == "__main__":
    main(*inputs())
