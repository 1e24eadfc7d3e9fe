"""a mappingproxy is unhashable (TypeError as a set item, Python 3.11): the handler's axes, ('data',)"""
import types

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


BASE = types.MappingProxyType({"a": 1})


def get_axes():
    try:
        {BASE}
    except TypeError:
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
