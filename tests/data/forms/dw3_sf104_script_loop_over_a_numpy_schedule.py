import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def schedule(n_steps, ratio):
    return (np.arange(0, n_steps) * ratio).round()[::-1].astype(np.int64)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    steps = 0
    for t in schedule(2, 10)[1:]:
        steps += 1
    layout = ("j", None) if steps == 1 else (None, "j")
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(*layout, reduced={"i"}))  # SF104


if __name__ == "__main__":
    main()
