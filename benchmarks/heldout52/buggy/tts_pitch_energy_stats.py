"""FastPitch-like variance adaptor: pitch statistics are collected for normalisation bounds."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class VarianceConfig:
    utt_axis: str = "utt"
    frame_axis: str = "mel"
    n_bins: int = 256


class PitchStats:
    def __init__(self, cfg: VarianceConfig):
        self.cfg = cfg

    @staticmethod
    def _gather(values, axis):
        return jax.lax.all_gather(values, axis, axis=0, tiled=True, to="reduced")

    def upper_bound(self, pitch):
        pooled = self._gather(pitch.max(axis=0, keepdims=True), self.cfg.utt_axis)
        return jax.lax.pmax(pooled, self.cfg.utt_axis)


def inputs():
    return (np.linspace(80.0, 400.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(pitch):
    cfg = VarianceConfig()
    mesh = jax.make_mesh((2, 4), (cfg.utt_axis, cfg.frame_axis))
    pitch = jax.device_put(pitch, NamedSharding(mesh, P(cfg.utt_axis, cfg.frame_axis)))
    stats = PitchStats(cfg)
    return jax.shard_map(stats.upper_bound, mesh=mesh, in_specs=P(cfg.utt_axis, cfg.frame_axis),
                         out_specs=P(None, cfg.frame_axis))(pitch)


if __name__ == "__main__":
    main(*inputs())
