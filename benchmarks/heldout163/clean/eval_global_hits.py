"""eval/fanout/global_hits.py: per-class hits summed over every chip of every pod."""
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

MESH_SHAPE = (2, 4)
D_IN, N_CLASS = 16, 8


class HitCounter:
    def __init__(self, axes):
        self.axes = tuple(axes)

    def __call__(self, xs, ws, ls):
        pred = jnp.argmax(xs @ ws, axis=-1)
        hits = jnp.sum(jax.nn.one_hot(pred, N_CLASS) * ls, axis=0)
        return jax.lax.psum(hits, self.axes)


def hits_step(mesh, req: Request):
    x, w, labels = req.payload
    counter = req.axes["counter"]
    rows = P(counter.axes, None)
    fn = jax.jit(jax.shard_map(counter, mesh=mesh, in_specs=(rows, P(), rows), out_specs=P()))
    return fn(place(mesh, x, rows), place(mesh, w, P()), place(mesh, labels, rows))


async def run(x, w, labels):
    async with device_session(MESH_SHAPE, ("pod", "chip")) as mesh:
        sched = Scheduler(mesh)
        sched.handler("hits")(hits_step)
        counter = HitCounter(mesh.axis_names)
        sched.on("counter", counter)
        reqs = [Request("hits", (xb, w, lb), axes={"counter": sched.callbacks["counter"][0]})
                async for xb, lb in batch_stream((x, labels), 2)]
        return await sched.serve(reqs)


def main(x, w, labels):
    print("hits", [np.asarray(h).tolist() for h in asyncio.run(run(x, w, labels))])


def inputs():
    rng = np.random.default_rng(52)
    x = rng.standard_normal((32, D_IN)).astype(np.float32)
    w = rng.standard_normal((D_IN, N_CLASS)).astype(np.float32)
    labels = np.eye(N_CLASS, dtype=np.float32)[rng.integers(0, N_CLASS, 32)]
    return x, w, labels


if __name__ == "__main__":
    main(*inputs())
