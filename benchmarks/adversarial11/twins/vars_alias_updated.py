"""vars(obj) is the object's own __dict__, not a copy: updating it changes the field."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Config:
    def __init__(self, sync_axes=("i", "j")):
        self.sync_axes = sync_axes

    def to_dict(self):
        return dict(self.__dict__)


def main(mesh, x):
    config = Config()
    dict(vars(config)).update(sync_axes=("i",))
    saved = config.to_dict()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, saved["sync_axes"])

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
