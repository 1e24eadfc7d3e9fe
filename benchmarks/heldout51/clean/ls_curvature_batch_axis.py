"""Strong Wolfe curvature test; the summed slope is then averaged over the data axis only."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def slope_along(grad, direction, *, param_axis="param"):
    return jax.lax.psum(jnp.sum(grad * direction), param_axis)


def batch_slope(grad, direction, *, param_axis="param", batch_axis="data"):
    return jax.lax.pmean(slope_along(grad, direction, param_axis=param_axis), batch_axis)


def curvature_ok(g0, g_new, d, c2=0.9):
    return jnp.abs(batch_slope(g_new, d)) <= c2 * jnp.abs(batch_slope(g0, d))


def inputs():
    rng = np.random.default_rng(107)
    g0 = rng.normal(size=(8, 16)).astype(np.float32)
    return g0, g0 * 0.3, -g0


def main(g0, g_new, d):
    mesh = jax.make_mesh((2, 4), ("data", "param"))
    sh = NamedSharding(mesh, P("data", "param"))
    g0, g_new, d = (jax.device_put(a, sh) for a in (g0, g_new, d))
    check = functools.partial(curvature_ok, c2=0.9)
    return jax.shard_map(check, mesh=mesh, in_specs=(P("data", "param"),) * 3, out_specs=P())(g0, g_new, d)


if __name__ == "__main__":
    main(*inputs())
