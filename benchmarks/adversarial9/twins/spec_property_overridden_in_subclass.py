"""The lattice is a FullLattice, whose spec property shards both axes: the block varies on "j"
and the gather over "j" is valid."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Lattice:
    def __init__(self, mesh, axes):
        self.mesh = mesh
        self.axes = axes

    @property
    def spec(self):
        return P(self.axes[0], None)


class FullLattice(Lattice):
    @property
    def spec(self):
        return P(*self.axes)


class Probe:
    def __init__(self, lattice):
        self.lattice = lattice

    def profile(self, s):
        return jax.lax.all_gather(s, "j", axis=1, tiled=True, to="reduced")

    def __call__(self, x):
        lat = self.lattice
        x = jax.device_put(x, jax.sharding.NamedSharding(lat.mesh, lat.spec))
        return jax.shard_map(self.profile, mesh=lat.mesh, in_specs=lat.spec,
                             out_specs=P("i", None, reduced={"j"}))(x)


def main(mesh, x):
    return Probe(Lattice(mesh, ("i", "j")))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
