"""HMC draws from a jitted sampler summarised by a helper called inside the mesh block."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("chain", "draw"))


def summarise(draws, spec=P(None, reduced={"chain", "draw"})):
    return jnp.mean(jax.reshard(top_level_all_gather(draws, spec), P()), axis=1)


def inputs():
    return (jax.random.key(3),)


def main(key):
    sampler = jax.jit(lambda k: jax.random.normal(k, (8, 64)),
                      out_shardings=NamedSharding(mesh, P(("chain", "draw"))))
    with jax.set_mesh(mesh):
        return summarise(sampler(key))
