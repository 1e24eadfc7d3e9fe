"""The script's extra export runs from __main__, inside its own mesh block."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

MESH = jax.make_mesh((4, 2), ("rows", "cols"))


def export(w):
    return top_level_all_gather(w, P("rows", reduced={"cols"}))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    w = jax.device_put(x, NamedSharding(MESH, P("rows", "cols")))
    with jax.set_mesh(MESH):
        return w - w.mean()


if __name__ == "__main__":
    result = main(*inputs())
    with jax.set_mesh(MESH):
        print(export(result))
