"""functools.cache on function with tuple arg: the axes a psum reduces over reach the shard_map body through functools.cache on function with tuple arg."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import functools


@functools.cache
def axes_for(names, drop):
    return tuple(n for n in names if n not in drop)


def get_axes():
    return axes_for(("data", "pipe", "model"), frozenset({"pipe"}))


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
