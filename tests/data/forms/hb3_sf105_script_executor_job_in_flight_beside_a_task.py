"""A request hands the step to the default executor while a gathered task keeps the loop busy: the job runs beside the loop, yet it traces the body on what it was given (the other task touches none of it), so it raises."""
import asyncio

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_body(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return body


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


def step(request, x):
    fn = jax.jit(jax.shard_map(make_body(tuple(request["axes"])), mesh=MESH, in_specs=P("i", "j"), out_specs=P()))
    return fn(x)


async def handle(request):
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, step, request, X)


async def tick(n):
    total = 0
    for i in range(n):
        total += i
        await asyncio.sleep(0)
    return total


async def serve(request):
    return await asyncio.gather(handle(request), tick(3))


def main():
    return asyncio.run(serve({"axes": ["i", "j"]}))


if __name__ == "__main__":
    main()
