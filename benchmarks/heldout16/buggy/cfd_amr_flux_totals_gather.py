"""Adaptive mesh refinement: per-level flux totals shared across the block decomposition."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AMRConfig:
    block_axis: str = "blocks"
    var_axis: str = "vars"
    refine_ratio: int = 2


def inputs():
    cells = np.linspace(0.0, 1.0, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (cells,)


def coarse_flux(u, cfg):
    # restriction: average each refine_ratio cells
    n = u.shape[0] // cfg.refine_ratio
    return u.reshape(n, cfg.refine_ratio, -1).mean(axis=1)


def main(cells, cfg=AMRConfig()):
    mesh = jax.make_mesh((2, 4), (cfg.block_axis, cfg.var_axis))
    cells = jax.device_put(cells, NamedSharding(mesh, P(cfg.block_axis, cfg.var_axis)))

    def level_step(u):
        flux = coarse_flux(u, cfg)
        total = jax.lax.psum(flux, cfg.block_axis)
        return jax.lax.all_gather(total, cfg.block_axis, axis=0, tiled=True, to="reduced")

    step = jax.shard_map(level_step, mesh=mesh, in_specs=P(cfg.block_axis, cfg.var_axis),
                         out_specs=P(None, cfg.var_axis, reduced={cfg.block_axis}))
    return step(cells)
