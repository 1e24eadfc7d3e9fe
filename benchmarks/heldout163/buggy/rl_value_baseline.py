"""rl/actor_learner/value_baseline.py: value head over the full horizon minus a running baseline."""
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
N_ENVS, HORIZON = 8, 16


@dataclasses.dataclass
class ValueHead:
    time_axis: str
    decay: float = 0.9

    def horizon(self, v):
        return jax.lax.all_gather(v, self.time_axis, axis=1, tiled=True, to="reduced")


def centred_step(mesh, req: Request):
    values, baseline = req.payload
    head: ValueHead = req.specs["head"]
    spec = P("env", head.time_axis)

    def body(v, b):
        return head.horizon(v) - b

    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(spec, P()),
                               out_specs=P("env", None, reduced={head.time_axis})))
    return fn(place(mesh, values, spec), place(mesh, baseline, P()))


async def baseline_tracker(updates: asyncio.Queue, head: ValueHead, state):
    while (mean := await updates.get()) is not None:
        state["baseline"] = head.decay * state["baseline"] + (1 - head.decay) * mean


async def run(values):
    async with device_session(MESH_SHAPE, ("env", "time")) as mesh:
        sched = Scheduler(mesh)
        sched.handler("centre")(centred_step)
        head = ValueHead("time")
        state = {"baseline": np.zeros((HORIZON,), np.float32)}
        updates: asyncio.Queue = asyncio.Queue()
        tracker = asyncio.create_task(baseline_tracker(updates, head, state))
        await updates.put(values.mean(axis=0))
        await updates.put(None)
        await tracker
        req = Request("centre", (values, state["baseline"].astype(np.float32)), specs={"head": head})
        (centred,) = await sched.serve([req])
        return centred


def main(values):
    c = asyncio.run(run(values))
    print("centred", c.shape, float(np.asarray(c).mean()))


def inputs():
    rng = np.random.default_rng(35)
    return (rng.standard_normal((N_ENVS, HORIZON)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
