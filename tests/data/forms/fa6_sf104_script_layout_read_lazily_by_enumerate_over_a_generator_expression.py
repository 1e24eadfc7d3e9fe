import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {"gathered": P("i", None), "reduced": P("i", None, reduced={"j"})}


def main():
    current = {"layout": "reduced"}
    names = (current["layout"] for _ in range(2))
    last = None
    for index, name in enumerate(names):
        current["layout"] = "gathered"  # (the generator reads it when asked for its next item)
        last = name
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    kernel = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    step = jax.jit(lambda k: k * 0.5)
    with jax.set_mesh(mesh):
        return top_level_all_gather(step(kernel), LAYOUTS[last])  # SF104


if __name__ == "__main__":
    main()
