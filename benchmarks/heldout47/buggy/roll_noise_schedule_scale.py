"""Pushforward training: perturbs the rollout state with noise scaled by climatological spread."""
from dataclasses import dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class NoiseConfig:
    noise_scale: float = 0.05
    lon_axis: str = "lon"


class PushforwardNoise:
    def __init__(self, cfg: NoiseConfig):
        self.cfg = cfg

    def __call__(self, state, noise, clim_std):
        perturbed = state + self.cfg.noise_scale * clim_std[None, :] * noise
        std = jax.lax.all_gather(clim_std, self.cfg.lon_axis, tiled=True, to="reduced")
        sigma = self.cfg.noise_scale * std
        return perturbed, sigma


def inputs():
    rng = np.random.default_rng(32)
    state = rng.standard_normal((4, 16)).astype(np.float32)
    noise = rng.standard_normal((4, 16)).astype(np.float32)
    return state, noise, np.linspace(0.5, 2.0, 16, dtype=np.float32)


def main(state, noise, clim_std):
    cfg = NoiseConfig()
    mesh = jax.make_mesh((2, 4), ("ens", cfg.lon_axis))
    grid = P("ens", "lon")
    state = jax.device_put(state, NamedSharding(mesh, grid))
    noise = jax.device_put(noise, NamedSharding(mesh, grid))
    clim_std = jax.device_put(clim_std, NamedSharding(mesh, P("lon")))
    perturb = PushforwardNoise(cfg)
    return jax.shard_map(perturb, mesh=mesh, in_specs=(grid, grid, P("lon")),
                         out_specs=(grid, P(None)))(state, noise, clim_std)


if __name__ == "__main__":
    main(*inputs())
