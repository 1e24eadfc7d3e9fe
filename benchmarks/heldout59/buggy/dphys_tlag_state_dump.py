"""Checkpoint the simulator state: each field is regathered to the layout the renderer reads."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SIM_LAYOUT = {
    "pos": P(("scene", "particle"), None),
    "vel": P(("scene", "particle"), None),
}
RENDER_LAYOUT = {
    "pos": P("scene", None, reduced={"particle"}),
    "vel": P("particle", None, reduced={"scene"}),
}


def init_state(mesh, n=64):
    rng = np.random.default_rng(9)
    state = {}
    for name in SIM_LAYOUT:
        arr = rng.normal(size=(n, 3)).astype(np.float32)
        state[name] = jax.device_put(arr, NamedSharding(mesh, SIM_LAYOUT[name]))
    return state


def inputs():
    mesh = jax.make_mesh((2, 4), ("scene", "particle"))
    return (mesh, init_state(mesh))


def main(mesh, state):
    dumped = {}
    with jax.set_mesh(mesh):
        for name, arr in state.items():
            dumped[name] = top_level_all_gather(arr, RENDER_LAYOUT[name])
    return dumped


if __name__ == "__main__":
    main(*inputs())
