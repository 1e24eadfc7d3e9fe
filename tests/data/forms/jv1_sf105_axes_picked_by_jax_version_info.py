"""A pasted compat section reads `jax.__version_info__` through a defaulted getattr and picks the
axes a psum reduces over by it: on jax 0.10.2 the tuple is (0, 10, 2), so the body sums over both
axes a value sharded only over 'data'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

JAX_VERSION = tuple(getattr(jax, "__version_info__", (0, 4, 35)))
NEW_API = hasattr(jax, "shard_map")


def summed_axes():
    if JAX_VERSION >= (0, 9, 0):
        return ("data", "model")
    return ("data",)


def reduce_over(axes, spec):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, spec))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    mapper = jax.shard_map if NEW_API else None
    return mapper(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def main():
    return reduce_over(summed_axes(), P("data"))


if __name__ == "__main__":
    main()
