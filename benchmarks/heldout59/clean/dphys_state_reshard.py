"""Checkpoint the simulator state: each field is resharded to the layout the renderer reads."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIM_LAYOUT = {
    "pos": P(("scene", "particle"), None),
    "vel": P(("scene", "particle"), None),
}
RENDER_LAYOUT = {
    "pos": P("scene", None),
    "vel": P("particle", None),
}


def init_state(mesh, n=64):
    rng = np.random.default_rng(9)
    return {name: jax.device_put(rng.normal(size=(n, 3)).astype(np.float32),
                                 NamedSharding(mesh, spec))
            for name, spec in SIM_LAYOUT.items()}


def inputs():
    mesh = jax.make_mesh((2, 4), ("scene", "particle"))
    return (mesh, init_state(mesh))


def main(mesh, state):
    with jax.set_mesh(mesh):
        return {name: jax.reshard(arr, RENDER_LAYOUT[name]) for name, arr in state.items()}


if __name__ == "__main__":
    main(*inputs())
