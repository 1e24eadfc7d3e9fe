import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((8,), ("replica",))
SHARDED = NamedSharding(MESH, P("replica"))


def gather_for_eval(x):
    x = jax.device_put(x, SHARDED)
    return top_level_all_gather(x, NamedSharding(MESH, P(reduced={"replica"})))


def inputs():
    return (np.arange(16, dtype=np.float32),)


def main(x):
    return gather_for_eval(x)


if __name__ == "__main__":
    print(main(*inputs()))
