"""An async comprehension walks an async generator of stages: the second stage syncs over both axes."""
import asyncio

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


async def stages():
    yield ("i",)
    await asyncio.sleep(0)
    yield ("i", "j")


def run_stage(mesh, x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


async def serve(mesh, x):
    return [run_stage(mesh, x, axes) async for axes in stages()]


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    return asyncio.run(serve(mesh, x))


if __name__ == "__main__":
    main()
