"""decimal arithmetic on a learning rate: the axes a psum reduces over reach the shard_map body through decimal arithmetic on a learning rate."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from decimal import Decimal


def get_axes():
    lr = Decimal("0.1") * 3
    return ("data", "model") if lr == Decimal("0.3") else ("data",)


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
