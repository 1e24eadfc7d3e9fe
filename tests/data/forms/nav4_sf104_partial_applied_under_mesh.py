import functools

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def gather_rows(x, axis):
    return top_level_all_gather(x, P(None, reduced={axis}))  # none: applied inside the mesh block


def main(mesh, x):
    with jax.set_mesh(mesh):
        preds = jax.device_put(x, NamedSharding(mesh, P("i")))
        with open("/dev/null", "w"):
            return functools.partial(gather_rows, axis="i")(preds)


if __name__ == "__main__":
    import numpy as np
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))
