"""`yield from (self.x, ...)` builds the tuple at the first next(), not at iter()."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


class State:
    def __init__(self):
        self.x = ("i", "j")
        self.v = 1

    def __iter__(self):
        yield from (self.x, self.v)


def main(mesh, x):
    state = State()
    it = iter(state)
    state.v = ("i",)
    axes = next(it)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
