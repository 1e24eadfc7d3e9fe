"""SMC diagnostics: effective sample size computed with reducers looked up by name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("particles", "chains")
REDUCERS = {
    "sum": lambda v, axes: jax.lax.psum(v, axes),
    "max": lambda v, axes: jax.lax.pmax(v, axes),
}


def effective_sample_size(log_w):
    w = jnp.exp(log_w - jax.lax.stop_gradient(jnp.max(log_w)))
    s1 = REDUCERS["sum"](jnp.sum(w), AXES)
    s2 = REDUCERS["sum"](jnp.sum(w * w), AXES)
    return s1 * s1 / s2


def inputs():
    rng = np.random.default_rng(26)
    return (rng.normal(size=(16,)).astype(np.float32),)


def main(log_w):
    mesh = jax.make_mesh((4, 2), AXES)
    log_w = jax.device_put(log_w, NamedSharding(mesh, P(AXES[0])))
    f = jax.jit(jax.shard_map(effective_sample_size, mesh=mesh, in_specs=(P(AXES[0]),), out_specs=P()))
    return f(log_w)
