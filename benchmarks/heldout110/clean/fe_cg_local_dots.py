"""Jacobi-preconditioned CG (pcg.f90) with the dot products formed on the
row blocks and reduced, the residual gathered only for the log."""
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
    z_rows = r_rows * dinv
    rz = jax.lax.psum(jnp.sum(r_rows * z_rows), ROWS)
    Ap_rows = K_rows @ p
    Ap = jax.lax.all_gather(Ap_rows, ROWS, tiled=True, to='invarying')
    alpha = rz / jnp.sum(p * Ap)
    rlog = jax.lax.all_gather(r_rows, ROWS, tiled=True, to='reduced')
    return x + alpha * p, r_rows - alpha * Ap_rows, rz, rlog


def pcg(K, f, dinv):
    step = jax.jit(jax.shard_map(pcg_iter, mesh=MESH,
                                 in_specs=(P(ROWS), P(), P(ROWS), P(), P(ROWS)),
                                 out_specs=(P(), P(ROWS), P(), P(reduced={ROWS}))))
    repl = NamedSharding(MESH, P())
    x = jnp.zeros(N, jnp.float32)
    r = f
    p = jax.device_put(f, repl)
    it = 0
    converged = False
    while not converged:
        it = it + 1
        x, r, rz, rlog = step(K, x, r, p, dinv)
        p = jax.device_put(r, repl)
        print(' PCG IT=%4d  (r,z)=%12.4E' % (it, float(rz)))
        converged = float(rz) < TOL or it >= MAXIT
    return x


def inputs():
    pcg_init(4)
    K = (2.0 * np.eye(N) - np.eye(N, k=1) - np.eye(N, k=-1)).astype(np.float32)
    return K, np.ones(N, np.float32), (1.0 / np.diag(K)).astype(np.float32)


def main(K, f, dinv):
    sh = NamedSharding(MESH, P(ROWS))
    return pcg(jax.device_put(K, sh), jax.device_put(f, sh), jax.device_put(dinv, sh))


if __name__ == "__main__":
    main(*inputs())
