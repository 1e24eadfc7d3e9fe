"""Pushforward noise: the per-longitude sigma is scaled on each shard, then gathered."""
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
        local_sigma = self.cfg.noise_scale * clim_std
        perturbed = state + local_sigma[None, :] * noise
        sigma = jax.lax.all_gather(local_sigma, self.cfg.lon_axis, tiled=True, to="reduced")
        return perturbed, sigma


def inputs():
    rng = np.random.default_rng(32)
    return (rng.standard_normal((4, 16)).astype(np.float32), rng.standard_normal((4, 16)).astype(np.float32),
            np.linspace(0.5, 2.0, 16, dtype=np.float32))


def main(state, noise, clim_std):
    cfg = NoiseConfig()
    mesh = jax.make_mesh((2, 4), ("ens", cfg.lon_axis))
    grid = P("ens", "lon")
    state = jax.device_put(state, NamedSharding(mesh, grid))
    noise = jax.device_put(noise, NamedSharding(mesh, grid))
    clim_std = jax.device_put(clim_std, NamedSharding(mesh, P("lon")))
    return jax.shard_map(PushforwardNoise(cfg), mesh=mesh, in_specs=(grid, grid, P("lon")),
                         out_specs=(grid, P(None, reduced={"lon"})))(state, noise, clim_std)


if __name__ == "__main__":
    main(*inputs())
