"""Sizes summarised by functions that read a generator or a `map` whole: `math.fsum` of floats,
`statistics.mean` of sizes, `math.prod(map(abs, sizes))`; the mesh's data size is filled in
from them, and the log axis is the largest: the psum result, invariant over 'data', is gathered
to reduced over 'data'."""
import math
import statistics

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIZES = {"data": -1, "model": 2}


def mesh_shape(count):
    known = math.prod(map(abs, SIZES.values()))
    spread = math.fsum(float(abs(s)) for s in SIZES.values())
    middle = statistics.mean(abs(s) for s in SIZES.values())
    assert spread == 2 * middle
    return tuple(count // known if s == -1 else s for s in SIZES.values())


def main():
    shape = mesh_shape(8)
    mesh = jax.make_mesh(shape, tuple(SIZES))
    log_axis = max(zip(shape, SIZES))[1]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
