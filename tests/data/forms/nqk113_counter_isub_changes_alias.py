"""Counter -= changes the Counter in place, dropping counts <= 0: the axes a psum reduces over reach the shard_map body through Counter -= changes the Counter in place, dropping counts <= 0."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import collections


def get_axes():
    c = collections.Counter({"data": 1, "model": 1})
    alias = c
    c -= collections.Counter({"model": 2})
    d = collections.Counter({"data": 1}) - collections.Counter({"model": 1})
    return tuple(alias) if tuple(d) == ("data",) else ("data", "model")


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
