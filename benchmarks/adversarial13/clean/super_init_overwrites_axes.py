"""The subclass sets axes, then super().__init__() overwrites them with the base class values."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


class Base:
    def __init__(self):
        self.axes = ("i",)


class Wide(Base):
    def __init__(self):
        self.axes = ("i", "j")
        super().__init__()


def main(mesh, x):
    cfg = Wide()

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, cfg.axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
