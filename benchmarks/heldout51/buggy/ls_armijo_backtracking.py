"""Backtracking Armijo line search over a batch of independent quadratic problems."""
import functools
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LineSearchResult(NamedTuple):
    step: jax.Array
    slopes: jax.Array


def quadratic(x, *, q, axis_name="param"):
    return jax.lax.psum(0.5 * jnp.sum(q * x * x, axis=-1), axis_name)


class BacktrackingArmijo:
    param_axis = "param"

    def __init__(self, c1=1e-4, shrink=0.5, max_steps=6):
        self.c1 = c1
        self.shrink = shrink
        self.max_steps = max_steps

    def _dot(self, a, b):
        return jax.lax.psum(jnp.sum(a * b, axis=-1), self.param_axis)

    def __call__(self, fun, x, d, g):
        f0 = fun(x)
        slope = self._dot(g, d)
        step = jnp.ones_like(f0)
        for _ in range(self.max_steps):
            accepted = fun(x + step[:, None] * d) <= f0 + self.c1 * step * slope
            step = jnp.where(accepted, step, step * self.shrink)
        slopes = jax.lax.all_gather(slope, self.param_axis, to="reduced")
        return LineSearchResult(step=step, slopes=slopes)


def inputs():
    rng = np.random.default_rng(20)
    q = rng.uniform(0.5, 2.0, size=(4, 16)).astype(np.float32)
    x = rng.normal(size=(4, 16)).astype(np.float32)
    return q, x


def main(q, x):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    sh = NamedSharding(mesh, P("data", "param"))
    q, x = jax.device_put(q, sh), jax.device_put(x, sh)
    search = BacktrackingArmijo()

    def body(q, x):
        fun = functools.partial(quadratic, q=q)
        g = q * x
        res = search(fun, x, -g, g)
        return res.step, res.slopes

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", "param"),) * 2,
                         out_specs=(P("data"), P(None, "data", reduced={"param"})))(q, x)


if __name__ == "__main__":
    main(*inputs())
