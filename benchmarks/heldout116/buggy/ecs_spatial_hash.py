"""ECS swarm: a spatial-hash system builds cell occupancy, then a debug system dumps the grid."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SYSTEMS = []


def system(order):
    def deco(fn):
        SYSTEMS.append((order, fn))
        SYSTEMS.sort(key=lambda item: item[0])
        return fn
    return deco


def kernel(mesh, in_specs, out_specs):
    return functools.partial(jax.shard_map, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


@system(order=10)
def spatial_hash(ctx):
    mesh = ctx["mesh"]
    ent, cell = mesh.axis_names

    @kernel(mesh, P(ent, cell), P(ent, None, reduced={cell}))
    def occupancy(onehot):
        # all cells of my entities, so the neighbour query can read any column
        return jax.lax.all_gather(onehot, cell, axis=1, tiled=True, to="reduced")

    ctx["occupancy"] = occupancy(ctx["components"]["cell_onehot"])


@system(order=20)
def debug_dump(ctx):
    mesh = ctx["mesh"]
    ent, cell = mesh.axis_names

    @kernel(mesh, P(ent, None, reduced={cell}), P(None, None, reduced={ent, cell}))
    def dump(grid):
        return jax.lax.all_gather(grid, mesh.axis_names, axis=0, tiled=True, to="reduced")

    ctx["dump"] = dump(ctx["occupancy"])


def inputs():
    rng = np.random.default_rng(5)
    cells = rng.integers(0, 8, size=32)
    return (np.eye(8, dtype=np.float32)[cells],)


def main(onehot):
    mesh = jax.make_mesh((4, 2), ("entities", "cells"))
    ctx = {
        "mesh": mesh,
        "components": {"cell_onehot": jax.device_put(onehot, NamedSharding(mesh, P("entities", "cells")))},
    }
    for _, fn in SYSTEMS:
        fn(ctx)
    print(np.asarray(ctx["dump"]).sum(axis=0))


if __name__ == "__main__":
    main(*inputs())
