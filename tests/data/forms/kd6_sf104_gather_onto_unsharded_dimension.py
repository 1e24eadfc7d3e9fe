"""An export gathers the item table to the serving layout, which shards rows over "i"; the table
is sharded on its columns only, and a gather only takes sharding away: JAX rejects the row
sharding of an unsharded dimension."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SERVING = P("i", None)


def export(mesh):
    table = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(None, "i")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(table, SERVING)  # SF104


if __name__ == "__main__":
    export(jax.make_mesh((4, 2), ("i", "j")))
