"""Cross-spectrum of two tracers: the second field's modes are shared with every pencil."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class SpectrumAxes:
    kx: str = "kx"
    ky: str = "ky"

    @property
    def both(self):
        return (self.kx, self.ky)


@dataclasses.dataclass
class CrossSpectrum:
    axes: SpectrumAxes = dataclasses.field(default_factory=SpectrumAxes)

    def share_modes(self, delta_b):
        rows = jax.lax.all_gather(delta_b, self.axes.ky, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, self.axes.both, axis=0, tiled=True, to="reduced")

    def __call__(self, mesh, delta_b):
        spec = P(*self.axes.both)
        return jax.shard_map(self.share_modes, mesh=mesh, in_specs=spec,
                             out_specs=P(None, None, reduced=set(self.axes.both)))(delta_b)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.normal(size=(16, 16)).astype(np.float32),)


def main(delta_b):
    xs = CrossSpectrum()
    mesh = jax.make_mesh((2, 4), xs.axes.both)
    delta_b = jax.device_put(delta_b, NamedSharding(mesh, P(*xs.axes.both)))
    return xs(mesh, delta_b)


if __name__ == "__main__":
    main(*inputs())
