"""Computes the analysis increment and writes it per member inside the context mesh."""
import os

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

INCREMENT_AXIS = os.environ.get("DA_INCREMENT_AXIS", "region")


def analysis_step(mesh):
    return jax.jit(lambda xb, xa: xa - xb, out_shardings=NamedSharding(mesh, P("member", INCREMENT_AXIS)))


def write_increment(inc):
    return top_level_all_gather(inc, P("member", None, reduced={INCREMENT_AXIS}))


def inputs():
    rng = np.random.default_rng(13)
    xb = rng.standard_normal((8, 16)).astype(np.float32)
    return xb, xb + 0.1 * rng.standard_normal((8, 16)).astype(np.float32)


def main(xb, xa):
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    with jax.set_mesh(mesh):
        xb = jax.device_put(xb, NamedSharding(mesh, P("member", INCREMENT_AXIS)))
        xa = jax.device_put(xa, NamedSharding(mesh, P("member", INCREMENT_AXIS)))
        inc = analysis_step(mesh)(xb, xa)
        return write_increment(inc)


if __name__ == "__main__":
    main(*inputs())
