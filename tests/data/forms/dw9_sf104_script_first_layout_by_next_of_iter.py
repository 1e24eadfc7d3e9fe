import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"legacy": ("j", None), "current": (None, "j")}


def chosen():
    it = iter(LAYOUTS.items())
    name, layout = next(it)
    return layout


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(*chosen(), reduced={"i"}))  # SF104


if __name__ == "__main__":
    main()
