"""train/async_loop/grad_clip.py: trainer clipping the gathered gradient before the update."""
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


@dataclasses.dataclass
class OptimConfig:
    lr: float = 0.1
    clip: float = 1.0
    shard_axis: str = "data"
    model_axis: str = "model"


class Optimizer:
    def __init__(self, cfg: OptimConfig):
        self.cfg = cfg
        self.transforms = [self.gather, self.clip]

    def gather(self, g):
        return jax.lax.all_gather(g, self.cfg.shard_axis, tiled=True, to="reduced")

    def clip(self, g):
        return jnp.clip(g, -self.cfg.clip, self.cfg.clip)

    def update(self, w, g):
        for t in self.transforms:
            g = t(g)
        return w - self.cfg.lr * g


def opt_step(mesh, req: Request):
    x, y, w = req.payload
    opt: Optimizer = req.specs["optimizer"]
    dp, mp = opt.cfg.shard_axis, opt.cfg.model_axis

    def body(xs, ys, ws):
        g_shard = jax.lax.psum_scatter(xs.T @ (xs @ ws - ys), dp, tiled=True)
        return opt.update(ws, g_shard)

    fn = jax.jit(jax.shard_map(body, mesh=mesh,
                               in_specs=(P(dp, None), P(dp, mp), P(None, mp)),
                               out_specs=P(None, mp, reduced={dp})))
    return fn(place(mesh, x, P(dp, None)), place(mesh, y, P(dp, mp)), place(mesh, w, P(None, mp)))


async def run(x, y, w):
    cfg = OptimConfig()
    async with device_session(MESH_SHAPE, (cfg.shard_axis, cfg.model_axis)) as mesh:
        sched = Scheduler(mesh)
        sched.handler("opt")(opt_step)
        opt = Optimizer(cfg)
        out = await sched.serve([Request("opt", (x, y, w), specs={"optimizer": opt})])
        return out[0]


def main(x, y, w):
    print("updated", asyncio.run(run(x, y, w)).shape)


def inputs():
    rng = np.random.default_rng(15)
    x = rng.standard_normal((16, D_IN)).astype(np.float32)
    y = rng.standard_normal((16, D_OUT)).astype(np.float32)
    w = 0.1 * rng.standard_normal((D_IN, D_OUT)).astype(np.float32)
    return x, y, w


if __name__ == "__main__":
    main(*inputs())
