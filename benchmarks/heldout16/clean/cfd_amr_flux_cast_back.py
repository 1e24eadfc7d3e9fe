"""AMR flux totals shared over blocks: the sum is cast back to varying before the reduced gather."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AMRConfig:
    block_axis: str = "blocks"
    var_axis: str = "vars"


def inputs():
    return (np.linspace(0.0, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(cells, cfg=AMRConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.block_axis, cfg.var_axis))
    cells = jax.device_put(cells, NamedSharding(mesh, P(cfg.block_axis, cfg.var_axis)))

    def level_step(u):
        total = jax.lax.psum(u.reshape(4, 2, -1).mean(axis=1), cfg.block_axis)
        total = jax.lax.pcast(total, cfg.block_axis, to="varying")
        return jax.lax.all_gather(total, cfg.block_axis, axis=0, tiled=True, to="reduced")

    step = jax.shard_map(level_step, mesh=mesh, in_specs=P(cfg.block_axis, cfg.var_axis),
                         out_specs=P(None, cfg.var_axis, reduced={cfg.block_axis}))
    return step(cells)
