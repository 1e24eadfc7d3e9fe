"""fractions.Fraction of mesh sizes: the axes a psum reduces over reach the shard_map body through fractions.Fraction of mesh sizes."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from fractions import Fraction


def get_axes():
    ratio = Fraction(8, 4)
    axes = ("data", "model") if ratio == 2 and ratio.denominator == 1 else ("data",)
    return axes


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
