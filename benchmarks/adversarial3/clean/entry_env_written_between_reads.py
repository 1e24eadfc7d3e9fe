"""Entry point: a phase helper writes REDUCE_AXIS into the environment between the two reads."""
import os

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def phase(n):
    os.environ["REDUCE_AXIS"] = ("data", "model")[n]


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return mesh, P(("data", "model")), np.ones((8, 4), np.float32)


def main(mesh, spec, x):
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(x):
        phase(0)
        s = jax.lax.psum(x, os.environ["REDUCE_AXIS"])
        phase(1)
        return jax.lax.all_gather(s, os.environ["REDUCE_AXIS"], to="reduced", tiled=True)

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={"model"}))(x)
    return float(np.asarray(out).sum())
