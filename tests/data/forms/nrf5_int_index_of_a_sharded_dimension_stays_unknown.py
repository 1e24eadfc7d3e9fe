"""`t[0]` of a table whose first dimension is sharded on Explicit axes: JAX raises
ShardingTypeError (the gather's out sharding is ambiguous), so the gather after it is never met."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        t = jax.device_put(np.ones((8, 16), np.float32), NamedSharding(mesh, P("data", "model")))
        row = t[0]
        return top_level_all_gather(row, P(None, reduced={"data"}))


if __name__ == "__main__":
    main()
