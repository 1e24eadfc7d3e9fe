"""`get(name, fallback)`: the name is not registered, so the fallback class is built."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

REDUCERS = {}


def register(cls):
    REDUCERS[cls.__name__] = cls
    return cls


@register
class SumAll:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i", "j"))


class SumRows:
    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, ("i",))


def main(mesh, x):
    model = REDUCERS.get("Sumall", SumRows)()
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
