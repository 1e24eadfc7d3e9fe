"""Autoregressive rollout of an advection emulator with per-step energy diagnostics."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class RolloutConfig:
    steps: int = 4
    courant: float = 0.4
    ens_axis: str = "ens"
    lon_axis: str = "lon"
    lon_shards: int = 4


class Forecaster:
    def __init__(self, cfg: RolloutConfig):
        self.cfg = cfg

    def upwind(self, state):
        n = self.cfg.lon_shards
        west = jax.lax.ppermute(state[:, -1:], self.cfg.lon_axis, [(i, (i + 1) % n) for i in range(n)])
        shifted = jnp.concatenate([west, state[:, :-1]], axis=1)
        return state - self.cfg.courant * (state - shifted)

    def step(self, state, _):
        new = self.upwind(state)
        return new, new

    def energy(self, traj):
        e = jax.lax.psum(jnp.sum(traj ** 2, axis=-1), self.cfg.lon_axis)
        return jax.lax.all_gather(e, self.cfg.lon_axis, axis=0, to="reduced")

    def rollout(self, state):
        final, traj = jax.lax.scan(self.step, state, None, length=self.cfg.steps)
        return final, self.energy(traj)


def inputs():
    x = np.linspace(0, 2 * np.pi, 16, endpoint=False)
    return (np.stack([np.sin(x + k) for k in range(4)]).astype(np.float32),)


def main(state):
    cfg = RolloutConfig()
    mesh = jax.make_mesh((2, 4), (cfg.ens_axis, cfg.lon_axis))
    model = Forecaster(cfg)
    state = jax.device_put(state, NamedSharding(mesh, P("ens", "lon")))
    run = jax.shard_map(model.rollout, mesh=mesh, in_specs=P("ens", "lon"),
                        out_specs=(P("ens", "lon"), P(None, None, "ens", reduced={"lon"})))
    return run(state)


if __name__ == "__main__":
    main(*inputs())
