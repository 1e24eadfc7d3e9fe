"""Pipeline-parallel initialisation: a jitted init places each stage's weights on its stage;
the driver gathers them for a host-side summary."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES, MICRO = 4, 2


def inputs():
    return (np.arange(STAGES * 8 * 8, dtype=np.float32).reshape(STAGES, 8, 8) / 100.0,)


def main(seed_w):
    mesh = jax.make_mesh((STAGES, MICRO), ("stage", "micro"))
    stage_sharding = NamedSharding(mesh, P("stage", None, None))

    @functools.partial(jax.jit, out_shardings=stage_sharding)
    def init_stages(w):
        return jnp.tanh(w) * 0.5

    with jax.set_mesh(mesh):
        stages = init_stages(seed_w)
        all_stages = top_level_all_gather(stages, P(None, None, None))
        norms = np.linalg.norm(np.asarray(all_stages), axis=(1, 2))
    return norms
