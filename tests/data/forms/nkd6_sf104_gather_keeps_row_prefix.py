"""The table of kd6 is sharded on its rows over ("i", "j"): the serving layout keeps the prefix "i"
of that dimension and lists "j" as reduced, a gather JAX accepts."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SERVING = P("i", None, reduced={"j"})


def export(mesh):
    table = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("i", "j"), None)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(table, SERVING)


if __name__ == "__main__":
    export(jax.make_mesh((4, 2), ("i", "j")))
