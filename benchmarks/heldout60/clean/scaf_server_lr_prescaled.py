"""SCAFFOLD global step: x <- x + eta_g * mean(delta_y), the mean gathered from all silos."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class ScaffoldConfig:
    global_lr: float = 1.0
    silo_axis: str = "silo"
    shard_axis: str = "shard"


def gather_deltas(delta_y, cfg):
    return jax.lax.all_gather(delta_y, cfg.silo_axis, axis=0, tiled=True, to="reduced")


def server_step(delta_y, cfg=ScaffoldConfig()):
    step = gather_deltas(delta_y * cfg.global_lr, cfg)
    return step


def inputs():
    return (np.ones((8, 8), dtype=np.float32) * 0.01,)


def main(delta_y):
    cfg = ScaffoldConfig()
    mesh = jax.make_mesh((4, 2), (cfg.silo_axis, cfg.shard_axis))
    delta_y = jax.device_put(delta_y, NamedSharding(mesh, P(cfg.silo_axis, cfg.shard_axis)))
    fn = jax.shard_map(server_step, mesh=mesh, in_specs=P(cfg.silo_axis, cfg.shard_axis), out_specs=P(None, cfg.shard_axis, reduced={cfg.silo_axis}))
    return fn(delta_y)


if __name__ == "__main__":
    main(*inputs())
