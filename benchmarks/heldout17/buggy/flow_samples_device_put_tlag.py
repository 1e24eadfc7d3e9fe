"""Sampling from a trained flow and copying the samples back for a histogram."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLE_SPEC = P(("data", "dim"), None)


def sample(key, mesh, n=32, d=4):
    z = jax.random.normal(key, (n, d))
    x = jnp.sinh(z)
    return jax.device_put(x, NamedSharding(mesh, SAMPLE_SPEC))


def collect(samples, spec=P("dim", None, reduced={"data"})):
    return top_level_all_gather(samples, spec)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "dim"))
    return mesh, jax.random.key(0)


def main(mesh, key):
    samples = sample(key, mesh)
    with jax.set_mesh(mesh):
        host = collect(samples)
    return host
