"""lg14 with a hook that resets instead of deleting (`object.__setattr__(self, name, ("data",))`):
the instance keeps ("data",) and the psum over "data" of a value varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    axes = ("data", "model")

    def __init__(self):
        self.axes = ("data",)

    def __delattr__(self, name):
        object.__setattr__(self, name, ("data",))


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    cfg = Config()
    del cfg.axes
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(cfg.axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
