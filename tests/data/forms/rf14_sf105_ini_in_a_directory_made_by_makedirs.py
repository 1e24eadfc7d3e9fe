"""A run file written below directories `os.makedirs(..., exist_ok=True)` made in a temporary
directory, read back with `ConfigParser.read(path, encoding=...)`."""
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
    with tempfile.TemporaryDirectory() as tmp:
        conf = os.path.join(tmp, "conf", "site")
        os.makedirs(conf, exist_ok=True)
        path = os.path.join(conf, "run.ini")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(INI)
        cp = configparser.ConfigParser()
        cp.read(path, encoding="utf-8")
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
