"""The second layout is chosen by the number of addressable shards of the first export: on the
2 x 4 mesh there are 8 (one per device of the mesh), not 4, so the second gather keeps the first
layout, which is fine, and nothing raises."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    layout = P(None, "j", reduced={"i"})
    with jax.set_mesh(mesh):
        out = top_level_all_gather(x, layout)
        if len(out.addressable_shards) == 4:
            layout = P("i", None)
        return top_level_all_gather(x, layout)


if __name__ == "__main__":
    main()
