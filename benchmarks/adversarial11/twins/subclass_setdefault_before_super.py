"""The subclass fills a keyword with setdefault before the base pops it."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class PretrainedConfig:
    def __init__(self, **kwargs):
        self.sync_axes = tuple(kwargs.pop("sync_axes", ("i", "j")))
        self.count_axis = kwargs.pop("count_axis", "j")


class RowConfig(PretrainedConfig):
    def __init__(self, **kwargs):
        kwargs.setdefault("count_axis", "j")
        super().__init__(**kwargs)


def main(mesh, x):
    config = RowConfig()

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
