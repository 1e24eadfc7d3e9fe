"""The worker thread only prepares the table; the gather runs in the coroutine, under its mesh."""
import asyncio

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def prepare(table):
    return table


async def serve(mesh, table):
    loop = asyncio.get_running_loop()
    with jax.set_mesh(mesh):
        ready = await loop.run_in_executor(None, prepare, table)
        return top_level_all_gather(ready, P(None, None, reduced={"i"}))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    table = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", None)))
    return asyncio.run(serve(mesh, table))


if __name__ == "__main__":
    main()
