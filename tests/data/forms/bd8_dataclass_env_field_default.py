import dataclasses
import os

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass
class ReduceConfig:
    axis: str = os.environ.get("SF_BD8_AXIS", "j")
    eps: float = 1e-6


def normaliser(block):
    cfg = ReduceConfig()
    norm = jax.lax.psum(jnp.sum(block ** 2, axis=1), cfg.axis) + cfg.eps
    gathered = jax.lax.all_gather(norm, cfg.axis, axis=0, tiled=True, to="reduced")  # SF101
    return jnp.max(gathered)


def main(mesh, x):
    return jax.shard_map(normaliser, mesh=mesh, in_specs=P(), out_specs=P())(x)
