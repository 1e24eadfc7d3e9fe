"""an Enum with its own __new__, looked up by value: the axes a psum reduces over reach the shard_map body through an Enum with its own __new__, looked up by value."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import enum


class Axis(enum.Enum):
    def __new__(cls, name, size):
        obj = object.__new__(cls)
        obj._value_ = name
        obj.size = size
        return obj

    DATA = ("data", 2)
    MODEL = ("model", 4)


def get_axes():
    return (Axis("data").value, Axis("model").value)


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
