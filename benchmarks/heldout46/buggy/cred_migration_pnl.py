"""CreditMetrics-style rating migration P&L, scattered back over the scenario shards."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_OBLIGORS, N_SIMS = 8, 32
THRESHOLDS = (-2.3, -1.5, 1.5)
SPREAD_PNL = (-0.6, -0.1, 0.0, 0.05)


@dataclasses.dataclass
class MigrationConfig:
    sector_axis: str = "sector"
    sim_axis: str = "sim"
    rho: float = 0.25


def migrate(cfg, z, eps):
    latent = jnp.sqrt(cfg.rho) * z[None, :] + jnp.sqrt(1.0 - cfg.rho) * eps
    bucket = jnp.zeros(latent.shape, jnp.int32)
    for cut in THRESHOLDS:
        bucket = bucket + (latent > cut).astype(jnp.int32)
    return jnp.asarray(SPREAD_PNL)[bucket]


def scenario_pnl(cfg, z, eps, notionals):
    pnl = (notionals[:, None] * migrate(cfg, z, eps)).sum(axis=0)
    everything = jax.lax.all_gather(pnl, cfg.sim_axis, tiled=True, to="reduced")
    return jax.lax.psum_scatter(everything, cfg.sim_axis, tiled=True)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.standard_normal(N_SIMS).astype(np.float32),
            rng.standard_normal((N_OBLIGORS, N_SIMS)).astype(np.float32),
            rng.uniform(1.0, 2.0, N_OBLIGORS).astype(np.float32))


def main(z, eps, notionals):
    cfg = MigrationConfig()
    mesh = jax.make_mesh((2, 4), (cfg.sector_axis, cfg.sim_axis))
    s, m = cfg.sector_axis, cfg.sim_axis
    z = jax.device_put(z, NamedSharding(mesh, P(m)))
    eps = jax.device_put(eps, NamedSharding(mesh, P(s, m)))
    notionals = jax.device_put(notionals, NamedSharding(mesh, P(s)))
    body = lambda a, b, c: scenario_pnl(cfg, a, b, c)
    pnl = jax.shard_map(body, mesh=mesh, in_specs=(P(m), P(s, m), P(s)),
                        out_specs=P((s, m)))(z, eps, notionals)
    return pnl


if __name__ == "__main__":
    main(*inputs())
