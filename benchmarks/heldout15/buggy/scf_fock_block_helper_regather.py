"""Hartree-Fock-like Fock build: blocks over (row, col) of the basis, gathered for diagonalisation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW, COL = "row", "col"


def gather_block(m, axes, dim):
    return jax.lax.all_gather(m, axes, axis=dim, tiled=True, to="reduced")


def fock(h_core, dens):
    coulomb = dens * 2.0
    exchange = dens * 0.5
    return h_core + coulomb - exchange


def inputs():
    h = np.diag(np.arange(1, 9, dtype=np.float32)) - 0.1
    d = np.full((8, 8), 0.05, np.float32)
    return h, d


def main(h_core, dens):
    mesh = jax.make_mesh((2, 4), (ROW, COL))
    h_core = jax.device_put(h_core, NamedSharding(mesh, P(ROW, COL)))
    dens = jax.device_put(dens, NamedSharding(mesh, P(ROW, COL)))

    def build(h, d):
        f_blk = fock(h, d)
        f_rows = gather_block(f_blk, ROW, 0)
        f_full = gather_block(f_rows, (ROW, COL), 1)
        return jnp.tanh(f_full)

    f = jax.shard_map(build, mesh=mesh, in_specs=(P(ROW, COL), P(ROW, COL)),
                      out_specs=P(None, None, reduced={ROW, COL}))
    return f(h_core, dens)


if __name__ == "__main__":
    print(main(*inputs()))
