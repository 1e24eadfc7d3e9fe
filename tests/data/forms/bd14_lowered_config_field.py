import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
    reduce_axis: str = "J"


def run(x, mesh, cfg: Config):
    axis = cfg.reduce_axis.lower()

    def body(block):
        total = jax.lax.psum(jnp.sum(block), axis)
        gathered = jax.lax.all_gather(total[None], axis, tiled=True, to="reduced")  # SF101
        return jnp.max(gathered)

    return jax.shard_map(body, mesh=mesh, in_specs=P(), out_specs=P())(x)
