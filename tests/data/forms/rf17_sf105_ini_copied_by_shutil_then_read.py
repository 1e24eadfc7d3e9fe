"""A run file copied with `shutil.copy` to another name in the temporary directory, and the copy
read with ConfigParser."""
import configparser
import shutil
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
        src = Path(tmp) / "a.ini"
        src.write_text(INI)
        dst = Path(tmp) / "b.ini"
        shutil.copy(src, dst)
        cp = configparser.ConfigParser()
        cp.read(dst)
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
