"""Collect the simulation state for the renderer, one flock per host."""
from dataclasses import dataclass

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclass
class Flock:
    pos: jax.Array
    vel: jax.Array


SIM_SPEC = P(("flock", "agents"), None)
RENDER_SPEC = P("agents", None)


def for_renderer(state, mesh):
    placed = jax.tree.map(lambda x: jax.device_put(x, NamedSharding(mesh, SIM_SPEC)), state)
    with jax.set_mesh(mesh):
        return jax.tree.map(lambda x: top_level_all_gather(x, RENDER_SPEC), placed)


def inputs():
    rng = np.random.default_rng(53)
    return (rng.uniform(-1, 1, (64, 2)).astype(np.float32),
            rng.uniform(-0.1, 0.1, (64, 2)).astype(np.float32))


def main(pos, vel):
    mesh = jax.make_mesh((2, 4), ("flock", "agents"))
    return for_renderer(Flock(pos, vel), mesh)


if __name__ == "__main__":
    print(main(*inputs()))
