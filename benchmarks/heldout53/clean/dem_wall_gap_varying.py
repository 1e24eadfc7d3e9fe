"""DEM silo walls: wall gaps from positions gathered to every slab as plain varying copies."""
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
    x_all = jax.lax.all_gather(x, bc.axis, axis=0, tiled=True)
    gap = x_all - bc.position
    return jnp.maximum(bc.radius - jnp.abs(gap), 0.0)


def inputs():
    rng = np.random.default_rng(92)
    return (rng.uniform(0.0, 0.1, (8, 16)).astype(np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("slab", "bin"))
    x = jax.device_put(x, NamedSharding(mesh, P("slab", "bin")))
    bc = BOUNDARY_CONDITIONS["west"]
    return jax.shard_map(lambda x: wall_overlap(x, bc), mesh=mesh, in_specs=P("slab", "bin"),
                         out_specs=P("slab", "bin"))(x)


if __name__ == "__main__":
    main(*inputs())
