import functools

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"export": P("i", None), "ingest": P("i", None, reduced={"j"})}


class RemoteFunction:
    def __init__(self, fn):
        self._fn = fn
        functools.update_wrapper(self, fn)

    def remote(self, *args):
        return self._fn(*args)


def export(kernel):
    return kernel


task = RemoteFunction(export)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        kernel = task.remote(step(kernel))
        return top_level_all_gather(kernel, LAYOUTS[task.__name__])  # SF104


if __name__ == "__main__":
    main()
