"""A NamedTemporaryFile made with `delete=True` is removed when its `with` block closes it: the
run file is gone when ConfigParser.read asks for it, and `get` raises NoSectionError (no finding)."""
import configparser
import os
import tempfile

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

INI = """
[DEFAULT]
a = data
b = model

[reduce]
over = %(a)s, %(b)s
"""


def load_axes():
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=True) as fh:
        fh.write(INI)
        name = fh.name
    cp = configparser.ConfigParser()
    cp.read(name)
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
