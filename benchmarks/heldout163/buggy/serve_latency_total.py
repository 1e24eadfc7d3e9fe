"""serving/batcher/latency.py: per-batch latency accounting across replicas and model shards."""
import asyncio
import collections
import contextlib
import dataclasses
import inspect
import time
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
MESH_AXES = ("replica", "model")
D_MODEL, VOCAB = 16, 32


@dataclasses.dataclass(frozen=True)
class LatencyConfig:
    per_token_ms: float = 0.25
    reduce_over: tuple = MESH_AXES


async def config_feed(queue: asyncio.Queue, n):
    for _ in range(n):
        await queue.put(LatencyConfig())
    await queue.put(None)


def account(mesh, req: Request):
    x, w = req.payload
    cfg = req.axes["latency"]

    def body(xs, ws):
        logits = xs @ ws
        tokens = jnp.sum(jnp.abs(xs), axis=1)
        cost = tokens * cfg.per_token_ms
        total = jax.lax.psum(cost, cfg.reduce_over)
        return logits, total

    fn = jax.jit(jax.shard_map(body, mesh=mesh,
                               in_specs=(P("replica", None), P(None, "model")),
                               out_specs=(P("replica", "model"), P())))
    return fn(place(mesh, x, P("replica", None)), place(mesh, w, P(None, "model")))


async def run(x, w):
    configs: asyncio.Queue = asyncio.Queue()
    async with device_session(MESH_SHAPE, MESH_AXES) as mesh:
        sched = Scheduler(mesh)
        sched.handler("account")(account)
        feeder = asyncio.create_task(config_feed(configs, 2))
        reqs = []
        while (cfg := await configs.get()) is not None:
            reqs.append(Request("account", (x, w), axes={"latency": cfg}))
        await feeder
        t0 = time.perf_counter()
        outs = await sched.serve(reqs)
        return [float(np.asarray(t).sum()) for _, t in outs], time.perf_counter() - t0


def main(x, w):
    totals, wall = asyncio.run(run(x, w))
    print("modelled ms", totals, "wall s", round(wall, 3))


def inputs():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((8, D_MODEL)).astype(np.float32)
    w = rng.standard_normal((D_MODEL, VOCAB)).astype(np.float32)
    return x, w


if __name__ == "__main__":
    main(*inputs())
