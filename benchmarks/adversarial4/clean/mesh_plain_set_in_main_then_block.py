"""Embedding export: main sets the run's mesh with a plain call, trains inside a block, exports after."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def export_table(table):
    # replicate the row dimension for the host-side writer
    return top_level_all_gather(table, P(None, "model", reduced={"data"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    previous = jax.sharding.get_mesh()
    jax.set_mesh(mesh)
    try:
        with jax.set_mesh(mesh):
            table = jax.device_put(x * 0.5, NamedSharding(mesh, P("data", "model")))
            table = table + 1.0
        return export_table(table)
    finally:
        jax.set_mesh(previous)


if __name__ == "__main__":
    print(main(*inputs()))
