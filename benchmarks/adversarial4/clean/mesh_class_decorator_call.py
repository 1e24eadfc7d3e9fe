"""A callable class used as a decorator enters the mesh around the decorated report."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

MESH = jax.make_mesh((2, 4), ("pod", "chip"))


class InMesh:
    def __init__(self, mesh):
        self.mesh = mesh

    def __call__(self, fn):
        def run(*args):
            with jax.set_mesh(self.mesh):
                return fn(*args)
        return run


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


@InMesh(MESH)
def report(w):
    return top_level_all_gather(w, P(None, "chip", reduced={"pod"}))


def main(x):
    with jax.set_mesh(MESH):
        w = jax.device_put(x, NamedSharding(MESH, P("pod", "chip"))) - 1.0
    return report(w)


if __name__ == "__main__":
    print(main(*inputs()))
