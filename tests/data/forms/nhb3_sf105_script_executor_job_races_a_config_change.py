"""A job in flight reads a shared table that another request rewrites meanwhile: which axes its trace sees depends on the threads' timing, so the mixed reduction is not certain."""
import asyncio

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_body(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return body


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))
TABLE = {"axes": ["i", "j"]}


def step(x):
    fn = jax.jit(jax.shard_map(make_body(tuple(TABLE["axes"])), mesh=MESH, in_specs=P("i", "j"), out_specs=P()))
    return fn(x)


async def handle():
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, step, X)


async def narrow():
    TABLE["axes"] = ["i"]


async def serve():
    return await asyncio.gather(handle(), narrow())


def main():
    return asyncio.run(serve())


if __name__ == "__main__":
    main()
