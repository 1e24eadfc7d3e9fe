"""train/async_loop/zero_update.py: ZeRO-style step: scattered gradients, sharded update, regather."""
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


@dataclasses.dataclass(frozen=True)
class ZeroConfig:
    shard_axis: str = "data"
    model_axis: str = "model"
    lr: float = 0.05


def zero_body(cfg: ZeroConfig):
    dp = cfg.shard_axis

    def body(xs, ys, w_shard):
        w = jax.lax.all_gather(w_shard, dp, tiled=True)
        g = xs.T @ (xs @ w - ys) / xs.shape[0]
        g_shard = jax.lax.psum_scatter(g, dp, tiled=True)
        return w_shard - cfg.lr * g_shard

    return body


def zero_step(mesh, req: Request):
    x, y, w = req.payload
    cfg: ZeroConfig = req.axes["zero"]
    dp, mp = cfg.shard_axis, cfg.model_axis
    fn = jax.jit(jax.shard_map(zero_body(cfg), mesh=mesh,
                               in_specs=(P(dp, None), P(dp, mp), P(dp, mp)), out_specs=P(dp, mp)))
    return fn(place(mesh, x, P(dp, None)), place(mesh, y, P(dp, mp)), place(mesh, w, P(dp, mp)))


async def train(x, y, w):
    cfg = ZeroConfig()
    async with device_session(MESH_SHAPE, (cfg.shard_axis, cfg.model_axis)) as mesh:
        sched = Scheduler(mesh, max_batch=1)
        sched.handler("zero")(zero_step)
        async for xb, yb in batch_stream((x, y), 2):
            (w,) = await sched.serve([Request("zero", (xb, yb, np.asarray(w)), axes={"zero": cfg})])
        return w


def main(x, y, w):
    w = asyncio.run(train(x, y, w))
    print("trained", w.shape, float(np.abs(np.asarray(w)).mean()))


def inputs():
    rng = np.random.default_rng(51)
    x = rng.standard_normal((32, D_IN)).astype(np.float32)
    y = rng.standard_normal((32, D_OUT)).astype(np.float32)
    w = 0.1 * rng.standard_normal((D_IN, D_OUT)).astype(np.float32)
    return x, y, w


if __name__ == "__main__":
    main(*inputs())
