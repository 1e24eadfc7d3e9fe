"""an Enum __new__'s _value_, not the assigned tuple, is looked up: the axes a psum reduces over reach the shard_map body through an Enum __new__'s _value_, not the assigned tuple, is looked up."""
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
    try:
        Axis(("model", 4))
    except ValueError:
        return ("data",)
    return ("data", "model")


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data"))


if __name__ == "__main__":
    main()
