"""Primary-beam correction of the band-averaged image, applied after the channel gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class BeamCorrector:
    def __init__(self, mesh, chan_axis="chan"):
        self.mesh = mesh
        self.chan_axis = chan_axis

    def band_image(self, planes):
        return jax.lax.all_gather(planes, self.chan_axis, axis=0, tiled=True, to="reduced")

    def correct(self, planes, beam):
        cube = self.band_image(planes / beam)
        return jnp.sum(cube, axis=0)

    def run(self, planes, beam):
        fn = jax.shard_map(self.correct, mesh=self.mesh, in_specs=(P(self.chan_axis, None), P()),
                           out_specs=P(None, reduced={self.chan_axis}))
        return fn(planes, beam)


def inputs():
    rng = np.random.default_rng(65)
    beam = np.exp(-np.linspace(-1, 1, 16) ** 2).astype(np.float32)
    return rng.normal(size=(8, 16)).astype(np.float32), beam


def main(planes, beam):
    mesh = jax.make_mesh((8,), ("chan",))
    planes = jax.device_put(planes, NamedSharding(mesh, P("chan", None)))
    beam = jax.device_put(beam, NamedSharding(mesh, P()))
    return BeamCorrector(mesh).run(planes, beam)


if __name__ == "__main__":
    print(main(*inputs()))
