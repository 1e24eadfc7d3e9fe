"""Conjugate gradients for many right-hand sides, rows of the operator split across devices."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class CGState(NamedTuple):
    x: jax.Array
    r: jax.Array
    p: jax.Array
    rs: jax.Array


def make_cg(matvec, *, maxiter=8, row_axis="rows"):
    def vdot(a, b):
        return jax.lax.psum(jnp.sum(a * b, axis=-1), row_axis)

    def body(i, s):
        ap = matvec(s.p)
        alpha = s.rs / vdot(s.p, ap)
        x = s.x + alpha[:, None] * s.p
        r = s.r - alpha[:, None] * ap
        rs_new = vdot(r, r)
        p = r + (rs_new / s.rs)[:, None] * s.p
        return CGState(x, r, p, rs_new)

    def solve(b):
        x0 = jnp.zeros_like(b)
        state = jax.lax.fori_loop(0, maxiter, body, CGState(x0, b, b, vdot(b, b)))
        info = jax.lax.all_gather(state.rs, row_axis, to="reduced")
        return state.x, info

    return solve


def inputs():
    rng = np.random.default_rng(30)
    diag = rng.uniform(1.0, 3.0, size=(2, 32)).astype(np.float32)
    b = rng.normal(size=(2, 32)).astype(np.float32)
    return diag, b


def main(diag, b):
    mesh = jax.make_mesh((2, 4), ("rhs", "rows"))
    sh = NamedSharding(mesh, P("rhs", "rows"))
    diag, b = jax.device_put(diag, sh), jax.device_put(b, sh)

    def body(d, b):
        solve = make_cg(lambda v: d * v)
        return solve(b)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("rhs", "rows"),) * 2,
                         out_specs=(P("rhs", "rows"), P(None, "rhs", reduced={"rows"})))(diag, b)


if __name__ == "__main__":
    main(*inputs())
