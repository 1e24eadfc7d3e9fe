"""CG on a 2-D block-distributed matrix: A over (r, c), vectors over r and replicated over c."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

R, C = "r", "c"


def matvec(a_blk, x_blk):
    x_cols = jax.lax.all_gather(x_blk, R, tiled=True)
    c = jax.lax.axis_index(C)
    width = a_blk.shape[1]
    part = a_blk @ jax.lax.dynamic_slice_in_dim(x_cols, c * width, width)
    return jax.lax.psum(part, C)


def dot(u, v):
    return jax.lax.psum(jnp.vdot(u, v), (R, C))


def cg_iters(a_blk, b_blk, iters=3):
    x = jnp.zeros_like(b_blk)
    r = b_blk
    p = r
    rs = dot(r, r)
    for _ in range(iters):
        ap = matvec(a_blk, p)
        alpha = rs / dot(p, ap)
        x = x + alpha * p
        r = r - alpha * ap
        rs_new = dot(r, r)
        p = r + rs_new / rs * p
        rs = rs_new
    return x


def main(mesh, a, b):
    f = jax.shard_map(cg_iters, mesh=mesh, in_specs=(P(R, C), P(R)), out_specs=P(R))
    return f(a, b)


def inputs():
    mesh = jax.make_mesh((4, 2), (R, C))
    n = 16
    m = jax.random.normal(jax.random.key(20), (n, n))
    a = m @ m.T + n * jnp.eye(n)
    return (mesh, jax.device_put(a, NamedSharding(mesh, P(R, C))),
            jax.device_put(jnp.ones((n,)), NamedSharding(mesh, P(R))))
