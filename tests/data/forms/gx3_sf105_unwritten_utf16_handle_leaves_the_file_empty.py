"""A text file opened for writing in utf-16 and closed without a write holds no bytes (Python
writes the BOM with the first write only): read back it is empty, so both axes are picked."""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    path = os.path.join(tempfile.mkdtemp(), "axes.txt")
    with open(path, "w", encoding="utf-16"):
        pass
    with open(path, encoding="latin-1") as fh:
        return ("data", "model") if fh.read() == "" else ("data",)


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes())
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
