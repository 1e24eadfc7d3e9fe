"""DEM output stage: particle positions from the jitted initialiser collected for the VTK writer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARTICLES = P(("slab", "bin"), None)
WRITER = P("bin", None, reduced={"slab"})


def build_initialiser(mesh):
    def lattice_positions(seed_pos):
        jitter = 0.001 * jnp.sin(seed_pos * 37.0)
        return seed_pos + jitter
    return jax.jit(lattice_positions, out_shardings=NamedSharding(mesh, PARTICLES))


def write_vtk(pos):
    return top_level_all_gather(pos, WRITER)


def inputs():
    grid = np.stack(np.meshgrid(np.arange(4), np.arange(4), np.arange(4), indexing="ij"), -1)
    return ((0.02 * grid.reshape(-1, 3)).astype(np.float32),)


def main(seed_pos):
    mesh = jax.make_mesh((2, 4), ("slab", "bin"))
    with jax.set_mesh(mesh):
        init = build_initialiser(mesh)
        pos = init(jax.device_put(seed_pos, NamedSharding(mesh, PARTICLES)))
        return write_vtk(pos)


if __name__ == "__main__":
    main(*inputs())
