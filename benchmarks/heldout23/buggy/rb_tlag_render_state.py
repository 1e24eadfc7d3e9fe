from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class BodyState(NamedTuple):
    pos: object
    vel: object
    inv_mass: object


STATE_SPECS = BodyState(
    pos=P(("island", "body"), None),
    vel=P(("island", "body"), None),
    inv_mass=P(("island", "body")),
)
RENDER_SPEC = P("body", None)


def place(state, mesh):
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), state, STATE_SPECS)


def render_frame(state):
    """Positions laid out per body shard for the renderer's vertex buffers."""
    return top_level_all_gather(state.pos, RENDER_SPEC)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.normal(size=(32, 3)).astype(np.float32),
            rng.normal(size=(32, 3)).astype(np.float32),
            rng.uniform(0.5, 2.0, size=(32,)).astype(np.float32))


def main(pos, vel, inv_mass):
    mesh = jax.make_mesh((2, 4), ("island", "body"))
    state = place(BodyState(pos, vel, inv_mass), mesh)
    with jax.set_mesh(mesh):
        frame = render_frame(state)
    return frame


if __name__ == "__main__":
    print(main(*inputs()).sharding)
