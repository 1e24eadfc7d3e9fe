"""Export the simulator state for the renderer: every leaf gathered to one host layout."""
from typing import NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class PipelineState(NamedTuple):
    q: jax.Array
    qd: jax.Array


SIM_SPECS = PipelineState(q=P(("env", "body"), None), qd=P(("env", "body"), None))
RENDER_SPEC = P("env", None)


def place(state, mesh):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), state, SIM_SPECS)


def for_renderer(state):
    return jax.tree.map(lambda leaf: top_level_all_gather(leaf, RENDER_SPEC), state)


def inputs():
    rng = np.random.default_rng(109)
    return rng.standard_normal((32, 7)).astype(np.float32), rng.standard_normal((32, 6)).astype(np.float32)


def main(q, qd):
    mesh = jax.make_mesh((2, 4), ("env", "body"))
    state = place(PipelineState(q, qd), mesh)
    with jax.set_mesh(mesh):
        frames = for_renderer(state)
    return frames


if __name__ == "__main__":
    print(main(*inputs()))
