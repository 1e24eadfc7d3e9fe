"""rl/actor_learner/reward_sum.py: best-action value per env, totalled for the learner's report."""
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
N_ENVS, D_OBS, N_ACT = 8, 8, 16
REPORT_AXES = ("env", "action")
TOTAL_AXIS = "env"


def q_values(obs, w):
    return obs @ w


def report_step(mesh, req: Request):
    obs, w = req.payload
    greedy_axis = req.axes["greedy"]
    total_axes = req.axes["total"]

    def body(o, ww):
        best = jax.lax.pmax(jnp.max(q_values(o, ww), axis=-1), greedy_axis)
        return jax.lax.psum(best, axis_name=total_axes)

    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("env", None), P(None, "action")),
                               out_specs=P()))
    return fn(place(mesh, obs, P("env", None)), place(mesh, w, P(None, "action")))


async def report_loop(sched: Scheduler, obs, w, rounds):
    out = []
    for r in range(rounds):
        req = Request("report", (obs, w), axes={"greedy": "action", "total": TOTAL_AXIS})
        (total,) = await sched.serve([req])
        out.append(np.asarray(total).round(3).tolist())
        await sched.emit("reported", r)
    return out


async def run(obs, w):
    async with device_session(MESH_SHAPE, REPORT_AXES) as mesh:
        sched = Scheduler(mesh)
        sched.handler("report")(report_step)
        rounds = []
        sched.on("reported", rounds.append)
        return await report_loop(sched, obs, w, 2), rounds


def main(obs, w):
    print("value totals", asyncio.run(run(obs, w)))


def inputs():
    rng = np.random.default_rng(34)
    obs = rng.standard_normal((N_ENVS, D_OBS)).astype(np.float32)
    w = rng.standard_normal((D_OBS, N_ACT)).astype(np.float32)
    return obs, w


if __name__ == "__main__":
    main(*inputs())
