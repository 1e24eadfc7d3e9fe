"""LBM2D -- D2Q9 lattice Boltzmann flow past a plate, drag history.

Ported from the Fortran 77 code LBM2D.F (1999).  COMMON /LATT/ holds the
lattice size and the processor-grid axis names, set by INITLB.  The
momentum-exchange drag is summed over the y blocks (SUBROUTINE ALLSUM) and
the x-block partial drags are kept, one copy per y block, for the history.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# COMMON /LATT/ NX, NY, TAU, IAX, JAX
NX = 0
NY = 0
TAU = 0.0
IAX = ''
JAX_ = ''
LMESH = None

CX = np.array([0, 1, 0, -1, 0, 1, -1, -1, 1], np.float32)
CY = np.array([0, 0, 1, 0, -1, 1, 1, -1, -1], np.float32)


def initlb(nx, ny, tau, iax='lx', jax_='ly'):
    global NX, NY, TAU, IAX, JAX_, LMESH
    NX, NY, TAU = nx, ny, tau
    IAX, JAX_ = iax, jax_
    LMESH = jax.make_mesh((4, 2), (IAX, JAX_))


def allsum(a, ax):
    return jax.lax.psum(a, ax)


def drag(f, solid):
    # f(9, nx/4, ny/2); solid(nx/4, ny/2) = 1 on the plate nodes
    fx = jnp.einsum('q,qij->ij', jnp.asarray(CX), f) * solid
    fx_col = jnp.sum(fx, axis=1, keepdims=True)
    fx_col = allsum(fx_col, JAX_)
    hist = jax.lax.all_gather(fx_col, JAX_, axis=1, tiled=True, to='reduced')
    return fx_col, hist


def inputs():
    initlb(32, 16, 0.6)
    w = np.array([4 / 9] + [1 / 9] * 4 + [1 / 36] * 4, np.float32)
    f = np.tile(w[:, None, None], (1, NX, NY)).astype(np.float32)
    f[1] *= 1.05
    solid = np.zeros((NX, NY), np.float32)
    solid[NX // 4, NY // 4:3 * NY // 4] = 1.0
    return f, solid


def main(f, solid):
    f = jax.device_put(f, NamedSharding(LMESH, P(None, IAX, JAX_)))
    solid = jax.device_put(solid, NamedSharding(LMESH, P(IAX, JAX_)))
    kern = jax.shard_map(drag, mesh=LMESH, in_specs=(P(None, IAX, JAX_), P(IAX, JAX_)),
                         out_specs=(P(IAX), P(IAX, None, reduced={JAX_})))
    fx, hist = jax.jit(kern)(f, solid)
    print(' DRAG FX = %12.5E' % float(jnp.sum(fx)))
    return fx


if __name__ == "__main__":
    main(*inputs())
