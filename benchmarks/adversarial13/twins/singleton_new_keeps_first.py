"""A singleton __new__ hands back the first instance with the axes it was made with."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Parallel:
    _instance = None

    def __new__(cls, axes):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.axes = axes
        return cls._instance


Parallel(("i", "j"))


def main(mesh, x):
    axes = Parallel(("i", "j")).axes

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
