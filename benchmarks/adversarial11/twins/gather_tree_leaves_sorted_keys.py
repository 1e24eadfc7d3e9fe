"""jax.tree.leaves of a dict walks its keys sorted: the second leaf is "w", placed by rows."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("i", None), "b": P(("i", "j"), None)}


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
        second = jax.tree.leaves(placed)[0]
        return top_level_all_gather(second, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
