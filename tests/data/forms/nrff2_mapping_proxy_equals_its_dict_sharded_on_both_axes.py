"""a mappingproxy compares equal to its dict (list.count finds it): the psum reduces over both axes (sharded on both axes: no error)"""
import types

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


D = {"a": 1}
BASE = types.MappingProxyType(D)


def get_axes():
    return ("data", "model") if [D].count(BASE) == 1 else ("data",)


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
