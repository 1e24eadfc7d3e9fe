"""Pipeline-parallel initialisation with a jitted init placing each stage's weights; the
driver re-lays them out with jax.reshard for a host-side summary."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(4 * 8 * 8, dtype=np.float32).reshape(4, 8, 8) / 100.0,)


def main(seed_w):
    mesh = jax.make_mesh((4, 2), ("stage", "micro"))

    @functools.partial(jax.jit, out_shardings=NamedSharding(mesh, P("stage", None, None)))
    def init_stages(w):
        return jnp.tanh(w) * 0.5

    with jax.set_mesh(mesh):
        stages = init_stages(seed_w)
        all_stages = jax.reshard(stages, P(None, None, None))
        norms = jnp.sqrt(jnp.sum(all_stages ** 2, axis=(1, 2)))
    return norms
