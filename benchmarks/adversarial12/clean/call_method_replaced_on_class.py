"""The class's __call__ is replaced after its definition (a plugin patching the layer)."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Reducer:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


def rows_call(self, block):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, "i")


Reducer.__call__ = rows_call


def main(mesh, x):
    return jax.shard_map(Reducer(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
