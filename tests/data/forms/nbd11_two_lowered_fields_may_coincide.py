import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
    row_axis: str = "I"
    col_axis: str = "J"


def run(x, mesh, cfg: Config):
    row_axis = cfg.row_axis.lower()
    col_axis = cfg.col_axis.lower()

    def body(block):
        per_col = jax.lax.psum(jnp.sum(block, axis=0), row_axis)
        gathered = jax.lax.all_gather(per_col, col_axis, tiled=True, to="reduced")  # raises only if both lower to one name
        return jnp.max(gathered)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
