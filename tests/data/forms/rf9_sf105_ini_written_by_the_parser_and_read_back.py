"""A parser filled by item stores writes itself to a file in a temporary directory
(`parser.write(fh)`), and another parser reads it back."""
import configparser
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    cp = configparser.ConfigParser()
    cp["reduce"] = {"over": "data, model"}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "out.ini"
        with open(path, "w") as fh:
            cp.write(fh)
        again = configparser.ConfigParser()
        again.read(path)
    return tuple(s.strip() for s in again.get("reduce", "over").split(","))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
