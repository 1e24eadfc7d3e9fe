"""The proxy's __getattribute__ reads 'axes' from its pinned field, 'i', though the
instance also holds both names under 'axes' (a model that read the instance dict directly would
see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigProxy:
    def __init__(self):
        self.axes = ("i", "j")
        self.pinned_axes = "i"

    def __getattribute__(self, name):
        if name == "axes":
            name = "pinned_axes"
        return object.__getattribute__(self, name)


def main():
    return reduce_over(ConfigProxy().axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
