"""Conjugate-gradient solver for the FE system K u = f (pcg.f90).

Row-block distributed, Jacobi-preconditioned; the residual vector of each
iteration is collected on every process for the preconditioner and its
squared norm reduced for the convergence check.  Iteration control as in
the Fortran: DO WHILE (.NOT. CONVERGED).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 32
ROWS = 'rows'
REPL = 'repl'
MESH = None
TOL = 1.0e-8
MAXIT = 0


def pcg_init(maxit):
    global MESH, MAXIT
    MAXIT = maxit
    MESH = jax.make_mesh((4, 2), (ROWS, REPL))


def pcg_iter(K_rows, x, r_rows, p, dinv):
    # one CG step; K_rows: (N/4, N), x and p replicated, r_rows, dinv: (N/4,)
    r = jax.lax.all_gather(r_rows, ROWS, tiled=True, to='reduced')
    z = jax.lax.all_gather(r_rows * dinv, ROWS, tiled=True, to='reduced')
    rz = jax.lax.psum(jnp.sum(r * z), ROWS)
    Ap_rows = K_rows @ p
    Ap = jax.lax.all_gather(Ap_rows, ROWS, tiled=True, to='invarying')
    alpha = rz / jnp.sum(p * Ap)
    return x + alpha * p, r_rows - alpha * Ap_rows, rz


def pcg(K, f, dinv):
    step = jax.jit(jax.shard_map(pcg_iter, mesh=MESH,
                                 in_specs=(P(ROWS), P(), P(ROWS), P(), P(ROWS)),
                                 out_specs=(P(), P(ROWS), P())))
    x = jnp.zeros(N, jnp.float32)
    repl = NamedSharding(MESH, P())
    r = f
    p = jax.device_put(f, repl)
    it = 0
    converged = False
    while not converged:
        it = it + 1
        x, r, rz = step(K, x, r, p, dinv)
        p = jax.device_put(r, repl)
        print(' PCG IT=%4d  (r,z)=%12.4E' % (it, float(rz)))
        converged = float(rz) < TOL or it >= MAXIT
    return x


def inputs():
    pcg_init(4)
    K = (2.0 * np.eye(N) - np.eye(N, k=1) - np.eye(N, k=-1)).astype(np.float32)
    f = np.ones(N, np.float32)
    return K, f, (1.0 / np.diag(K)).astype(np.float32)


def main(K, f, dinv):
    K = jax.device_put(K, NamedSharding(MESH, P(ROWS)))
    f = jax.device_put(f, NamedSharding(MESH, P(ROWS)))
    dinv = jax.device_put(dinv, NamedSharding(MESH, P(ROWS)))
    return pcg(K, f, dinv)


if __name__ == "__main__":
    main(*inputs())
