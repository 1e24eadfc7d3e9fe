"""As pe1, but the export's out sharding depends on how many requests the first batch holds:
two (the deadline not yet past) list the gathered 'j' in `reduced={...}`, one (the deadline
already past, a schedule the timers allow) does not. Not every schedule fails: no finding."""
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


def export(x, rows):
    spec = P("i", None, reduced={"j"}) if rows == 2 else P("i", None)
    return top_level_all_gather(x, spec)


async def handle(batch):
    x = jax.device_put(np.stack(batch), NamedSharding(jax.make_mesh((2, 4), ("i", "j")), P("i", "j")))
    return export(x, len(batch))


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
