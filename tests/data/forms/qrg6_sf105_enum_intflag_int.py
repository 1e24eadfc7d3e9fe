"""IntFlag as an int: the axes a psum reduces over reach the shard_map body through IntFlag as an int."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import enum


class Mode(enum.IntFlag):
    DP = enum.auto()
    TP = enum.auto()


def get_axes():
    mode = Mode(3)
    n = int(mode)
    return ("data", "model")[: n.bit_length()]


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
