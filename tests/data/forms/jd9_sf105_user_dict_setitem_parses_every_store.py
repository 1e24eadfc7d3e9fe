"""The config is a UserDict whose `__setitem__` parses comma lists: UserDict's `__init__` stores
its argument through `update`, which calls the subclass's `__setitem__` (a dict subclass's
`__init__` would not), so `axes` holds ("data", "model"), over which the psum of a value varying
on "data" only raises."""
import collections

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Config(collections.UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key, tuple(value.split(",")) if isinstance(value, str) else value)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    config = Config({"axes": "data,model"}, steps=3)
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(config["axes"]), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
