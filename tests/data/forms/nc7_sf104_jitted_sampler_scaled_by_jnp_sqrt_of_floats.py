"""A sampler jitted under an Explicit mesh scales its batch by `jnp.sqrt(a)` of Python floats
(rank-0 arrays, replicated): the samples keep the batch's layout, split over both axes on their
first dimension. The export layout picked by name keeps them split over "spatial" only: not a
prefix of the input's, and JAX rejects the gather."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLE_SPEC = P(("data", "spatial"), None)
EXPORT_LAYOUTS = {
    "replicated": P(None, None, reduced={"data", "spatial"}),
    "per_slice": P("spatial", None, reduced={"data"}),
}


def ddim_step(x, eps, a_t, a_prev):
    x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
    return jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev) * eps


@jax.jit
def sample_loop(x, eps):
    for a_t, a_prev in [(0.5, 0.7), (0.7, 0.9)]:
        x = ddim_step(x, eps, a_t, a_prev)
    return x


def main(layout):
    mesh = jax.make_mesh((2, 4), ("data", "spatial"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 6), np.float32), NamedSharding(mesh, SAMPLE_SPEC))
        eps = jax.device_put(np.full((8, 6), 0.1, np.float32), NamedSharding(mesh, SAMPLE_SPEC))
        samples = sample_loop(x, eps)
        return top_level_all_gather(samples, EXPORT_LAYOUTS[layout])  # SF104


if __name__ == "__main__":
    main(os.environ.get("LAYOUT", "per_slice"))
