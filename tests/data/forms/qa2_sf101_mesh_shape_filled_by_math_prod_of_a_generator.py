"""Mesh sizes from `ici_*_parallelism` keys with one `-1`, filled in with the device count over
`math.prod` of a generator of the known sizes (consumed whole, as `tuple(...)` consumes it); the
log axis is the mesh's largest: the psum result, invariant over 'data', is gathered to reduced
over 'data'."""
import math

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

KEYS = {"mesh_axes": ["data", "model"], "ici_data_parallelism": -1, "ici_model_parallelism": 2}


def mesh_shape(keys):
    sizes = [keys[f"ici_{a}_parallelism"] for a in keys["mesh_axes"]]
    known = math.prod(s for s in sizes if s != -1)
    return tuple(jax.device_count() // known if s == -1 else s for s in sizes)


def main():
    shape = mesh_shape(KEYS)
    mesh = jax.make_mesh(shape, tuple(KEYS["mesh_axes"]))
    log_axis = [a for a, s in zip(KEYS["mesh_axes"], shape) if s > 2][0]

    def body(g):
        total = jax.lax.psum(g, "data")
        return jax.lax.all_gather(total, log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    g = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(g)


if __name__ == "__main__":
    main()
