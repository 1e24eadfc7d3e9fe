"""HEAT2D -- explicit FTCS solver for the 2-D heat equation on the unit square.

Ported from the group's Fortran 77 code HEAT2D.F (R. Lindqvist, 1994) to JAX.
The COMMON /GRID/ and /PAR/ blocks became module globals that INIT_GRID fills
from the namelist; the MPI_CART decomposition became a (px, py) device mesh.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- COMMON /GRID/ ---------------------------------------------------------
NX = 0
NY = 0
DX = 0.0
DY = 0.0
ALPHA = 0.0
# ---- COMMON /PAR/ ----------------------------------------------------------
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
    NX = nml['nx']
    NY = nml['ny']
    DX = 1.0 / (NX - 1)
    DY = 1.0 / (NY - 1)
    ALPHA = nml['alpha']
    NPX = nml['npx']
    NPY = nml['npy']
    IAXIS = nml['iaxis']
    JAXIS = nml['jaxis']
    MESH = jax.make_mesh((NPX, NPY), (IAXIS, JAXIS))


def exchg(u, axis, nproc, dim):
    # SUBROUTINE EXCHG: periodic halo swap along one mesh direction
    right = [(k, (k + 1) % nproc) for k in range(nproc)]
    left = [(k, (k - 1) % nproc) for k in range(nproc)]
    if dim == 0:
        lo = jax.lax.ppermute(u[-1:, :], axis, right)
        hi = jax.lax.ppermute(u[:1, :], axis, left)
    else:
        lo = jax.lax.ppermute(u[:, -1:], axis, right)
        hi = jax.lax.ppermute(u[:, :1], axis, left)
    return jnp.concatenate([lo, u, hi], axis=dim)


def ftcs(u, dt):
    # SUBROUTINE FTCS(U, UNEW, RES, DT)
    ug = exchg(exchg(u, IAXIS, NPX, 0), JAXIS, NPY, 1)
    lap = ((ug[2:, 1:-1] - 2.0 * ug[1:-1, 1:-1] + ug[:-2, 1:-1]) / DX ** 2
           + (ug[1:-1, 2:] - 2.0 * ug[1:-1, 1:-1] + ug[1:-1, :-2]) / DY ** 2)
    unew = u + dt * ALPHA * lap
    colres = jnp.sum((unew - u) ** 2, axis=0)
    colres = jax.lax.psum(colres, IAXIS)
    hist = jax.lax.all_gather(colres, IAXIS, to='reduced')
    return unew, hist


def solve(u0, dt, tol, maxit):
    step = jax.jit(jax.shard_map(
        lambda u: ftcs(u, dt), mesh=MESH, in_specs=P(IAXIS, JAXIS),
        out_specs=(P(IAXIS, JAXIS), P(None, JAXIS, reduced={IAXIS}))))
    u = jax.device_put(u0, NamedSharding(MESH, P(IAXIS, JAXIS)))
    it = 0
    converged = False
    while not converged:
        it = it + 1
        unew, hist = step(u)
        err = float(jnp.sqrt(jnp.sum((unew - u) ** 2)))
        u = unew
        if it % 5 == 1:
            print(' IT=%5d   RESID=%12.5E' % (it, err))
        converged = err < tol or it >= maxit
    return u


def inputs():
    init_grid(read_namelist(NAMELIST))
    x = np.linspace(0.0, 1.0, NX, dtype=np.float32)
    y = np.linspace(0.0, 1.0, NY, dtype=np.float32)
    xx, yy = np.meshgrid(x, y, indexing='ij')
    u0 = np.exp(-40.0 * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2)).astype(np.float32)
    return u0, 0.2 * DX * DX / ALPHA, 1.0e-4, 20


def main(u0, dt, tol, maxit):
    return solve(u0, dt, tol, maxit)


if __name__ == "__main__":
    main(*inputs())
