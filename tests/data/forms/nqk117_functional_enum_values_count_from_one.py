"""the functional Enum API's values count from 1: the axes a psum reduces over reach the shard_map body through the functional Enum API's values count from 1."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from enum import Enum

Axis = Enum("Axis", "DATA, MODEL")
Pairs = Enum("Pairs", [("DATA", "data"), ("MODEL", "model")])


def get_axes():
    if Axis.MODEL.value == 2 and Axis(1) is Axis.DATA and Pairs("model").name == "MODEL":
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
