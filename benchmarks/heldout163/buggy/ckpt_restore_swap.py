"""ckpt/async_writer/restore_swap.py: restores a checkpoint and swaps it to the serving layout."""
import asyncio
import collections
import contextlib
import dataclasses
import inspect
from typing import Optional

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# aio_lite: asyncio orchestration for blocking sharded steps (copied from orch/aio_lite.py)
# ---------------------------------------------------------------------------------------------
@dataclasses.dataclass
class Request:
    kind: str
    payload: tuple
    axes: dict = dataclasses.field(default_factory=dict)
    specs: dict = dataclasses.field(default_factory=dict)
    future: Optional[asyncio.Future] = None


class Scheduler:
    """Queues requests, batches them and runs each handler off the event loop."""

    def __init__(self, mesh, max_batch=4, timeout=60.0):
        self.mesh = mesh
        self.queue: asyncio.Queue = asyncio.Queue()
        self.lock = asyncio.Lock()
        self.handlers: dict = {}
        self.callbacks = collections.defaultdict(list)
        self.max_batch = max_batch
        self.timeout = timeout
        self.stats = collections.Counter()

    def handler(self, kind):
        def register(fn):
            self.handlers[kind] = fn
            return fn
        return register

    def on(self, event, callback):
        self.callbacks[event].append(callback)

    async def emit(self, event, *args):
        for cb in self.callbacks[event]:
            res = cb(*args)
            if inspect.isawaitable(res):
                await res

    async def submit(self, req: Request):
        req.future = asyncio.get_running_loop().create_future()
        await self.queue.put(req)
        return await asyncio.wait_for(req.future, self.timeout)

    async def next_batch(self):
        batch = [await self.queue.get()]
        while len(batch) < self.max_batch and not self.queue.empty():
            batch.append(self.queue.get_nowait())
        return batch

    async def run_blocking(self, fn, *args):
        # one JAX step at a time: the devices are shared by every worker
        async with self.lock:
            return await asyncio.get_running_loop().run_in_executor(None, fn, *args)

    async def worker(self, wid):
        while True:
            for req in await self.next_batch():
                try:
                    out = await self.run_blocking(self.handlers[req.kind], self.mesh, req)
                    self.stats[req.kind] += 1
                    req.future.set_result(out)
                except Exception as exc:
                    req.future.set_exception(exc)
                finally:
                    self.queue.task_done()

    async def serve(self, requests, workers=2):
        tasks = [asyncio.create_task(self.worker(i)) for i in range(workers)]
        try:
            return await asyncio.gather(*(self.submit(r) for r in requests))
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


@contextlib.asynccontextmanager
async def device_session(shape, names):
    mesh = jax.make_mesh(shape, names)
    yield mesh
    await asyncio.sleep(0)  # let pending callbacks flush before the mesh goes away


async def batch_stream(arrays, n_batches):
    # splits host arrays along dim 0 and hands them out one batch at a time
    for i in range(n_batches):
        await asyncio.sleep(0)
        yield tuple(np.array_split(a, n_batches)[i] for a in arrays)


def place(mesh, x, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))
# ---------------------------------------------------------------------------------------------

MESH_SHAPE = (4, 2)
D_IN, D_OUT = 16, 8


class Restorer:
    """Reads the fsdp-split weight back as one copy, then re-splits it by columns."""

    def __init__(self, axis):
        self.axis = axis
        self.restored = 0

    def whole(self, w):
        self.restored += 1
        return jax.lax.all_gather(w, self.axis, axis=0, tiled=True, to="reduced")

    def to_serving(self, w):
        return jax.lax.all_to_all(self.whole(w), self.axis, 1, 0, tiled=True)


async def restore_requests(axis, weights):
    restorer = Restorer(axis)
    for w in weights:
        await asyncio.sleep(0)
        yield Request("restore", (w,), axes={"restorer": restorer})


def restore_step(mesh, req: Request):
    (w,) = req.payload
    r: Restorer = req.axes["restorer"]
    fn = jax.jit(jax.shard_map(r.to_serving, mesh=mesh, in_specs=P(r.axis, "tensor"),
                               out_specs=P(None, ("tensor", r.axis))))
    return fn(place(mesh, w, P(r.axis, "tensor")))


async def run(weights):
    async with device_session(MESH_SHAPE, ("fsdp", "tensor")) as mesh:
        sched = Scheduler(mesh)
        sched.handler("restore")(restore_step)
        reqs = [r async for r in restore_requests("fsdp", weights)]
        return await sched.serve(reqs)


def main(w0, w1):
    print("serving layouts", [o.shape for o in asyncio.run(run([w0, w1]))])


def inputs():
    rng = np.random.default_rng(42)
    return tuple(rng.standard_normal((D_IN, D_OUT)).astype(np.float32) for _ in range(2))


if __name__ == "__main__":
    main(*inputs())
