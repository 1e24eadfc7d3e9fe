"""A batcher task serves queued requests and hands a failed batch's error to each future still
waiting (`if not r.future.done(): r.future.set_exception(exc)`); the client re-raises it, and
`stop()` cancels the batcher task, suspended in `queue.get()` (CPython throws CancelledError in
there; `contextlib.suppress` swallows it in the awaiter). The step's psum over ("i", "j") of a
value already summed over "i" raises on the first batch."""
import asyncio
import contextlib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


def make_step(axes):
    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.jit(jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P()))


class Batcher:
    def __init__(self, handler):
        self.queue = asyncio.Queue()
        self.handler = handler
        self.task = None

    async def submit(self, payload):
        future = asyncio.get_running_loop().create_future()
        await self.queue.put((payload, future))
        return await future

    async def loop(self):
        while True:
            batch = [await self.queue.get()]
            try:
                outs = await self.handler([payload for payload, _ in batch])
            except Exception as exc:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), out in zip(batch, outs):
                future.set_result(out)

    def start(self):
        self.task = asyncio.create_task(self.loop())

    async def stop(self):
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task


async def handle(payloads):
    x = jax.device_put(np.concatenate([p["rows"] for p in payloads]), NamedSharding(MESH, P("i", "j")))
    return [make_step(tuple(payloads[0]["axes"]))(x)] * len(payloads)


async def serve(rows):
    batcher = Batcher(handle)
    batcher.start()
    try:
        return await asyncio.gather(*(batcher.submit(row) for row in rows))
    finally:
        await batcher.stop()


def main():
    return asyncio.run(serve([{"rows": np.ones((8, 8), np.float32), "axes": ["i", "j"]}]))


if __name__ == "__main__":
    main()
