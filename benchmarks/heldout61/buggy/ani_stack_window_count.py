"""Ambient-noise cross-correlation stacking: windows kept per station pair."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StackConfig:
    pair_axis: str = "pair"
    freq_axis: str = "freq"
    min_windows: int = 3


class NoiseStacker:
    def __init__(self, mesh, cfg=StackConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def _window_counts(self, valid):
        # a window counts once per frequency shard that kept it
        return jax.lax.psum(valid.sum(axis=1), self.cfg.freq_axis)

    def _publish(self, counts):
        return jax.lax.all_gather(counts, self.cfg.freq_axis, tiled=True, to="reduced")

    def stack(self, spectra, valid):
        counts = self._window_counts(valid)
        table = self._publish(counts)
        linear = spectra.mean(axis=1)
        return linear, table

    def run(self, spectra, valid):
        c = self.cfg
        fn = jax.shard_map(
            self.stack,
            mesh=self.mesh,
            in_specs=(P(c.pair_axis, None, c.freq_axis), P(c.pair_axis, c.freq_axis)),
            out_specs=(P(c.pair_axis, c.freq_axis), P(c.pair_axis, reduced={c.freq_axis})),
        )
        return fn(spectra, valid)


def inputs():
    rng = np.random.default_rng(0)
    spectra = rng.normal(size=(8, 6, 16)).astype(np.float32)
    valid = (rng.uniform(size=(8, 16)) > 0.2).astype(np.float32)
    return spectra, valid


def main(spectra, valid):
    mesh = jax.make_mesh((4, 2), ("pair", "freq"))
    spectra = jax.device_put(spectra, NamedSharding(mesh, P("pair", None, "freq")))
    valid = jax.device_put(valid, NamedSharding(mesh, P("pair", "freq")))
    stacker = NoiseStacker(mesh)
    linear, counts = stacker.run(spectra, valid)
    return linear, counts


if __name__ == "__main__":
    main(*inputs())
