"""serving/batcher/logit_dump.py: debug endpoint that dumps full logits of a batched request."""
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
MESH_AXES = ("replica", "model")
D_MODEL, VOCAB = 16, 32


def gather_stage(axis):
    # a dump stage: collect the shards of `axis` into one replicated-for-reading copy
    def stage(v):
        return jax.lax.all_gather(v, axis, axis=v.ndim - 1 if axis == "model" else 0,
                                  tiled=True, to="reduced")
    return stage


def build_dump(sched: Scheduler):
    stages = sched.callbacks["dump"]

    def body(x, w):
        logits = x @ w
        for stage in stages:
            logits = stage(logits)
        return logits

    return body


async def dump_logits(x, w):
    async with device_session(MESH_SHAPE, MESH_AXES) as mesh:
        sched = Scheduler(mesh)
        sched.on("dump", gather_stage("model"))
        sched.on("dump", gather_stage(MESH_AXES))

        @sched.handler("dump")
        def run_dump(mesh, req):
            xs, ws = req.payload
            fn = jax.jit(jax.shard_map(
                build_dump(sched), mesh=mesh,
                in_specs=(req.specs["x"], req.specs["w"]),
                out_specs=P(None, None, reduced=set(MESH_AXES))))
            return fn(place(mesh, xs, req.specs["x"]), place(mesh, ws, req.specs["w"]))

        specs = {"x": P("replica", None), "w": P(None, "model")}
        out = await sched.serve([Request("dump", (x, w), specs=specs)], workers=1)
        return out[0]


def main(x, w):
    full = asyncio.run(dump_logits(x, w))
    print("dumped logits", full.shape, float(np.asarray(full).std()))


def inputs():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((8, D_MODEL)).astype(np.float32)
    w = rng.standard_normal((D_MODEL, VOCAB)).astype(np.float32)
    return x, w


if __name__ == "__main__":
    main(*inputs())
