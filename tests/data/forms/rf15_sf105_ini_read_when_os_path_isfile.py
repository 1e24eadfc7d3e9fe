"""`os.path.isfile` of the run file the program wrote in its mkdtemp directory is True, so it is
read; `shutil.rmtree` removes the directory after."""
import configparser
import os
import shutil
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
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "run.ini")
    with open(path, "w") as fh:
        fh.write(INI)
    cp = configparser.ConfigParser()
    if os.path.isfile(path):
        cp.read(path)
    shutil.rmtree(tmp)
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
