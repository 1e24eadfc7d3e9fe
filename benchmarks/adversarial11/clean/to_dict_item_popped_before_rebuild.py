"""from_dict(to_dict()) after the saved axes were popped rebuilds with the constructor's default."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, sync_axes=("i",), count_axis="j"):
        self.sync_axes = sync_axes
        self.count_axis = count_axis

    def to_dict(self):
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, d, **kwargs):
        return cls(**{**d, **kwargs})


def main(mesh, x):
    saved = Config(sync_axes=("i", "j")).to_dict()
    saved.pop("sync_axes")
    config = Config.from_dict(saved)

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
