"""Sweep runner: the reporting helper gathers the losses inside the set_mesh block."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("trial",))


def report(losses):
    return top_level_all_gather(losses, P(None, reduced={"trial"}))


def inputs():
    return (jnp.linspace(0.001, 0.1, 16),)


def main(lrs):
    with jax.set_mesh(mesh):
        lrs = jax.device_put(lrs, NamedSharding(mesh, P("trial")))
        losses = jax.jit(lambda v: jnp.exp(-v * 10.0))(lrs)
        return jax.reshard(report(losses), P())
