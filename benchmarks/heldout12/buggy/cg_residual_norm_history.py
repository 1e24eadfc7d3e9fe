"""Conjugate gradient on a block-row-distributed SPD matrix; residual norms kept for a plot."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

ROWS = "rows"
ITERS = 4


def pdot(a, b):
    return jax.lax.psum(jnp.vdot(a, b), ROWS)


def matvec(a_blk, p):
    p_full = jax.lax.all_gather(p, ROWS, tiled=True)
    return a_blk @ p_full


def cg(a_blk, b):
    x = jnp.zeros_like(b)
    r = b - matvec(a_blk, x)
    p = r
    rs = pdot(r, r)
    norms = []
    for _ in range(ITERS):
        ap = matvec(a_blk, p)
        alpha = rs / pdot(p, ap)
        x = x + alpha * p
        r = r - alpha * ap
        rs_new = pdot(r, r)
        p = r + (rs_new / rs) * p
        rs = rs_new
        norms.append(jnp.sqrt(rs))
    return x, jnp.stack(norms)


def main(mesh, a, b):
    def body(a_blk, b_blk):
        x, norms = cg(a_blk, b_blk)
        history = jax.lax.all_gather(norms, ROWS, axis=0, to="reduced")
        return x, history

    solve = jax.shard_map(body, mesh=mesh, in_specs=(P(ROWS, None), P(ROWS)),
                          out_specs=(P(ROWS), P(None, None, reduced={ROWS})))
    return solve(a, b)


def inputs():
    mesh = jax.make_mesh((8,), (ROWS,))
    n = 32
    m = jax.random.normal(jax.random.key(0), (n, n))
    a = m @ m.T + n * jnp.eye(n)
    b = jnp.ones((n,))
    return (mesh, jax.device_put(a, NamedSharding(mesh, P(ROWS, None))),
            jax.device_put(b, NamedSharding(mesh, P(ROWS))))
