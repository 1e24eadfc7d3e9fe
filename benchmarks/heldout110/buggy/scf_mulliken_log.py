"""Restricted Hartree-Fock SCF driver -- Mulliken population logging.

Translated from the MATLAB teaching code rhf_scf.m (chemistry dept., 2012).
MO coefficients C(nbf, nmo) are split by basis functions over 'bf' and by
molecular orbitals over 'mo'.  Globals stand in for the .m file's globals.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

global_nbf = 0
global_nocc = 0
BF = 'bf'
MO = 'mo'
MESH = None


def init_scf(nbf, nocc, shape=(4, 2)):
    global global_nbf, global_nocc, MESH
    global_nbf = nbf
    global_nocc = nocc
    MESH = jax.make_mesh(shape, (BF, MO))


def population(C, S_diag):
    # pop = 2 * sum(C(:,1:nocc).^2, 2) .* diag(S)
    q = 2.0 * jnp.sum(C * C, axis=1) * S_diag
    q = jax.lax.psum(q, MO)
    pop_all = jax.lax.all_gather(q, MO, tiled=True, to='reduced')
    return q, pop_all


def scf_report(C, S_diag):
    f = jax.shard_map(population, mesh=MESH, in_specs=(P(BF, MO), P(BF)),
                      out_specs=(P(BF), P(BF, reduced={MO})))
    q, pop_all = jax.jit(f)(C, S_diag)
    print('  Mulliken: total electrons = %10.6f' % float(jnp.sum(q)))
    return q


def inputs():
    init_scf(16, 8)
    rng = np.random.default_rng(7)
    C = rng.standard_normal((global_nbf, global_nocc)).astype(np.float32) / 4.0
    return C, np.ones(global_nbf, np.float32)


def main(C, S_diag):
    C = jax.device_put(C, NamedSharding(MESH, P(BF, MO)))
    S_diag = jax.device_put(S_diag, NamedSharding(MESH, P(BF)))
    return scf_report(C, S_diag)


if __name__ == "__main__":
    main(*inputs())
