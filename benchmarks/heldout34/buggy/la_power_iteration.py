"""Power iteration for the dominant eigenvalue of a row-distributed symmetric matrix."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW, COL = "row", "col"
N_ITERS = 4


def matvec(a_rows, v):
    return a_rows @ v


def normalise(w, axis):
    return w / jnp.sqrt(jax.lax.psum(jnp.sum(w * w), axis))


def power_iteration(a_rows, v0):
    v_full = v0
    estimates = []
    for _ in range(N_ITERS):
        w = matvec(a_rows, v_full)
        rayleigh = jax.lax.psum(jnp.sum(w * w), ROW)
        estimates.append(jnp.sqrt(rayleigh))
        v_full = jax.lax.all_gather(normalise(w, ROW), ROW, tiled=True)
    trace = jnp.stack(estimates)
    return jax.lax.all_gather(trace, ROW, to="reduced", tiled=True)


def main(a, v0):
    mesh = jax.make_mesh((2, 4), (ROW, COL))
    a = jax.device_put(a, NamedSharding(mesh, P(ROW, None)))
    v0 = jax.device_put(v0, NamedSharding(mesh, P()))
    f = jax.shard_map(power_iteration, mesh=mesh, in_specs=(P(ROW, None), P()),
                      out_specs=P(None, reduced={ROW}))
    return jax.jit(f)(a, v0)


def inputs():
    rng = np.random.default_rng(60)
    m = rng.standard_normal((16, 16)).astype(np.float32)
    return (m + m.T, np.ones(16, np.float32) / 4.0)
