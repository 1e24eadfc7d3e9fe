"""Ocean restart: NamedTuple state rows over (lat, lon) gathered over 'lon' only, a valid prefix."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("lat", "lon"))
ROWS = P(("lat", "lon"), None)
RESTART = P("lat", None, reduced={"lon"})


class OceanState(NamedTuple):
    u: jax.Array
    eta: jax.Array


def inputs():
    return (OceanState(u=jnp.zeros((16, 8)), eta=jnp.ones((16, 8))),)


def main(state):
    state = OceanState(*(jax.device_put(f, NamedSharding(mesh, ROWS)) for f in state))
    with jax.set_mesh(mesh):
        return {name: top_level_all_gather(getattr(state, name), RESTART) for name in state._fields}
