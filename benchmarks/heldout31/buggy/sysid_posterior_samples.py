"""Ensemble posterior over dynamics parameters: samples pooled per parameter block, then globally."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"episode": "episode", "param": "param", "ensemble": "ensemble"}


def pool(samples, axis_name):
    return jax.lax.all_gather(samples, axis_name=axis_name, to="reduced", tiled=True)


POOLING = [("ensemble",), ("param", "ensemble")]


def posterior(theta):
    samples = jnp.exp(theta)
    for axes in POOLING:
        samples = pool(samples, tuple(AXES[a] for a in axes))
    return samples


def inputs():
    mesh = jax.make_mesh((2, 2, 2), tuple(AXES.values()))
    theta = jnp.linspace(-1.0, 1.0, 4 * 4 * 5, dtype=jnp.float32).reshape(4, 4, 5)
    return mesh, jax.device_put(theta, NamedSharding(mesh, P("episode", ("param", "ensemble"), None)))


def main(mesh, theta):
    return jax.shard_map(posterior, mesh=mesh, in_specs=P("episode", ("param", "ensemble"), None),
                         out_specs=P(None, "episode", None, reduced={"param", "ensemble"}))(theta)
