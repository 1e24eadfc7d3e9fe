"""A dict subclass whose __missing__ answers any unknown stage with the default
axes, both names: the lookup of a stage the table lacks goes there."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisTable(dict):
    def __missing__(self, stage):
        return ("i", "j")


def main():
    table = AxisTable(embed="i")
    return reduce_over(table["attention"])


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
