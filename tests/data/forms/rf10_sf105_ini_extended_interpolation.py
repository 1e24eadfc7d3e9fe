"""ConfigParser(interpolation=ExtendedInterpolation()): `${section:key}` references are resolved as
CPython resolves them."""
import configparser

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    cp = configparser.ConfigParser(interpolation=configparser.ExtendedInterpolation())
    cp.read_string("[mesh]\na = data\nb = model\n[reduce]\nover = ${mesh:a}, ${mesh:b}\n")
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
