"""LBM2D drag history (LBM2D.F): the plate drag is summed over the y blocks
(ALLSUM) and the partial drags of the x blocks are collected along x."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NX = 0
NY = 0
TAU = 0.0
IAX = ''
JAX_ = ''
LMESH = None

CX = np.array([0, 1, 0, -1, 0, 1, -1, -1, 1], np.float32)


def initlb(nx, ny, tau, iax='lx', jax_='ly'):
    global NX, NY, TAU, IAX, JAX_, LMESH
    NX, NY, TAU = nx, ny, tau
    IAX, JAX_ = iax, jax_
    LMESH = jax.make_mesh((4, 2), (IAX, JAX_))


def allsum(a, ax):
    return jax.lax.psum(a, ax)


def drag(f, solid):
    fx = jnp.einsum('q,qij->ij', jnp.asarray(CX), f) * solid
    fx_blk = allsum(jnp.sum(fx, keepdims=True), JAX_)
    hist = jax.lax.all_gather(fx_blk, IAX, axis=0, tiled=True, to='reduced')
    return fx_blk[0], hist


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
                         out_specs=(P(IAX), P(None, None, reduced={IAX})))
    fx, hist = jax.jit(kern)(f, solid)
    print(' DRAG FX = %12.5E' % float(jnp.sum(fx)))
    return fx


if __name__ == "__main__":
    main(*inputs())
