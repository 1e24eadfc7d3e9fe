"""Poisson bootstrap of an annualised Sharpe ratio: replicates sharded, returns sharded."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_REPS, N_OBS = 16, 64


class Statistic:
    def __call__(self, w, x, obs_axis):
        raise NotImplementedError

    @staticmethod
    def weighted_mean(w, v, obs_axis):
        n = jax.lax.psum(w.sum(axis=1), obs_axis)
        return jax.lax.psum((w * v).sum(axis=1), obs_axis) / n


class SharpeRatio(Statistic):
    def __init__(self, periods=252):
        self.periods = periods

    def __call__(self, w, x, obs_axis):
        mean = self.weighted_mean(w, x[None, :], obs_axis)
        var = self.weighted_mean(w, (x[None, :] - mean[:, None]) ** 2, obs_axis)
        return mean / jnp.sqrt(var) * jnp.sqrt(self.periods)


STATISTICS = {"sharpe": SharpeRatio()}


def bootstrap_summary(w, x, *, stat, rep_axis, obs_axis):
    replicates = STATISTICS[stat](w, x, obs_axis)
    return replicates, jax.lax.all_gather(replicates, rep_axis, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(60)
    x = rng.normal(0.0005, 0.01, N_OBS).astype(np.float32)
    w = rng.poisson(1.0, (N_REPS, N_OBS)).astype(np.float32) + 1e-3
    return w, x


def main(w, x):
    mesh = jax.make_mesh((4, 2), ("rep", "obs"))
    w = jax.device_put(w, NamedSharding(mesh, P("rep", "obs")))
    x = jax.device_put(x, NamedSharding(mesh, P("obs")))
    body = lambda w, x: bootstrap_summary(w, x, stat="sharpe", rep_axis="rep", obs_axis="obs")
    reps, centre = jax.shard_map(body, mesh=mesh, in_specs=(P("rep", "obs"), P("obs")),
                                 out_specs=(P("rep"), P(None, reduced={"rep"})))(w, x)
    return reps, centre


if __name__ == "__main__":
    main(*inputs())
