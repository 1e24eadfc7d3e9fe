"""HEAT2D -- explicit FTCS solver, residual per process row.

Ported from HEAT2D.F (1994).  The column residuals are summed along each
process column (J) and the per-row partial residuals collected along I for
the convergence log, one entry per process row.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- COMMON /GRID/ and /PAR/ -----------------------------------------------
NX = 0
NY = 0
DX = 0.0
DY = 0.0
ALPHA = 0.0
NPX = 0
NPY = 0
IAXIS = None
JAXIS = None
MESH = None

NAMELIST = "&grid nx=32, ny=16, npx=4, npy=2, alpha=0.1, iaxis='px', jaxis='py' /"


def read_namelist(text):
    body = text.strip()
    body = body[body.index(' ') + 1:body.rindex('/')]
    nml = {}
    for item in body.split(','):
        key, val = item.split('=')
        key, val = key.strip().lower(), val.strip()
        if val.startswith("'"):
            nml[key] = val.strip("'")
        elif '.' in val:
            nml[key] = float(val)
        else:
            nml[key] = int(val)
    return nml


def init_grid(nml):
    global NX, NY, DX, DY, ALPHA, NPX, NPY, IAXIS, JAXIS, MESH
    NX, NY = nml['nx'], nml['ny']
    DX, DY = 1.0 / (NX - 1), 1.0 / (NY - 1)
    ALPHA = nml['alpha']
    NPX, NPY = nml['npx'], nml['npy']
    IAXIS, JAXIS = nml['iaxis'], nml['jaxis']
    MESH = jax.make_mesh((NPX, NPY), (IAXIS, JAXIS))


def ftcs(u, dt):
    up = jnp.pad(u, 1, mode='edge')
    lap = ((up[2:, 1:-1] - 2.0 * u + up[:-2, 1:-1]) / DX ** 2
           + (up[1:-1, 2:] - 2.0 * u + up[1:-1, :-2]) / DY ** 2)
    unew = u + dt * ALPHA * lap
    rowres = jnp.sum((unew - u) ** 2, axis=1)
    rowres = jax.lax.psum(rowres, JAXIS)
    hist = jax.lax.all_gather(rowres, IAXIS, to='reduced')
    return unew, hist


def solve(u0, dt, tol, maxit):
    step = jax.jit(jax.shard_map(
        lambda u: ftcs(u, dt), mesh=MESH, in_specs=P(IAXIS, JAXIS),
        out_specs=(P(IAXIS, JAXIS), P(None, None, reduced={IAXIS}))))
    u = jax.device_put(u0, NamedSharding(MESH, P(IAXIS, JAXIS)))
    it = 0
    converged = False
    while not converged:
        it = it + 1
        unew, hist = step(u)
        err = float(jnp.sqrt(jnp.sum((unew - u) ** 2)))
        u = unew
        print(' IT=%5d   RESID=%12.5E' % (it, err))
        converged = err < tol or it >= maxit
    return u


def inputs():
    init_grid(read_namelist(NAMELIST))
    x = np.linspace(0.0, 1.0, NX, dtype=np.float32)
    y = np.linspace(0.0, 1.0, NY, dtype=np.float32)
    xx, yy = np.meshgrid(x, y, indexing='ij')
    u0 = np.exp(-40.0 * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2)).astype(np.float32)
    return u0, 0.2 * DX * DX / ALPHA, 1.0e-4, 5


def main(u0, dt, tol, maxit):
    return solve(u0, dt, tol, maxit)


if __name__ == "__main__":
    main(*inputs())
