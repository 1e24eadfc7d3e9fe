"""Ledoit-Wolf style shrinkage towards a scaled identity: the target from pooled return rows."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_ASSETS, N_SCEN = 8, 32


class ShrinkageEstimator:
    asset_axis = "asset"
    scen_axis = "scen"

    def __init__(self, intensity=0.3):
        self.intensity = intensity

    def all_rows(self, r):
        return jax.lax.all_gather(r, self.asset_axis, axis=0, tiled=True, to="reduced")

    def target_variance(self, r):
        total = jax.lax.psum(jnp.sum(r * r), (self.asset_axis, self.scen_axis))
        return total / (N_ASSETS * N_SCEN)

    def shrunk_diagonal(self, r):
        local_var = jax.lax.psum(jnp.sum(r * r, axis=1), self.scen_axis) / N_SCEN
        target = self.target_variance(r)
        return (1.0 - self.intensity) * local_var + self.intensity * target


def inputs():
    rng = np.random.default_rng(25)
    return (rng.standard_normal((N_ASSETS, N_SCEN)).astype(np.float32) * 0.02,)


def main(r):
    est = ShrinkageEstimator()
    mesh = jax.make_mesh((4, 2), (est.asset_axis, est.scen_axis))
    r = jax.device_put(r, NamedSharding(mesh, P(est.asset_axis, est.scen_axis)))
    diag = jax.shard_map(est.shrunk_diagonal, mesh=mesh, in_specs=P(est.asset_axis, est.scen_axis),
                         out_specs=P(est.asset_axis))(r)
    return diag


if __name__ == "__main__":
    main(*inputs())
