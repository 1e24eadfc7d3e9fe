"""A launcher writes flags to a file of its own made by `tempfile.mkstemp`, then writes the file
anew through its path (`open(path, "w")`) with the gather axis "model"; the loss summed over
"data" still varies over "model", and gathering it to reduced there is legal."""
import json
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def write_flags():
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump({"gather_axis": "data"}, f)
    with open(path, "w") as f:
        json.dump({"gather_axis": "model"}, f)
    return path


def step(mesh, axis):
    def body(x):
        loss = jax.lax.psum(jnp.sum(x * x), "data")
        return jax.lax.all_gather(loss, axis, to="reduced")

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                                 out_specs=P(None, reduced={axis})))


def main():
    with open(write_flags()) as f:
        flags = json.load(f)
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return step(mesh, flags["gather_axis"])(x)


if __name__ == "__main__":
    main()
