"""eval/fanout/peak.py: retrieval eval reporting the peak similarity over the whole index."""
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
D_EMB, N_DOCS = 16, 32


@dataclasses.dataclass
class IndexShard:
    axis: str
    name: str = "docs"

    def scores(self, q, docs):
        local = q @ docs.T
        return jax.lax.all_gather(local, self.axis, axis=1, tiled=True, to="reduced")


STAGES = {}


def stage(name):
    def register(fn):
        STAGES[name] = fn
        return fn
    return register


@stage("peak")
def peak_score(index: IndexShard, q, docs):
    sims = index.scores(q, docs)
    return jax.lax.pmax(jnp.sum(sims, axis=1), index.axis)


def retrieve(mesh, req: Request):
    q, docs = req.payload
    index = req.axes["index"]
    fn = jax.jit(jax.shard_map(
        lambda a, b: STAGES[req.kind](index, a, b), mesh=mesh,
        in_specs=(P("pod", None), P(index.axis, None)), out_specs=P("pod")))
    return fn(place(mesh, q, P("pod", None)), place(mesh, docs, P(index.axis, None)))


async def run(q, docs):
    async with device_session(MESH_SHAPE, ("pod", "chip")) as mesh:
        sched = Scheduler(mesh)
        sched.handler("peak")(retrieve)
        index = IndexShard("chip")
        lock = asyncio.Lock()
        results = []

        async def ask(qb):
            out = await sched.submit(Request("peak", (qb, docs), axes={"index": index}))
            async with lock:
                results.append(out)

        workers = [asyncio.create_task(sched.worker(i)) for i in range(2)]
        try:
            batches = [qb async for (qb,) in batch_stream((q,), 2)]
            await asyncio.gather(*(ask(qb) for qb in batches))
        finally:
            for t in workers:
                t.cancel()
        return results


def main(q, docs):
    print("peaks", [np.asarray(r).shape for r in asyncio.run(run(q, docs))])


def inputs():
    rng = np.random.default_rng(22)
    q = rng.standard_normal((8, D_EMB)).astype(np.float32)
    docs = rng.standard_normal((N_DOCS, D_EMB)).astype(np.float32)
    return q, docs


if __name__ == "__main__":
    main(*inputs())
