import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def layouts():
    yield P("i", None, reduced={"j"})
    yield P("i", None)
    yield P("i", None, reduced={"j"})


def main():
    chosen = None
    for index, layout in enumerate(layouts(), 1):
        if index == 2:
            chosen = layout
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        return top_level_all_gather(step(kernel), chosen)  # SF104


if __name__ == "__main__":
    main()
