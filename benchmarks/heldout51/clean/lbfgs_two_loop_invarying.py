"""L-BFGS two-loop recursion; the alpha coefficients are gathered to an invariant copy."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TwoLoopOutput(NamedTuple):
    direction: jax.Array
    alphas: jax.Array


def two_loop(grad, s_hist, y_hist, *, axis_name="mp"):
    def dot(a, b):
        return jax.lax.psum(jnp.sum(a * b), axis_name)

    m = s_hist.shape[0]
    rho = [1.0 / dot(y_hist[i], s_hist[i]) for i in range(m)]
    q = grad
    alphas = []
    for i in reversed(range(m)):
        a = rho[i] * dot(s_hist[i], q)
        q = q - a * y_hist[i]
        alphas.append(a)
    r = dot(s_hist[-1], y_hist[-1]) / dot(y_hist[-1], y_hist[-1]) * q
    for i, a in zip(range(m), reversed(alphas)):
        r = r + s_hist[i] * (a - rho[i] * dot(y_hist[i], r))
    alpha_vec = jax.lax.all_gather(jnp.stack(alphas), axis_name, to="invarying")
    return TwoLoopOutput(direction=-r, alphas=alpha_vec)


def inputs():
    rng = np.random.default_rng(117)
    s = rng.normal(size=(3, 32)).astype(np.float32)
    y = s * rng.uniform(1.0, 2.0, size=(3, 32)).astype(np.float32)
    return rng.normal(size=(32,)).astype(np.float32), s, y


def main(grad, s_hist, y_hist):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    grad = jax.device_put(grad, NamedSharding(mesh, P("mp")))
    hist = NamedSharding(mesh, P(None, "mp"))
    s_hist, y_hist = jax.device_put(s_hist, hist), jax.device_put(y_hist, hist)

    def body(g, s, y):
        return tuple(two_loop(g, s, y))

    return jax.shard_map(body, mesh=mesh, in_specs=(P("mp"), P(None, "mp"), P(None, "mp")),
                         out_specs=(P("mp"), P()))(grad, s_hist, y_hist)


if __name__ == "__main__":
    main(*inputs())
