"""in_specs computed by a property of the lattice a field holds (`in_specs=lat.spec`, returning
`P(*self.axes)`): the body's input is varying on 'i' and 'j', so the second gather meets a value
the first left reduced on 'i'."""
import jax
from jax.sharding import PartitionSpec as P


class Lattice:
    def __init__(self, mesh, axes):
        self.mesh = mesh
        self.axes = axes

    @property
    def spec(self):
        return P(*self.axes)


class Probe:
    def __init__(self, lattice):
        self.lattice = lattice

    def profile(self, s):
        strips = jax.lax.all_gather(s, "i", axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(strips, ("i", "j"), axis=1, tiled=True, to="reduced")  # SF102

    def __call__(self, x):
        lat = self.lattice
        return jax.shard_map(self.profile, mesh=lat.mesh, in_specs=lat.spec,
                             out_specs=P(None, None, reduced={"i", "j"}))(x)


def main(mesh, x):
    return Probe(Lattice(mesh, ("i", "j")))(x)
