import sys

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def capture():
    return dict(sys._getframe(1).f_locals)


def make_config(export_spec=P("i", None, reduced={"j"})):
    train_axes = ("i", "j")
    return [capture() for _ in range(1)][0]  # (in 3.11 the frame below capture's is the comprehension's)


def main():
    config = make_config(export_spec=P("i", None))
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        kernel = step(kernel)
        return top_level_all_gather(kernel, config.get("export_spec", P("i", None, reduced={"j"})))


if __name__ == "__main__":
    main()
