"""An ExitStack enters the mesh and also registers a callback; the gather runs before close."""
import abc
import contextlib
import dataclasses
import functools
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    log = []
    with contextlib.ExitStack() as stack:
        stack.callback(log.append, "closed")
        stack.enter_context(jax.set_mesh(mesh))
        g = top_level_all_gather(w, P(None, "model", reduced={"data"}))
    return g


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
