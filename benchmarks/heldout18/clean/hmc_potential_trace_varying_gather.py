"""HMC energy trace gathered with the default to='varying' after the psum: accepted by JAX."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("chain", "data"))


def potential(q, x):
    return -jax.lax.psum(jnp.sum(jnp.tanh(x @ q[0])), "data") + 0.5 * jnp.sum(q * q)


def step(q, x):
    q = q - 0.05 * jax.grad(potential)(q, x)
    trace = jax.lax.all_gather(potential(q, x), "data")
    return q, trace[None]


def inputs():
    x = jnp.cos(jnp.arange(64 * 3, dtype=jnp.float32)).reshape(64, 3)
    return (jax.device_put(jnp.zeros((2, 3)), NamedSharding(mesh, P("chain"))),
            jax.device_put(x, NamedSharding(mesh, P("data"))))


def main(q, x):
    return jax.shard_map(step, mesh=mesh, in_specs=(P("chain"), P("data")),
                         out_specs=(P("chain"), P("chain", "data")))(q, x)
