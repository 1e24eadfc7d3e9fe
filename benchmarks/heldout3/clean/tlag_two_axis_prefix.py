import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layouts:
    train = P(("data", "model"))
    serve = P("data", reduced={"model"})


def to_serving(x, mesh):
    x = jax.device_put(x, NamedSharding(mesh, Layouts.train))
    return top_level_all_gather(x, Layouts.serve)


def inputs():
    return (np.arange(32, dtype=np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        return to_serving(x, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
