"""Lattice Boltzmann restart file: distribution functions collected for the writer rank."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

DECOMPOSITION = {
    "solver": P(None, ("sx", "sy"), None),
    "writer": P(None, "sy", None),
}


def write_restart(f):
    return top_level_all_gather(f, DECOMPOSITION["writer"])


def inputs():
    rng = np.random.default_rng(3)
    return (rng.uniform(0.05, 0.15, size=(9, 16, 8)).astype(np.float32),)


def main(f):
    mesh = jax.make_mesh((2, 4), ("sx", "sy"))
    with jax.set_mesh(mesh):
        f = jax.device_put(f, NamedSharding(mesh, DECOMPOSITION["solver"]))
        return write_restart(f)


if __name__ == "__main__":
    main(*inputs())
