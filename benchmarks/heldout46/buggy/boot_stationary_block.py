"""Stationary block bootstrap (Politis-Romano): resampled paths collected into one matrix."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_REPS, N_OBS, MEAN_BLOCK = 8, 32, 4


@dataclasses.dataclass
class BootstrapConfig:
    axes: tuple = dataclasses.field(default_factory=lambda: ("rep", "obs"))
    mean_block: int = MEAN_BLOCK


class Bootstrap:
    def __init__(self, cfg):
        self.cfg = cfg
        self.rep_axis, self.obs_axis = cfg.axes

    def _collect(self, x, axes, dim):
        return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")

    def indices(self, starts, jumps):
        raise NotImplementedError

    def replicate_matrix(self, x, starts, jumps):
        series = jax.lax.all_gather(x, self.obs_axis, tiled=True)
        paths = series[self.indices(starts, jumps)]
        rows = self._collect(paths, self.obs_axis, 1)
        return self._collect(rows, self.cfg.axes, 0)


class StationaryBootstrap(Bootstrap):
    def indices(self, starts, jumps):
        p = 1.0 / self.cfg.mean_block
        restart = jumps < p
        offset = jnp.arange(starts.shape[1])[None, :]
        return jnp.where(restart, starts, (starts[:, :1] + offset) % N_OBS)


def inputs():
    rng = np.random.default_rng(61)
    x = rng.normal(0.0, 0.01, N_OBS).astype(np.float32)
    starts = rng.integers(0, N_OBS, (N_REPS, N_OBS)).astype(np.int32)
    jumps = rng.uniform(size=(N_REPS, N_OBS)).astype(np.float32)
    return x, starts, jumps


def main(x, starts, jumps):
    cfg = BootstrapConfig()
    rep, obs = cfg.axes
    mesh = jax.make_mesh((4, 2), cfg.axes)
    x = jax.device_put(x, NamedSharding(mesh, P(obs)))
    starts = jax.device_put(starts, NamedSharding(mesh, P(rep, obs)))
    jumps = jax.device_put(jumps, NamedSharding(mesh, P(rep, obs)))
    boot = StationaryBootstrap(cfg)
    matrix = jax.shard_map(boot.replicate_matrix, mesh=mesh, in_specs=(P(obs), P(rep, obs), P(rep, obs)),
                           out_specs=P(None, None, reduced={rep, obs}))(x, starts, jumps)
    return matrix


if __name__ == "__main__":
    main(*inputs())
