"""hints read after `__annotations__`: the axes a psum reduces over reach the shard_map body through `get_type_hints` of a class whose `__annotations__` the program read and left as they were."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import typing


class Cfg:
    data: int = 2
    model: int = 4


def get_axes():
    if "data" not in Cfg.__annotations__:
        return ("data",)
    return tuple(typing.get_type_hints(Cfg))


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
