"""A batcher collects requests until `asyncio.wait_for(queue.get(), left)` times out at its
deadline (`loop.time()`): when each timer fires is not known, but on every schedule the first
batch, of one request or two, reaches the export, whose out sharding does not list the gathered
'j' in `reduced={...}`."""
import asyncio

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Batcher:
    def __init__(self, handler, max_batch=4, timeout_s=0.005):
        self.queue = asyncio.Queue()
        self.handler = handler
        self.max_batch = max_batch
        self.timeout_s = timeout_s

    async def collect(self):
        batch = [await self.queue.get()]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout_s
        while len(batch) < self.max_batch:
            left = deadline - loop.time()
            if left <= 0:
                break
            try:
                batch.append(await asyncio.wait_for(self.queue.get(), left))
            except asyncio.TimeoutError:
                break
        return batch

    async def serve_one(self):
        batch = await self.collect()
        return await self.handler(batch)


def export(x):
    return top_level_all_gather(x, P("i", None))  # SF104


async def handle(batch):
    x = jax.device_put(np.stack(batch), NamedSharding(jax.make_mesh((2, 4), ("i", "j")), P("i", "j")))
    return export(x)


async def serve(rows):
    batcher = Batcher(handle)
    for row in rows:
        await batcher.queue.put(row)
    return await batcher.serve_one()


def main():
    rows = [np.ones((8,), np.float32) * k for k in range(2)]
    with jax.set_mesh(jax.make_mesh((2, 4), ("i", "j"))):
        return asyncio.run(serve(rows))


if __name__ == "__main__":
    main()
