"""Atom migration between lanes after each drift step of a domain-decomposed MD run."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_CELLS = 8
ATOMS_PER_CELL = 8
N_STEPS = 3
DT = 0.02
LANE_AXIS = "lane"
SLAB_AXIS = "slab"
N_LANES = 4


class Migrator:
    def __init__(self, axis=LANE_AXIS, n_lanes=N_LANES):
        self.axis = axis
        self.n_lanes = n_lanes

    def candidates(self, x):
        return jax.lax.all_gather(x, self.axis, axis=1, tiled=True)

    def migrate(self, x):
        pool = self.candidates(x)
        moved = jax.lax.all_to_all(pool, self.axis, split_axis=1, concat_axis=1, tiled=True)
        return moved[:, :: self.n_lanes]


def drift(x, v):
    return x + DT * v


def md_loop(x, v):
    mig = Migrator()
    for _ in range(N_STEPS):
        x = drift(x, v)
        x = mig.migrate(x)
    return x


def inputs():
    rng = np.random.default_rng(101)
    x = rng.uniform(0, 16, size=(N_CELLS, ATOMS_PER_CELL)).astype(np.float32)
    v = rng.normal(size=(N_CELLS, ATOMS_PER_CELL)).astype(np.float32)
    return x, v


def main(x, v):
    mesh = jax.make_mesh((2, N_LANES), (SLAB_AXIS, LANE_AXIS))
    spec = P(SLAB_AXIS, LANE_AXIS)
    x = jax.device_put(x, NamedSharding(mesh, spec))
    v = jax.device_put(v, NamedSharding(mesh, spec))
    return jax.shard_map(md_loop, mesh=mesh, in_specs=(spec, spec), out_specs=spec)(x, v)


if __name__ == "__main__":
    main(*inputs())
