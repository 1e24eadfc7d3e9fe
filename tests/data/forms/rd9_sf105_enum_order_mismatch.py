"""an Enum whose `_order_` disagrees: the axes a psum reduces over reach the shard_map body through the TypeError of an Enum whose `_order_` lists its members in another order."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import enum


def make_axes():
    class Axis(enum.Enum):
        _order_ = "MODEL DATA"
        DATA = "data"
        MODEL = "model"
    return Axis


def get_axes():
    try:
        make_axes()
    except TypeError:
        return ("data", "model")
    return ("data",)


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
