import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainable:
    layout = P("i", None, reduced={"j"})


class Exporter(Trainable):
    layout = P("i", None)


class Probe:
    layout = P("i", None)


def layout_of(trainable):
    if isinstance(trainable, type) and issubclass(trainable, Trainable):
        return trainable.layout
    return P("i", None, reduced={"j"})


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        return top_level_all_gather(step(kernel), layout_of(Exporter))  # SF104


if __name__ == "__main__":
    main()
