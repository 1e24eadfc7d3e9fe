"""A keyword left in **kwargs names the popped field; the setattr loop after the pops overwrites it."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class PretrainedConfig:
    def __init__(self, **kwargs):
        self.sync_axes = tuple(kwargs.pop("sync", ("i", "j")))
        self.count_axis = kwargs.pop("count_axis", "j")
        for key, value in kwargs.items():
            setattr(self, key, value)


def main(mesh, x):
    config = PretrainedConfig(sync=("i", "j"))

    def body(block):
        counts = jax.lax.psum(block, config.count_axis)
        return jax.lax.psum(counts, config.sync_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
