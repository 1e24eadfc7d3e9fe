"""CG on a 2-D mesh where vectors are replicated over `c`: dot products summed over `r` only."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

R, C = "r", "c"


def matvec(a_blk, x_blk):
    x_cols = jax.lax.all_gather(x_blk, R, tiled=True)
    width = a_blk.shape[1]
    part = a_blk @ jax.lax.dynamic_slice_in_dim(x_cols, jax.lax.axis_index(C) * width, width)
    return jax.lax.psum(part, C)


def dot(u, v):
    return jax.lax.psum(jnp.vdot(u, v), R)


def cg_iters(a_blk, b_blk, iters=3):
    x, r = jnp.zeros_like(b_blk), b_blk
    p, rs = r, dot(r, r)
    for _ in range(iters):
        ap = matvec(a_blk, p)
        alpha = rs / dot(p, ap)
        x, r = x + alpha * p, r - alpha * ap
        rs_new = dot(r, r)
        p, rs = r + rs_new / rs * p, rs_new
    return x


def main(mesh, a, b):
    return jax.shard_map(cg_iters, mesh=mesh, in_specs=(P(R, C), P(R)), out_specs=P(R))(a, b)


def inputs():
    mesh = jax.make_mesh((4, 2), (R, C))
    a = 16.0 * jnp.eye(16) + 0.1
    return (mesh, jax.device_put(a, NamedSharding(mesh, P(R, C))),
            jax.device_put(jnp.ones((16,)), NamedSharding(mesh, P(R))))
