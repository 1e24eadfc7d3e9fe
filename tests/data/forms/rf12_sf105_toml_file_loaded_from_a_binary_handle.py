"""A TOML run file written to a temporary directory and read back with `tomllib.load(open(path,
"rb"))`."""
import tempfile
import tomllib
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

TOML = """
[reduce]
over = ["data", "model"]
"""

def load_axes():
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.toml"
        path.write_text(TOML)
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    return tuple(data["reduce"]["over"])


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
