"""Spectral whitening of daily cross-spectra, preprocessors looked up by name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PREPROCESSORS = {}


def register(name):
    def deco(cls):
        PREPROCESSORS[name] = cls
        return cls
    return deco


@register("whiten")
class SpectralWhitening:
    axes = ("pair", "freq")

    def __init__(self, water_level=1e-3):
        self.water_level = water_level

    def __call__(self, amp):
        smooth = (amp + jnp.roll(amp, 1, axis=1) + jnp.roll(amp, -1, axis=1)) / 3.0
        flat = amp / (smooth + self.water_level)
        band = jax.lax.all_gather(flat, self.axes[1], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(band, self.axes, axis=0, tiled=True, to="reduced")


@register("clip")
class AmplitudeClip:
    axes = ("pair", "freq")

    def __call__(self, amp):
        return jnp.clip(amp, -3.0, 3.0)


def build(mesh, name):
    op = PREPROCESSORS[name]()
    pair, freq = op.axes
    return jax.shard_map(op, mesh=mesh, in_specs=P(pair, freq),
                         out_specs=P(None, None, reduced={pair, freq}))


def inputs():
    rng = np.random.default_rng(1)
    return (np.abs(rng.normal(size=(8, 32))).astype(np.float32),)


def main(amp):
    mesh = jax.make_mesh((4, 2), ("pair", "freq"))
    amp = jax.device_put(amp, NamedSharding(mesh, P("pair", "freq")))
    return build(mesh, "whiten")(amp)


if __name__ == "__main__":
    main(*inputs())
