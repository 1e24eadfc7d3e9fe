"""Strong Wolfe curvature test for a data-parallel loss with model-sharded parameters."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def slope_along(grad, direction, *, param_axis="param"):
    return jax.lax.psum(jnp.sum(grad * direction), param_axis)


def batch_slope(grad, direction, *, param_axis="param", reduce_axes=("data", "param")):
    local = slope_along(grad, direction, param_axis=param_axis)
    return jax.lax.pmean(local, reduce_axes)


def curvature_ok(g0, g_new, d, c2=0.9):
    s0 = batch_slope(g0, d)
    s_new = batch_slope(g_new, d)
    return jnp.abs(s_new) <= c2 * jnp.abs(s0)


def inputs():
    rng = np.random.default_rng(23)
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
