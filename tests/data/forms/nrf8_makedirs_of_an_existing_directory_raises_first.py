"""`os.makedirs` of a directory that exists, without `exist_ok=True`, raises FileExistsError before
the run file is written: the psum is never reached (no finding)."""
import configparser
import os
import tempfile

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    with tempfile.TemporaryDirectory() as tmp:
        conf = os.path.join(tmp, "conf")
        os.makedirs(conf)
        os.makedirs(conf)
        path = os.path.join(conf, "run.ini")
        with open(path, "w") as fh:
            fh.write("[reduce]\nover = data, model\n")
        cp = configparser.ConfigParser()
        cp.read(path)
    return tuple(s.strip() for s in cp.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
