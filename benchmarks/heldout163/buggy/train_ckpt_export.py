"""train/async_loop/ckpt_export.py: trainer that consolidates sharded weights for a checkpoint."""
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
from jax._src.shard_map import top_level_all_gather

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
MESH_AXES = ("data", "model")
D_IN, D_OUT = 16, 8
TRAIN_SPEC = P("data", "model")
CKPT_SPEC = P(None, None, reduced={"data", "model"})


def sgd_step(mesh, req: Request):
    x, y, w = req.payload

    def body(xs, ys, ws):
        err = xs @ jax.lax.all_gather(ws, "data", tiled=True) - ys
        g = xs.T @ err / xs.shape[0]
        g = jax.lax.psum_scatter(g, "data", tiled=True)
        return ws - 0.05 * g

    fn = jax.jit(jax.shard_map(body, mesh=mesh,
                               in_specs=(P("data", None), P("data", "model"), TRAIN_SPEC),
                               out_specs=TRAIN_SPEC))
    return fn(place(mesh, x, P("data", None)), place(mesh, y, P("data", "model")), w)


def consolidate(w):
    return np.asarray(top_level_all_gather(w, CKPT_SPEC))


class CheckpointWriter:
    def __init__(self):
        self.saved = {}

    async def save(self, step, w):
        self.saved[step] = await asyncio.to_thread(consolidate, w)


async def train(x, y, w0):
    async with device_session(MESH_SHAPE, MESH_AXES) as mesh:
        with jax.set_mesh(mesh):
            sched = Scheduler(mesh, max_batch=1)
            sched.handler("sgd")(sgd_step)
            writer = CheckpointWriter()
            sched.on("checkpoint", writer.save)
            w = place(mesh, w0, TRAIN_SPEC)
            step = 0
            async for xb, yb in batch_stream((x, y), 2):
                (w,) = await sched.serve([Request("sgd", (xb, yb, w))])
                step += 1
            await sched.emit("checkpoint", step, w)
            return writer.saved


def main(x, y, w):
    saved = asyncio.run(train(x, y, w))
    print({k: v.shape for k, v in saved.items()})


def inputs():
    rng = np.random.default_rng(13)
    x = rng.standard_normal((32, D_IN)).astype(np.float32)
    y = rng.standard_normal((32, D_OUT)).astype(np.float32)
    w = 0.1 * rng.standard_normal((D_IN, D_OUT)).astype(np.float32)
    return x, y, w


if __name__ == "__main__":
    main(*inputs())
