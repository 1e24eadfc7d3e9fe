"""Loss-aware timestep resampling (improved-DDPM style) for a sharded diffusion trainer."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_TIMESTEPS = 64
NUM_BINS = 8


@dataclass(frozen=True)
class ResamplerConfig:
    data_axis: str = "data"
    model_axis: str = "model"
    history: int = 4
    uniform_prob: float = 0.001


@dataclass
class TrainerConfig:
    mesh_shape: tuple = (2, 4)
    resampler: ResamplerConfig = field(default_factory=ResamplerConfig)


class LossSecondMomentResampler:
    def __init__(self, cfg: ResamplerConfig):
        self.cfg = cfg

    def bin_counts(self, timesteps):
        bins = timesteps * NUM_BINS // NUM_TIMESTEPS
        local = jnp.sum(jax.nn.one_hot(bins, NUM_BINS), axis=0)
        return jax.lax.psum(local, self.cfg.data_axis)

    def _publish(self, counts):
        return jax.lax.all_gather(counts, self.cfg.data_axis, axis=0, tiled=True, to="reduced")

    def update(self, timesteps, losses):
        counts = self.bin_counts(timesteps)
        seen = self._publish(counts)
        weight = jax.lax.pmean(losses.mean(axis=-1), self.cfg.model_axis)
        return seen, weight


def inputs():
    rng = np.random.default_rng(0)
    t = rng.integers(0, NUM_TIMESTEPS, size=(16,)).astype(np.int32)
    losses = rng.random((16, 8), dtype=np.float32)
    return t, losses


def main(timesteps, losses):
    cfg = TrainerConfig()
    mesh = jax.make_mesh(cfg.mesh_shape, (cfg.resampler.data_axis, cfg.resampler.model_axis))
    timesteps = jax.device_put(timesteps, NamedSharding(mesh, P("data")))
    losses = jax.device_put(losses, NamedSharding(mesh, P("data", "model")))
    sampler = LossSecondMomentResampler(cfg.resampler)
    step = jax.shard_map(
        sampler.update,
        mesh=mesh,
        in_specs=(P("data"), P("data", "model")),
        out_specs=(P(None, reduced={"data"}), P("data")),
    )
    seen, weight = step(timesteps, losses)
    print(seen, weight)
    return seen


if __name__ == "__main__":
    main(*inputs())
