"""a hint alias rebound after the class: the axes a psum reduces over reach the shard_map body through the hint the class body evaluated, not the alias's later value."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import typing

Kind = tuple


class Cfg:
    axes: Kind = ("data", "model")


Kind = list


def get_axes():
    return Cfg.axes if typing.get_type_hints(Cfg)["axes"] is tuple else ("data",)


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
