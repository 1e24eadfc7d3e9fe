"""train/async_loop/act_dump.py: trainer with an activation-dump side channel for debugging."""
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
D_IN, D_HID = 16, 8


@dataclasses.dataclass
class DumpPlan:
    stages: list
    every: int = 1


async def plan_source(queue: asyncio.Queue, axis_names):
    # the debug service pushes which groups to collect, innermost first
    await queue.put(DumpPlan(stages=[(axis_names[1],), tuple(axis_names)]))


def collect(h, plan: DumpPlan):
    out = h
    for group in plan.stages:
        out = jax.lax.all_gather(out, group, axis=0, tiled=True, to="reduced")
    return out


def dump_step(mesh, req: Request):
    x, w = req.payload
    plan = req.specs["plan"]
    dp, mp = mesh.axis_names

    def body(xs, ws):
        h = jnp.tanh(xs @ ws)
        return h, collect(h, plan)

    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(dp, None), P(None, mp)),
                               out_specs=(P(dp, mp), P(None, None, reduced={dp, mp}))))
    return fn(place(mesh, x, P(dp, None)), place(mesh, w, P(None, mp)))


async def run(x, w):
    async with device_session(MESH_SHAPE, ("data", "model")) as mesh:
        sched = Scheduler(mesh)
        sched.handler("dump")(dump_step)
        plans: asyncio.Queue = asyncio.Queue()
        await asyncio.wait_for(plan_source(plans, mesh.axis_names), timeout=1.0)
        plan = plans.get_nowait()
        outs = await sched.serve([Request("dump", (x, w), specs={"plan": plan})])
        return outs[0]


def main(x, w):
    h, dumped = asyncio.run(run(x, w))
    print("activations", h.shape, "dump", dumped.shape)


def inputs():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((16, D_IN)).astype(np.float32)
    w = rng.standard_normal((D_IN, D_HID)).astype(np.float32)
    return x, w


if __name__ == "__main__":
    main(*inputs())
