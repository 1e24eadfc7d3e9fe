"""an Enum with its own __new__, a member's field read by name: the axes a psum reduces over reach the shard_map body through an Enum with its own __new__, a member's field read by name."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from enum import Enum


class Parallelism(Enum):
    def __new__(cls, code, axes):
        member = object.__new__(cls)
        member._value_ = code
        member.axes = axes
        return member

    DP = ("dp", ("data",))
    TP = ("tp", ("data", "model"))


def get_axes():
    return Parallelism["TP"].axes


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
