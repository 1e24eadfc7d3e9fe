"""The job writes its reduce axes to a file in a fresh temporary directory, places a NamedTuple
train state of the program's on the mesh (JAX's own calls never treat it as a path or a file)
and maps over it, then reads the axes back: both axes, where the values vary on i only."""
import json
import os
import tempfile
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class State(NamedTuple):
    params: object
    bias: object


def main():
    path = os.path.join(tempfile.mkdtemp(), "axes.json")
    with open(path, "w") as fh:
        json.dump(["i", "j"], fh)
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    state = State(np.ones((8, 8), np.float32), np.zeros((8, 8), np.float32))
    state = jax.device_put(state, NamedSharding(mesh, P("i", "j")))
    state = jax.tree_util.tree_map(lambda leaf: leaf, state)
    with open(path) as fh:
        axes = tuple(json.load(fh))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(state.params)


if __name__ == "__main__":
    main()
