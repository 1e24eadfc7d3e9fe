"""A sampler jitted under an Explicit mesh scales its batch by `jnp.sqrt(a)` of Python floats: the
samples keep the batch's layout, split over ("data", "spatial") on their first dimension. The
export gathers "spatial" and keeps "data", a prefix of the input's: JAX accepts it."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLE_SPEC = P(("data", "spatial"), None)
EXPORT_LAYOUTS = {
    "replicated": P(None, None, reduced={"data", "spatial"}),
    "per_slice": P("data", None, reduced={"spatial"}),
}


def ddim_step(x, eps, a_t):
    return (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)


@jax.jit
def sample_loop(x, eps):
    for a_t in (0.5, 0.7):
        x = ddim_step(x, eps, a_t)
    return x


def main(layout):
    mesh = jax.make_mesh((2, 4), ("data", "spatial"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 6), np.float32), NamedSharding(mesh, SAMPLE_SPEC))
        eps = jax.device_put(np.full((8, 6), 0.1, np.float32), NamedSharding(mesh, SAMPLE_SPEC))
        return top_level_all_gather(sample_loop(x, eps), EXPORT_LAYOUTS[layout])


if __name__ == "__main__":
    main(os.environ.get("LAYOUT", "per_slice"))
