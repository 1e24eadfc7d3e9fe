"""Flow log-likelihood: the summed value is collected with to='invarying', which accepts it."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("batch", "model"))


def log_likelihood(x, w):
    log_s = jnp.tanh(x @ w)
    total = jax.lax.psum(jnp.sum(log_s) - 0.5 * jnp.sum(x * x), "batch")
    return jax.lax.all_gather(total[None], "batch", to="invarying")


def inputs():
    x = jnp.sin(jnp.arange(32 * 4, dtype=jnp.float32)).reshape(32, 4)
    return (jax.device_put(x, NamedSharding(mesh, P("batch"))),
            jax.device_put(0.1 * jnp.ones((4, 4)), NamedSharding(mesh, P())))


def main(x, w):
    return jax.shard_map(log_likelihood, mesh=mesh, in_specs=(P("batch"), P()), out_specs=P())(x, w)
