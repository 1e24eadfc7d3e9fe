"""The same probe, built over two lattices whose axes differ: `self.lattice` is not one object,
so the spec its property computes, and the body's input states, are not known."""
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
        return jax.lax.all_gather(strips, ("i", "j"), axis=1, tiled=True, to="reduced")

    def __call__(self, x):
        lat = self.lattice
        return jax.shard_map(self.profile, mesh=lat.mesh, in_specs=lat.spec,
                             out_specs=P(None, None, reduced={"i", "j"}))(x)


def main(mesh, x):
    first = Probe(Lattice(mesh, ("j", "i")))
    second = Probe(Lattice(mesh, ("i", "j")))
    return first(x), second(x)
