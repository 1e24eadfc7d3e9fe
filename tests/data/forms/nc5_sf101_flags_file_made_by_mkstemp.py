"""A launcher writes its default flags to a file of its own (`fd, path = tempfile.mkstemp(...)`,
`with os.fdopen(fd, "w") as f: json.dump(...)`) and loads them back from the path. The flags
name "data" as the gather axis, over which the loss was already summed: JAX rejects it."""
import json
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DEFAULT_FLAGS = {"gather_axis": "model", "batch": 8}


def write_flags(overrides):
    fd, path = tempfile.mkstemp(suffix=".json", prefix="flags_")
    with os.fdopen(fd, "w") as f:
        json.dump(overrides, f)
    return path


def load_flags(path):
    flags = dict(DEFAULT_FLAGS)
    if path and os.path.exists(path):
        with open(path) as f:
            flags.update(json.load(f))
    return flags


def step(mesh, axis):
    def body(x):
        loss = jax.lax.psum(jnp.sum(x * x), "data")
        return jax.lax.all_gather(loss, axis, to="reduced")  # SF101

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, reduced={axis})))


def main(path):
    flags = load_flags(path or write_flags({"gather_axis": "data"}))
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((flags["batch"], 4), np.float32), NamedSharding(mesh, P("data", None)))
    with jax.set_mesh(mesh):
        return step(mesh, flags["gather_axis"])(x)


if __name__ == "__main__":
    main(os.environ.get("TRAIN_FLAGS"))
