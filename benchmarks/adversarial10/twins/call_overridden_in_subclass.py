"""The object built is the subclass; its `__call__` replaces the base's."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Reducer:
    axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


class RowReducer(Reducer):
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


def make(kind):
    return {"all": Reducer, "rows": RowReducer}[kind]()


def main(mesh, x):
    model = make("all")
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
