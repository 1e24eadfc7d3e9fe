"""Axis names written one per line to a file in a temporary directory and read back with
`fh.readlines()`."""
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def load_axes():
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "axes.txt"
        path.write_text("data\nmodel\n")
        with open(path) as fh:
            axes = [line.strip() for line in fh.readlines() if line.strip()]
    return tuple(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    reduce_over(load_axes())
