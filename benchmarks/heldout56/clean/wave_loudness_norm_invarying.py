"""Peak/loudness normalisation of generated audio before it is written out."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class LoudnessConfig:
    target_peak: float = 0.95
    floor: float = 1e-5
    time_axis: str = "time"


class PeakNormalizer:
    def __init__(self, cfg: LoudnessConfig):
        self.cfg = cfg

    def full_clip(self, wave):
        return jax.lax.all_gather(wave, self.cfg.time_axis, axis=1, tiled=True, to="invarying")

    def __call__(self, wave):
        clip = self.full_clip(wave)
        env = jnp.abs(clip)
        env = jnp.maximum(env, self.cfg.floor)
        return env


def inputs():
    return (np.random.default_rng(31).standard_normal((8, 16), dtype=np.float32) * 0.3,)


def main(wave):
    mesh = jax.make_mesh((4, 2), ("batch", "time"))
    wave = jax.device_put(wave, NamedSharding(mesh, P("batch", "time")))
    norm = PeakNormalizer(LoudnessConfig())
    env = jax.shard_map(norm, mesh=mesh, in_specs=P("batch", "time"),
                        out_specs=P("batch", None))(wave)
    print(env.shape)
    return env


if __name__ == "__main__":
    main(*inputs())
