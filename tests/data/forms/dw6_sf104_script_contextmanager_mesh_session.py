import contextlib

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"export": (None, "j")}


@contextlib.contextmanager
def legacy_layout(mesh):
    saved = LAYOUT["export"]
    LAYOUT["export"] = ("j", None)
    with jax.set_mesh(mesh):
        yield mesh
    LAYOUT["export"] = saved


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with legacy_layout(mesh):
        out = top_level_all_gather(x, P(*LAYOUT["export"], reduced={"i"}))  # SF104
    with jax.set_mesh(mesh):
        return out, top_level_all_gather(x, P(*LAYOUT["export"], reduced={"i"}))


if __name__ == "__main__":
    main()
