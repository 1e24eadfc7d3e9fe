"""A config object lets `del cfg.axes` fall back to the class default through its own
`__delattr__`, which deletes the instance value with `object.__delattr__`: the class default
("data", "model") is read back, and the psum over it of a value varying on "data" only raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config:
    axes = ("data", "model")

    def __init__(self):
        self.axes = ("data",)

    def __delattr__(self, name):
        object.__delattr__(self, name)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    cfg = Config()
    del cfg.axes
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(cfg.axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
