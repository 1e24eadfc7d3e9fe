"""Green-Ampt infiltration with ponding, iterated over the storm's time steps."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TILE, MEMBER = "tile", "member"


class GreenAmpt:
    def __init__(self, psi=0.11, dtheta=0.3, dt=0.25, n_steps=12):
        self.psi, self.dtheta, self.dt, self.n_steps = psi, dtheta, dt, n_steps

    def rate(self, ks, cum):
        return ks * (1.0 + self.psi * self.dtheta / jnp.maximum(cum, 1e-3))

    def storm(self, ks, rain):
        ks_all = jax.lax.all_gather(ks, TILE, tiled=True, to="reduced")

        def body(t, carry):
            cum, runoff = carry
            regional = jax.lax.pmean(ks_all, TILE)
            f = jnp.minimum(self.rate(ks, cum), rain[t])
            runoff = runoff + (rain[t] - f) * (regional.mean() > 0)
            return cum + f * self.dt, runoff

        zero = jnp.zeros_like(ks)
        return jax.lax.fori_loop(0, self.n_steps, body, (zero, zero))


def inputs():
    rng = np.random.default_rng(32)
    ks = np.abs(rng.normal(1.0, 0.3, size=(8, 2))).astype(np.float32)
    rain = np.abs(rng.normal(2.0, 1.0, size=(12, 8, 2))).astype(np.float32)
    return ks, rain


def main(ks, rain):
    mesh = jax.make_mesh((4, 2), (TILE, MEMBER))
    ks = jax.device_put(ks, NamedSharding(mesh, P(TILE, MEMBER)))
    rain = jax.device_put(rain, NamedSharding(mesh, P(None, TILE, MEMBER)))
    model = GreenAmpt()
    fn = jax.shard_map(model.storm, mesh=mesh, in_specs=(P(TILE, MEMBER), P(None, TILE, MEMBER)),
                       out_specs=(P(TILE, MEMBER), P(TILE, MEMBER)))
    return fn(ks, rain)


if __name__ == "__main__":
    main(*inputs())
