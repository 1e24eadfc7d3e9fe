"""A coroutine enters the mesh, then hands the export to `asyncio.to_thread`: `jax.set_mesh` is
thread-local (to_thread copies the contextvars, not the mesh), so the worker thread has none."""
import asyncio

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export(table):
    return top_level_all_gather(table, P(None, None, reduced={"i"}))  # SF104


async def serve(mesh, table):
    with jax.set_mesh(mesh):
        return await asyncio.to_thread(export, table)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    table = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", None)))
    return asyncio.run(serve(mesh, table))


if __name__ == "__main__":
    main()
