"""Lattice Boltzmann D2Q9: total mass per lattice row, kept as a diagnostic table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LATTICE = {"rows": "lx", "cols": "ly"}


def diagnostics(f):
    rho = f.sum(axis=-1)
    row_mass = jax.lax.psum(rho.sum(axis=1), axis_name=LATTICE["cols"])
    return jax.lax.all_gather(row_mass, axis_name=LATTICE["cols"], axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(601)
    return (rng.uniform(0.9, 1.1, (16, 16, 9)).astype(np.float32) / 9,)


def main(f):
    mesh = jax.make_mesh((2, 4), (LATTICE["rows"], LATTICE["cols"]))
    f = jax.device_put(f, NamedSharding(mesh, P(LATTICE["rows"], LATTICE["cols"], None)))
    fn = jax.shard_map(diagnostics, mesh=mesh, in_specs=P(LATTICE["rows"], LATTICE["cols"], None),
                       out_specs=P(None, LATTICE["rows"], reduced={LATTICE["cols"]}))
    return fn(f)


if __name__ == "__main__":
    print(main(*inputs()))
