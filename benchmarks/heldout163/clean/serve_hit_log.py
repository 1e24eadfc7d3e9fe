"""serving/batcher/hit_log.py: batched scoring server that logs cache hits of every replica."""
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
ROLES = {"batch": "replica", "model": "model"}
D_MODEL, VOCAB = 16, 32


def make_scorer(axes):
    rep, mdl = axes["batch"], axes["model"]

    def body(x, w, hits):
        logits = jnp.tanh(x @ w)
        table = jax.lax.all_gather(hits, rep, tiled=True, to="reduced")
        return logits, table

    return jax.jit(jax.shard_map(
        body, in_specs=(P(rep, None), P(None, mdl), P(rep, mdl)),
        out_specs=(P(rep, mdl), P(None, mdl, reduced={rep}))))


class HitServer:
    """Scores each batch of prompts and keeps the cache-hit table the router reads."""

    def __init__(self, sched: Scheduler):
        self.sched = sched
        self.tables = []
        sched.handler("score")(self.score)
        sched.on("scored", self.tables.append)

    def score(self, mesh, req: Request):
        x, w, hits = req.payload
        with jax.set_mesh(mesh):
            fn = make_scorer(req.axes)
            return fn(place(mesh, x, P(req.axes["batch"], None)),
                      place(mesh, w, P(None, req.axes["model"])),
                      place(mesh, hits, P(req.axes["batch"], req.axes["model"])))


async def serve(x, w, hits):
    async with device_session(MESH_SHAPE, tuple(ROLES.values())) as mesh:
        sched = Scheduler(mesh, max_batch=2)
        server = HitServer(sched)
        reqs = []
        async for xb, hb in batch_stream((x, hits), 2):
            reqs.append(Request("score", (xb, w, hb), axes=dict(ROLES)))
        results = await sched.serve(reqs)
        for logits, table in results:
            await sched.emit("scored", table)
        return [np.asarray(t).sum() for t in server.tables]


def main(x, w, hits):
    sums = asyncio.run(serve(x, w, hits))
    print("hit totals per batch:", sums)


def inputs():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((32, D_MODEL)).astype(np.float32)
    w = rng.standard_normal((D_MODEL, VOCAB)).astype(np.float32)
    hits = rng.integers(0, 5, size=(16, 8)).astype(np.float32)
    return x, w, hits


if __name__ == "__main__":
    main(*inputs())
