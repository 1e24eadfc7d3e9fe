"""Ecology ABM: habitat suitability map gathered for the dispersal step, then for the map writer."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = ("rows", "cols")


def dispersal_view(habitat):
    # dispersal looks along whole rows
    return jax.lax.all_gather(habitat, "cols", axis=1, tiled=True, to="reduced")


def map_writer(view, axes):
    return jax.lax.all_gather(view, axes, axis=0, tiled=True, to="reduced")


def tick_body(habitat, write_axes):
    view = dispersal_view(habitat)
    return map_writer(view, write_axes)


def inputs():
    return (np.random.default_rng(42).uniform(0, 1, (16, 8)).astype(np.float32),)


def main(habitat):
    mesh = jax.make_mesh((4, 2), GRID)
    habitat = jax.device_put(habitat, NamedSharding(mesh, P(*GRID)))
    hooks = {
        "map": functools.partial(tick_body, write_axes=tuple(reversed(GRID))),
    }
    maps = []
    for season in range(2):
        habitat = habitat * 0.95 + 0.02
        m = jax.shard_map(hooks["map"], mesh=mesh, in_specs=P(*GRID),
                          out_specs=P(None, None, reduced=set(GRID)))(habitat)
        maps.append(m)
    print(len(maps))


if __name__ == "__main__":
    main(*inputs())
