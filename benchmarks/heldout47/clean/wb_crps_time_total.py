"""Fair CRPS of an ensemble; the gathered observations are summed over the time axis only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EnsembleCRPS:
    def __init__(self, lat_axis="lat", time_axis="time", members=4):
        self.lat_axis = lat_axis
        self.time_axis = time_axis
        self.members = members

    def _gather_obs(self, obs):
        return jax.lax.all_gather(obs, self.lat_axis, axis=-1, tiled=True, to="reduced")

    def fair_crps(self, ens, obs):
        skill = jnp.mean(jnp.abs(ens - obs[None]), axis=0)
        pair = jnp.abs(ens[:, None] - ens[None, :]).sum(axis=(0, 1))
        crps = skill - pair / (2 * self.members * (self.members - 1))
        obs_all = self._gather_obs(obs)
        period_total = jax.lax.psum(jnp.abs(obs_all).sum(axis=0, keepdims=True), self.time_axis)
        return jax.lax.psum(crps.sum(axis=-1), self.lat_axis), period_total


def inputs():
    rng = np.random.default_rng(22)
    obs = rng.standard_normal((4, 16)).astype(np.float32)
    return obs[None] + rng.standard_normal((4, 4, 16)).astype(np.float32), obs


def main(ens, obs):
    mesh = jax.make_mesh((2, 4), ("time", "lat"))
    ens = jax.device_put(ens, NamedSharding(mesh, P(None, "time", "lat")))
    obs = jax.device_put(obs, NamedSharding(mesh, P("time", "lat")))
    crps = EnsembleCRPS()
    return jax.shard_map(crps.fair_crps, mesh=mesh, in_specs=(P(None, "time", "lat"), P("time", "lat")),
                         out_specs=(P("time"), P(None, None, reduced={"lat"})))(ens, obs)


if __name__ == "__main__":
    main(*inputs())
