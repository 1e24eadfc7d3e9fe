"""HMC draws produced by a jitted sampler with out_shardings; a summary helper gathers them."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("chain", "draw"))
DRAWS = NamedSharding(mesh, P(("chain", "draw")))
HOST = P(None, reduced={"chain", "draw"})


def sample(key):
    return jax.random.normal(key, (8, 64)) * 0.5 + 1.0


def summarise(draws, spec=HOST):
    everything = top_level_all_gather(draws, spec)
    return jnp.mean(jax.reshard(everything, P()), axis=1)


def inputs():
    return (jax.random.key(3),)


def main(key):
    sampler = jax.jit(sample, out_shardings=DRAWS)
    with jax.set_mesh(mesh):
        draws = sampler(key)
        draws = jax.block_until_ready(draws)
    return summarise(draws)
