"""a Flag called with bits no member has raises ValueError: the faithful reading of a Flag called with bits no member has raises ValueError."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import enum


class Par(enum.Flag):
    DATA = 1
    MODEL = 2


def get_axes():
    try:
        Par(4)
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
