"""DEM silo walls: particle-wall overlap from the positions of every slab."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class WallBC:
    position: float = 0.1
    radius: float = 0.01
    axis: str = "slab"


BOUNDARY_CONDITIONS = {"east": WallBC(position=0.1), "west": WallBC(position=0.0)}


def wall_overlap(x, bc):
    x_all = jax.lax.all_gather(x, bc.axis, axis=0, tiled=True, to="reduced")
    gap = x_all - bc.position
    return jnp.abs(gap)


def inputs():
    rng = np.random.default_rng(85)
    return (rng.uniform(0.0, 0.1, (8, 16)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("slab", "bin"))
    x = jax.device_put(x, NamedSharding(mesh, P("slab", "bin")))
    bc = BOUNDARY_CONDITIONS["east"]
    return jax.shard_map(lambda x: wall_overlap(x, bc), mesh=mesh, in_specs=P("slab", "bin"),
                         out_specs=P(None, "bin"))(x)


if __name__ == "__main__":
    main(*inputs())
