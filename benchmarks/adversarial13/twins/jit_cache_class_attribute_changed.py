"""A class attribute read in a jitted method is changed after the first call; the cached trace is reused."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Reducer:
    AXES = ("i",)

    def __init__(self, mesh):
        self.mesh = mesh
        self.apply = jax.jit(self._apply)

    def _apply(self, x):
        def body(block):
            return jax.lax.psum(jax.lax.psum(block, "j"), type(self).AXES)

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    reducer = Reducer(mesh)
    out = 0
    Reducer.AXES = ("i", "j")
    return out + reducer.apply(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
