"""train/async_loop/grad_log.py: data-parallel trainer that logs per-shard gradient norms."""
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

@dataclasses.dataclass(frozen=True)
class TrainConfig:
    data_axis: str = "data"
    model_axis: str = "model"
    lr: float = 0.05
    steps: int = 2


CFG = TrainConfig()
MESH_SHAPE = (4, 2)
D_IN, D_OUT = 16, 8


def grad_norm_hook(cfg: TrainConfig):
    def hook(g):
        sq = jax.lax.psum(jnp.sum(g * g, axis=0), cfg.data_axis)
        return jax.lax.all_gather(sq, cfg.data_axis, tiled=True, to="reduced")
    return hook


def make_step(cfg: TrainConfig, hooks):
    dp, mp = cfg.data_axis, cfg.model_axis

    def body(x, y, w):
        err = x @ w - y
        g = x.T @ err / x.shape[0]
        logs = [hook(g) for hook in hooks]
        new_w = w - cfg.lr * jax.lax.pmean(g, dp)
        return new_w, logs[0]

    return jax.jit(jax.shard_map(
        body, in_specs=(P(dp, None), P(dp, mp), P(None, mp)),
        out_specs=(P(None, mp), P(mp, reduced={dp}))))


async def train(x, y, w):
    async with device_session(MESH_SHAPE, (CFG.data_axis, CFG.model_axis)) as mesh:
        sched = Scheduler(mesh, max_batch=1)
        sched.on("grad_logs", grad_norm_hook(CFG))

        @sched.handler("step")
        def step(mesh, req):
            xb, yb, wb = req.payload
            cfg = req.axes["cfg"]
            fn = make_step(cfg, sched.callbacks["grad_logs"])
            with jax.set_mesh(mesh):
                return fn(place(mesh, xb, P(cfg.data_axis, None)),
                          place(mesh, yb, P(cfg.data_axis, cfg.model_axis)),
                          place(mesh, wb, P(None, cfg.model_axis)))

        history = []
        async for xb, yb in batch_stream((x, y), CFG.steps):
            (w, norms), = await sched.serve([Request("step", (xb, yb, w), axes={"cfg": CFG})])
            history.append(np.asarray(norms))
        return w, history


def main(x, y, w):
    w, history = asyncio.run(train(x, y, w))
    print("final w", w.shape, "grad norm logs", [h.shape for h in history])


def inputs():
    rng = np.random.default_rng(10)
    x = rng.standard_normal((32, D_IN)).astype(np.float32)
    y = rng.standard_normal((32, D_OUT)).astype(np.float32)
    w = 0.1 * rng.standard_normal((D_IN, D_OUT)).astype(np.float32)
    return x, y, w


if __name__ == "__main__":
    main(*inputs())
