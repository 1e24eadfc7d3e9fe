"""jax.tree.map never calls its function on a None leaf: the counter counts the arrays only."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    with jax.set_mesh(mesh):
        tree = {"a": None, "b": x}
        seen = []

        def place(v):
            seen.append(v)
            return jax.device_put(v, NamedSharding(mesh, P("i", None)))

        placed = jax.tree.map(place, tree)
        out = P(None, None, reduced={"i"}) if len(seen) == 2 else P(None, None)
        return top_level_all_gather(placed["b"], out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
