"""A method is patched on the class before the model runs."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Model:
    def reduce(self, counts):
        return jax.lax.psum(counts, ("i", "j"))

    def __call__(self, block):
        return self.reduce(jax.lax.psum(block, "j"))


def reduce_rows(self, counts):
    return jax.lax.psum(counts, "i")


def main(mesh, x):
    Model.reduce = reduce_rows
    return jax.shard_map(Model(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
