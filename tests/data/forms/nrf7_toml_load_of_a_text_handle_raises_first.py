"""`tomllib.load` of a handle opened in text mode raises TypeError ("File must be opened in binary
mode") before the axes are read: the psum is never reached (no finding)."""
import tempfile
import tomllib
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.toml"
        path.write_text('[reduce]\nover = ["data", "model"]\n')
        with open(path) as fh:
            data = tomllib.load(fh)
    return tuple(data["reduce"]["over"])


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
