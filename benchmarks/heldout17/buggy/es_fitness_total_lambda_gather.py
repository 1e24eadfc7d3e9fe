"""OpenAI-ES: population fitness normalised by the total over all workers."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

POP = "pop"
SYNC = {
    "total": lambda f: jax.lax.psum(jnp.sum(f, keepdims=True), POP),
    "share": lambda t: jax.lax.all_gather(t, POP, tiled=True, to="reduced"),
}


def fitness(theta, noise, sigma=0.1):
    return -jnp.sum((theta + sigma * noise) ** 2, axis=1)


def worker(theta, noise):
    f = fitness(theta, noise)
    return SYNC["share"](SYNC["total"](f))


def inputs():
    mesh = jax.make_mesh((8,), (POP,))
    theta = jnp.ones((1, 5))
    noise = jax.random.normal(jax.random.key(1), (16, 5))
    return mesh, theta, noise


def main(mesh, theta, noise):
    noise = jax.device_put(noise, NamedSharding(mesh, P(POP, None)))
    theta = jax.device_put(theta, NamedSharding(mesh, P()))
    f = jax.shard_map(worker, mesh=mesh, in_specs=(P(), P(POP, None)), out_specs=P(None, reduced={POP}))
    return f(theta, noise)
