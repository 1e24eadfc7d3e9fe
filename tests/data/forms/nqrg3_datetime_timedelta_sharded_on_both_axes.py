"""datetime.timedelta arithmetic: the axes a psum reduces over reach the shard_map body through datetime.timedelta arithmetic."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from datetime import timedelta


def get_axes():
    budget = timedelta(hours=1) + timedelta(minutes=30)
    return ("data", "model") if budget.total_seconds() == 5400 else ("data",)


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
