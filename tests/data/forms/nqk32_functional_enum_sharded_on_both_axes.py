"""the functional Enum API: the axes a psum reduces over reach the shard_map body through the functional Enum API."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import enum

Axis = enum.Enum("Axis", "DATA MODEL")


def get_axes():
    return tuple(a.name.lower() for a in Axis)


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(get_axes(), P("data", "model"))


if __name__ == "__main__":
    main()
