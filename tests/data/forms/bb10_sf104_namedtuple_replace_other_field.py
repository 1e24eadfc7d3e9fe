from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Filter(NamedTuple):
    particles: jax.Array
    logw: jax.Array


def main(mesh, x):
    with jax.set_mesh(mesh):
        state = Filter(jax.device_put(x, NamedSharding(mesh, P("i", "j"))),
                       jax.device_put(x[:, 0], NamedSharding(mesh, P("i"))))
        state = state._replace(logw=state.logw - 1.0)
        return top_level_all_gather(state.particles, P(None, "j"))  # SF104
