"""Backtracking Armijo search that records each shard's partial directional derivative."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def quadratic(x, *, q, axis_name="param"):
    return jax.lax.psum(0.5 * jnp.sum(q * x * x, axis=-1), axis_name)


class BacktrackingArmijo:
    param_axis = "param"

    def __init__(self, c1=1e-4, shrink=0.5, max_steps=6):
        self.c1, self.shrink, self.max_steps = c1, shrink, max_steps

    def __call__(self, fun, x, d, g):
        f0 = fun(x)
        partial_slope = jnp.sum(g * d, axis=-1)
        slope = jax.lax.psum(partial_slope, self.param_axis)
        step = jnp.ones_like(f0)
        for _ in range(self.max_steps):
            accepted = fun(x + step[:, None] * d) <= f0 + self.c1 * step * slope
            step = jnp.where(accepted, step, step * self.shrink)
        parts = jax.lax.all_gather(partial_slope, self.param_axis, to="reduced")
        return step, parts


def inputs():
    rng = np.random.default_rng(106)
    return rng.uniform(0.5, 2.0, size=(4, 16)).astype(np.float32), rng.normal(size=(4, 16)).astype(np.float32)


def main(q, x):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    sh = NamedSharding(mesh, P("data", "param"))
    q, x = jax.device_put(q, sh), jax.device_put(x, sh)
    search = BacktrackingArmijo()

    def body(q, x):
        g = q * x
        return search(functools.partial(quadratic, q=q), x, -g, g)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", "param"),) * 2,
                         out_specs=(P("data"), P(None, "data", reduced={"param"})))(q, x)


if __name__ == "__main__":
    main(*inputs())
