"""Pair mask of a half neighbour list from pair distances shared along the atom axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Space:
    def __init__(self, box, atom_axis="atoms"):
        self.box = box
        self.atom_axis = atom_axis

    def distance(self, ra, rb):
        d = ra - rb
        d = d - self.box * jnp.round(d / self.box)
        return jnp.sqrt(jnp.sum(d ** 2, axis=-1) + 1e-12)


class HalfNeighborList:
    def __init__(self, space, r_cutoff):
        self.space = space
        self.r_cutoff = r_cutoff

    def pair_distances(self, position, partner):
        local = self.space.distance(position, partner)
        return jax.lax.all_gather(local, self.space.atom_axis, axis=1, tiled=True, to="reduced")

    def mask(self, position, partner):
        dist = self.pair_distances(position, partner)
        nearest = jnp.max(-dist, axis=-1)
        return -nearest < self.r_cutoff


def inputs():
    rng = np.random.default_rng(11)
    a = rng.uniform(0.0, 5.0, size=(4, 16, 3)).astype(np.float32)
    b = rng.uniform(0.0, 5.0, size=(4, 16, 3)).astype(np.float32)
    return a, b


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("replica", "atoms"))
    spec = P("replica", "atoms", None)
    a, b = (jax.device_put(x, NamedSharding(mesh, spec)) for x in (a, b))
    nl = HalfNeighborList(Space(5.0), r_cutoff=1.2)
    return jax.shard_map(nl.mask, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P("replica"))(a, b)


if __name__ == "__main__":
    main(*inputs())
