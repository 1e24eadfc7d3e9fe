"""A consumer waits at most 0.5 s for the export layout a producer sets a turn later, and falls
back to a layout listing the gathered 'j' in `reduced={...}`. On CPython 3.11 a timer that goes
off in the turn the producer sets it still lets the result through; from 3.12 on that schedule
raises TimeoutError (the timer cancels the waiting task), and the fallback runs: no finding."""
import asyncio

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


async def producer(fut):
    await asyncio.sleep(0)
    fut.set_result(P("i", None))


async def consumer(fut, x):
    try:
        spec = await asyncio.wait_for(fut, 0.5)
    except asyncio.TimeoutError:
        spec = P("i", None, reduced={"j"})
    return top_level_all_gather(x, spec)


async def serve(x):
    fut = asyncio.get_running_loop().create_future()
    out = await asyncio.gather(consumer(fut, x), producer(fut))
    return out[0]


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with jax.set_mesh(mesh):
        return asyncio.run(serve(x))


if __name__ == "__main__":
    main()
