"""jit's out_shardings tuple places each result; the gather takes the second."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    with jax.set_mesh(mesh):
        split = jax.jit(lambda v: (v, v), out_shardings=(NamedSharding(mesh, P(None, "j")), NamedSharding(mesh, P("i", None))))
        a, _ = split(x)
        return top_level_all_gather(a, P(None, None, reduced={"i"}))


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())
