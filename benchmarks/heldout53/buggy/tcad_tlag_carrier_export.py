"""Device state export: carrier densities of the Gummel solver collected for the plotter."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class DeviceState(NamedTuple):
    potential: object
    electrons: object
    holes: object


SOLVER = DeviceState(
    potential=P(("lateral", "depth"), None),
    electrons=P(("lateral", "depth"), None),
    holes=P(("lateral", "depth"), None),
)
PLOTTER = DeviceState(
    potential=P(None, None, reduced={"lateral", "depth"}),
    electrons=P(None, None, reduced={"depth"}),
    holes=P(None, None, reduced={"lateral", "depth"}),
)


def place(mesh, state):
    return DeviceState(*(jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(state, SOLVER)))


def export_carriers(state):
    n = top_level_all_gather(state.electrons, PLOTTER.electrons)
    p = top_level_all_gather(state.holes, PLOTTER.holes)
    return n, p


def inputs():
    rng = np.random.default_rng(123)
    return tuple(rng.uniform(0.0, 1.0, (16, 4)).astype(np.float32) for _ in range(3))


def main(potential, electrons, holes):
    mesh = jax.make_mesh((2, 4), ("lateral", "depth"))
    with jax.set_mesh(mesh):
        state = place(mesh, DeviceState(potential, electrons, holes))
        return export_carriers(state)


if __name__ == "__main__":
    main(*inputs())
