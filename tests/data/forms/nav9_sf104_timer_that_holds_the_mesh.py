import contextlib
import time

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@contextlib.contextmanager
def timed(mesh):
    start = time.perf_counter()
    with jax.set_mesh(mesh):
        yield
    print(time.perf_counter() - start)


@contextlib.contextmanager
def quiet():
    yield


def gather_metrics(losses):
    return top_level_all_gather(losses, P(None, reduced={"i"}))  # none: the timer holds the mesh


def main(mesh, x):
    losses = jax.device_put(x, NamedSharding(mesh, P("i")))
    with timed(mesh), quiet():
        return gather_metrics(losses)


if __name__ == "__main__":
    import numpy as np
    main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32))
