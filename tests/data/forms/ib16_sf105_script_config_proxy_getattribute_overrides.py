"""A config proxy whose __getattribute__ answers names found in its override table
and hands every other name to object.__getattribute__: the override makes the axes both names."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigProxy:
    def __init__(self, base, overrides):
        self.base = base
        self.overrides = overrides

    def __getattribute__(self, name):
        overrides = object.__getattribute__(self, "overrides")
        if name in overrides:
            return overrides[name]
        return object.__getattribute__(self, name)


class Base:
    axes = "i"


def main():
    proxy = ConfigProxy(Base(), {"axes": ("i", "j")})
    return reduce_over(proxy.axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()
