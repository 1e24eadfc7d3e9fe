"""A table keyed by specs: P(("i",), None) finds the entry of P("i", None)."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


OUT_FOR = {P("i", None): P(None, None, reduced={"i"})}


def main(mesh, x):
    placed = P(("i",), None)
    out = OUT_FOR.get(placed, P(None, None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, placed))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
