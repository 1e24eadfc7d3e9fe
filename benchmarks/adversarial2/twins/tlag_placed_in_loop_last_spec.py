"""A resharding schedule placed in a loop: the last spec in the list is the one the gather sees."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SCHEDULE = [P("b"), P(("a", "b")), P(("b", "a"))]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    for spec in SCHEDULE:
        x = jax.device_put(x, NamedSharding(mesh, spec))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P("a", reduced={"b"}))


if __name__ == "__main__":
    print(main(*inputs()))
