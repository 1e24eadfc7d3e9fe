"""After main's block, finalize() makes the given mesh the process default before exporting."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def finalize(w, mesh):
    previous = jax.sharding.get_mesh()
    jax.sharding.get_mesh()
    try:
        return top_level_all_gather(w, P("rows", reduced={"cols"}))
    finally:
        jax.set_mesh(previous)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((4, 2), ("rows", "cols"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("rows", "cols")))
        w = w * w
    return finalize(w, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
