import contextlib

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@contextlib.contextmanager
def on_mesh(mesh):
    with jax.set_mesh(mesh):
        yield mesh


def report(preds):
    return top_level_all_gather(preds, P(None, reduced={"i"}))  # none: the project's context manager sets the mesh


def main(mesh, x):
    with jax.set_mesh(mesh):
        preds = jax.device_put(x, NamedSharding(mesh, P("i")))
    with on_mesh(mesh):
        return report(preds)


if __name__ == "__main__":
    import numpy as np
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
