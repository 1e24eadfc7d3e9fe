"""an empty mappingproxy's keys() is an empty view, falsy: the psum reduces over both axes"""
import types

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


EMPTY = types.MappingProxyType({})


def get_axes():
    return ("data", "model") if not EMPTY.keys() else ("data",)


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
