"""DIIS extrapolation for the RHF SCF (diis.m, Pulay 1980 scheme).

err = F*D*S - S*D*F; the MATLAB code took max(abs(err(:))) as the
convergence measure.  Here rows of the error matrix live on 'bf'.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW = 'bf'
COL = 'mo'
MESH = None
MAXIT = 0
TOL = 0.0

nml_text = "&diis maxit=6, tol=1.0e-6 /"


def parse(text):
    inner = text.replace('&diis', '').replace('/', '').strip()
    return {k.strip(): v.strip() for k, v in (kv.split('=') for kv in inner.split(','))}


def init_diis(text):
    global MESH, MAXIT, TOL
    p = parse(text)
    MAXIT = int(p['maxit'])
    TOL = float(p['tol'])
    MESH = jax.make_mesh((4, 2), (ROW, COL))


def diis_error(F, D, S):
    # F: row block (nbf/4, nbf); D, S replicated.  For the orthonormal
    # basis of this test S = 1, so the rows of S*D*F are the rows of D*F.
    err_rows = F @ D @ S - F @ S @ D
    errmat = jax.lax.all_gather(err_rows, ROW, tiled=True, to='reduced')
    emax = jax.lax.pmax(jnp.abs(errmat), ROW)
    return emax


def run(F, D, S):
    step = jax.jit(jax.shard_map(diis_error, mesh=MESH, in_specs=(P(ROW), P(), P()),
                                 out_specs=P()))
    it = 0
    converged = False
    while not converged:
        it += 1
        emax = step(F, D, S)
        e = float(jnp.max(emax))
        print(' DIIS IT %3d  MAX|ERR| = %12.4E' % (it, e))
        D = D * 0.5
        converged = e < TOL or it >= MAXIT
    return emax


def inputs():
    init_diis(nml_text)
    n = 16
    rng = np.random.default_rng(0)
    F = rng.standard_normal((n, n)).astype(np.float32)
    F = 0.5 * (F + F.T)
    return F, np.eye(n, dtype=np.float32), np.eye(n, dtype=np.float32)


def main(F, D, S):
    F = jax.device_put(F, NamedSharding(MESH, P(ROW)))
    D, S = (jax.device_put(a, NamedSharding(MESH, P())) for a in (D, S))
    return run(F, D, S)


if __name__ == "__main__":
    main(*inputs())
