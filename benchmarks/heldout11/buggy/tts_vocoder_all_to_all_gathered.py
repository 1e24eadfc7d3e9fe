"""A multi-band MelGAN-like vocoder: mel bands re-bucketed from band shards to time shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MultiBandVocoder:
    band_axis = "band"
    utt_axis = "utt"

    def full_mel(self, mel_band):
        return jax.lax.all_gather(mel_band, self.band_axis, axis=2, tiled=True, to="reduced")

    def to_time_shards(self, mel):
        return jax.lax.all_to_all(mel, self.band_axis, split_axis=1, concat_axis=1, tiled=True)

    def __call__(self, mel_band):
        mel = self.full_mel(mel_band)
        return self.to_time_shards(mel)


def inputs():
    return (np.random.RandomState(42).randn(4, 16, 80).astype(np.float32),)


def main(mel):
    mesh = jax.make_mesh((2, 4), ("utt", "band"))
    mel = jax.device_put(mel, NamedSharding(mesh, P("utt", None, "band")))
    voc = MultiBandVocoder()
    return jax.shard_map(voc, mesh=mesh, in_specs=P("utt", None, "band"),
                         out_specs=P("utt", "band", None))(mel)


if __name__ == "__main__":
    print(main(*inputs()).shape)
