"""The creator yields to the loop before changing the axes: the task has read them already."""
import asyncio

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

state = {"axes": ("i",)}


async def worker(mesh, x):
    axes = state["axes"]

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


async def serve(mesh, x):
    task = asyncio.create_task(worker(mesh, x))
    await asyncio.sleep(0)
    state["axes"] = ("i", "j")
    return await task


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return asyncio.run(serve(mesh, x))


if __name__ == "__main__":
    main()
