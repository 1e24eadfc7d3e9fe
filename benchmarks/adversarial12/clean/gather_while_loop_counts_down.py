"""A while loop steps through the rules until the budget runs out."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


RULES = [P(None, None), P(None, None), P(None, None, reduced={"i"})]


def main(mesh, x):
    budget, k = 3, 0
    out = RULES[0]
    while budget > 0:
        out = RULES[k]
        k += 1
        budget -= 1
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
