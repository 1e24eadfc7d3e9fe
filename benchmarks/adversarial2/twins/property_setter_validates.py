"""A property setter stores the axes (filtered to the mesh) under a private name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ShardingConfig:
    def __init__(self):
        self._axes = ("data", "model")

    @property
    def axes(self):
        return self._axes

    @axes.setter
    def axes(self, value):
        self._axes = tuple(a for a in value if a in ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    cfg = ShardingConfig()
    cfg.axes = ["data", "model"]
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: jax.lax.psum(v.sum(), cfg.axes), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
