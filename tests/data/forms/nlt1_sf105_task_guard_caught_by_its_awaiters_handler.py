"""A guard clause inside an asyncio task raises into whoever awaits the task: here the awaiting
coroutine's own `try` (around `await create_task(...)`, around an `async with TaskGroup()` with
`except*`) catches it. On 8 devices both guards raise, the plans keep their one-axis "i", and the
reductions are fine; on 16 devices they would widen to ("i", "j") and JAX would raise. The
outcome depends on the machine: nothing is reported."""
import asyncio

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLAN = {"awaited": ("i",), "grouped": ("i",)}


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


async def widen(key):
    if jax.device_count() < 16:
        raise RuntimeError("wide plans need 16 devices")
    PLAN[key] = ("i", "j")


async def plan():
    try:
        await asyncio.create_task(widen("awaited"))
    except RuntimeError:
        print("narrow plan kept")
    try:
        async with asyncio.TaskGroup() as group:
            group.create_task(widen("grouped"))
    except* RuntimeError:
        print("narrow plan kept")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    asyncio.run(plan())
    return [reduce_rows(mesh, x, PLAN[key]) for key in ("awaited", "grouped")]


if __name__ == "__main__":
    main()
