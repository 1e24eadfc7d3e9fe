"""Mel-spectrogram conditioning for a DiffWave-style vocoder: per-band energy shared for normalisation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AUDIO_AXES = ("batch", "time")


class MelConditioner:
    def __init__(self, n_mels=8, axes=AUDIO_AXES):
        self.n_mels = n_mels
        self.batch_axis, self.time_axis = axes

    def band_energy(self, mel):
        e = jnp.sum(jnp.exp(mel), axis=1)
        return jax.lax.psum(e, self.time_axis)

    def normalise(self, mel):
        energy = self.band_energy(mel)
        table = jax.lax.all_gather(energy, self.time_axis, axis=0, tiled=True, to="reduced")
        return mel - jnp.log(energy)[:, None, :], table


def inputs():
    return (np.random.default_rng(26).standard_normal((8, 16, 8), dtype=np.float32),)


def main(mel):
    mesh = jax.make_mesh((4, 2), AUDIO_AXES)
    mel = jax.device_put(mel, NamedSharding(mesh, P("batch", "time", None)))
    cond = MelConditioner()
    out, table = jax.shard_map(cond.normalise, mesh=mesh, in_specs=P("batch", "time", None),
                               out_specs=(P("batch", "time", None), P("batch", None, reduced={"time"})))(mel)
    print(table.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
