"""report(w, mesh=None) enters the mesh when given one; main passes its mesh after the block."""
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def report(w, mesh=None):
    ctx = jax.set_mesh(mesh) if mesh is not None else contextlib.nullcontext()
    with ctx:
        return top_level_all_gather(w, P(None, "tp", reduced={"dp"}))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("dp", "tp"))) + 2.0
    return report(w)


if __name__ == "__main__":
    print(main(*inputs()))
