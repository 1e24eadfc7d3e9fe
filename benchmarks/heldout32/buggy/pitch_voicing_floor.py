"""Voicing decision: the aperiodicity floor is the minimum over all lag shards of the frame."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AperiodicityMixin:
    def aperiodicity(self, frames):
        ap = 1.0 - jnp.tanh(jnp.abs(frames))
        return jax.lax.all_gather(ap, self.lag_axis, axis=1, tiled=True, to="reduced")


class VoicingDetector(AperiodicityMixin):
    def __init__(self, lag_axis="lag", voicing_threshold=0.3):
        self.lag_axis = lag_axis
        self.voicing_threshold = voicing_threshold

    def floor(self, frames):
        ap = self.aperiodicity(frames)
        return jax.lax.pmin(ap, self.lag_axis)

    def __call__(self, frames):
        return jnp.min(self.floor(frames), axis=1) < self.voicing_threshold


def inputs():
    rng = np.random.default_rng(52)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(frames):
    mesh = jax.make_mesh((2, 4), ("utt", "lag"))
    frames = jax.device_put(frames, NamedSharding(mesh, P("utt", "lag")))
    return jax.shard_map(VoicingDetector(), mesh=mesh, in_specs=P("utt", "lag"),
                         out_specs=P("utt"))(frames)


if __name__ == "__main__":
    print(main(*inputs()))
