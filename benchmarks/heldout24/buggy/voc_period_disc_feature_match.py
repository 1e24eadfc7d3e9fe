"""HiFi-GAN multi-period discriminator: feature-matching loss over sharded waveforms."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class DiscConfig:
    periods: tuple = (2, 3)
    batch_axis: str = "batch"
    time_axis: str = "time"


class MultiPeriodDiscriminator:
    def __init__(self, cfg: DiscConfig, mesh):
        self.cfg = cfg
        self.mesh = mesh

    def _frames(self, wav, period):
        n = wav.shape[-1] // period * period
        return wav[..., :n].reshape(wav.shape[0], -1, period)

    def _feature(self, wav, period):
        fr = self._frames(wav, period)
        return jnp.tanh(fr).mean(axis=-1)

    def __call__(self, real, fake):
        cfg = self.cfg
        feats = []
        for period in cfg.periods:
            r = jax.lax.all_gather(self._feature(real, period), cfg.time_axis,
                                   axis=1, tiled=True, to="reduced")
            f = jax.lax.all_gather(self._feature(fake, period), cfg.time_axis,
                                   axis=1, tiled=True, to="reduced")
            feats.append(jnp.abs(r - f).sum(axis=1))
        match = feats[0] + feats[1]
        return jax.lax.all_gather(match, (cfg.batch_axis, cfg.time_axis), tiled=True, to="reduced")

    def loss(self):
        return jax.shard_map(self.__call__, mesh=self.mesh,
                             in_specs=(P("batch", "time"), P("batch", "time")),
                             out_specs=P(reduced={"batch", "time"}))


def inputs():
    rng = np.random.default_rng(1)
    return (rng.standard_normal((4, 96)).astype(np.float32),
            rng.standard_normal((4, 96)).astype(np.float32))


def main(real, fake):
    cfg = DiscConfig()
    mesh = jax.make_mesh((2, 4), (cfg.batch_axis, cfg.time_axis))
    sharding = NamedSharding(mesh, P("batch", "time"))
    disc = MultiPeriodDiscriminator(cfg, mesh)
    return disc.loss()(jax.device_put(real, sharding), jax.device_put(fake, sharding))


if __name__ == "__main__":
    print(main(*inputs()))
