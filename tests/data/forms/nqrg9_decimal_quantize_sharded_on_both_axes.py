"""Decimal quantize of a rate: the axes a psum reduces over reach the shard_map body through Decimal quantize of a rate."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import decimal


def get_axes():
    rate = decimal.Decimal("2.5").quantize(decimal.Decimal("1"), rounding=decimal.ROUND_HALF_UP)
    return ("data", "model", "pipe")[: int(rate) - 1]


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
