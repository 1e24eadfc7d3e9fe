"""A run file written through `Path.open("w")` in a temporary directory and read back with
`ConfigParser.read([path])`."""
import configparser
import tempfile
from pathlib import Path

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
        path = Path(tmp) / "run.ini"
        with path.open("w") as fh:
            fh.write(INI)
        cp = configparser.ConfigParser()
        cp.read([path])
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
