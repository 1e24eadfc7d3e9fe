"""`fh.write("")` on a fresh utf-16 handle writes the BOM (2 bytes): read back in latin-1 it is
two letters, so the program picks 'data' only."""
import os
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    path = os.path.join(tempfile.mkdtemp(), "axes.txt")
    with open(path, "w", encoding="utf-16") as fh:
        fh.write("")
    with open(path, encoding="latin-1") as fh:
        return ("data",) if len(fh.read()) == 2 else ("data", "model")


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # none

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes())
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()
