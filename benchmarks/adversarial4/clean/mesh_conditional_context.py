"""The context is set_mesh when a mesh is configured, else a null context; here it is configured."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

USE_MESH = True


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    w = jax.device_put(x, NamedSharding(mesh, P("a", "b")))
    ctx = jax.set_mesh(mesh) if USE_MESH else contextlib.nullcontext()
    with ctx:
        return top_level_all_gather(w, P("a", reduced={"b"}))


if __name__ == "__main__":
    print(main(*inputs()))
