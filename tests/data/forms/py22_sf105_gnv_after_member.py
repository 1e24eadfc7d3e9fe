"""the count _generate_next_value_ gets after a plain member: the axes a psum reduces over reach the shard_map body through the count _generate_next_value_ gets after a plain member."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import enum

NAMES = ["data", "model", "pipe"]


class Axis(enum.Enum):
    def _generate_next_value_(name, start, count, last_values):
        return NAMES[count]

    FIRST = "data"
    SECOND = enum.auto()


def get_axes():
    return (Axis.FIRST.value, Axis.SECOND.value) if Axis.SECOND.value == "model" else ("data",)


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
