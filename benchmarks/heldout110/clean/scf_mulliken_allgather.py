"""RHF Mulliken populations (rhf_scf.m), populations gathered as plain copies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

global_nbf = 0
global_nocc = 0
BF = 'bf'
MO = 'mo'
MESH = None


def init_scf(nbf, nocc):
    global global_nbf, global_nocc, MESH
    global_nbf, global_nocc = nbf, nocc
    MESH = jax.make_mesh((4, 2), (BF, MO))


def population(C, S_diag):
    q = 2.0 * jnp.sum(C * C, axis=1) * S_diag
    q = jax.lax.psum(q, MO)
    pop_all = jax.lax.all_gather(q, BF, tiled=True)
    return q, pop_all


def inputs():
    init_scf(16, 8)
    rng = np.random.default_rng(7)
    return rng.standard_normal((16, 8)).astype(np.float32) / 4.0, np.ones(16, np.float32)


def main(C, S_diag):
    C = jax.device_put(C, NamedSharding(MESH, P(BF, MO)))
    S_diag = jax.device_put(S_diag, NamedSharding(MESH, P(BF)))
    q, pop_all = jax.jit(jax.shard_map(population, mesh=MESH, in_specs=(P(BF, MO), P(BF)),
                                       out_specs=(P(BF), P(BF))))(C, S_diag)
    print('  Mulliken: total electrons = %10.6f' % float(jnp.sum(q)))
    return q


if __name__ == "__main__":
    main(*inputs())
