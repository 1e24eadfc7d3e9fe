"""Axis objects turned into text by map(str, ...) and printf-style '%s': Python's
own str() and % ask each object's __str__, giving 'i,j'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis:
    def __init__(self, name):
        self.name = name

    def __str__(self):
        return self.name


def main():
    names = ",".join(map(str, [Axis("i"), Axis("j")]))
    assert names == "%s,%s" % (Axis("i"), Axis("j"))
    return reduce_over(tuple(names.split(",")))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
