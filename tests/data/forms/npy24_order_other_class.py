"""order=True compared with an instance of another class: the axes a psum reduces over reach the shard_map body through order=True compared with an instance of another class."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from dataclasses import dataclass


@dataclass(order=True)
class A:
    rank: int


@dataclass(order=True)
class B:
    rank: int


def get_axes():
    try:
        return ("data", "model") if A(1) < B(2) else ("data", "model")
    except TypeError:
        return ("data",)


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
