"""rl/actor_learner/traj_dump.py: replay-buffer snapshot of the learner's trajectory batch."""
import asyncio
import collections
import contextlib
import dataclasses
import functools
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
N_ENVS, HORIZON, D_OBS = 8, 8, 4


def gatherer(axes, dim):
    return lambda v: jax.lax.all_gather(v, axes, axis=dim, tiled=True, to="reduced")


def compose(*fns):
    return functools.reduce(lambda f, g: lambda v: g(f(v)), fns)


class Snapshotter:
    def __init__(self, mesh):
        env, time = mesh.axis_names
        self.pipeline = compose(gatherer(time, 1), gatherer((env, time), 0))
        self.taken = 0

    def __call__(self, obs):
        self.taken += 1
        return self.pipeline(obs)


def snapshot_step(mesh, req: Request):
    (obs,) = req.payload
    snap = req.axes["snapshot"]
    spec = P(*mesh.axis_names, None)
    fn = jax.jit(jax.shard_map(lambda o: snap(o * 1.0), mesh=mesh, in_specs=spec,
                               out_specs=P(None, None, None, reduced=set(mesh.axis_names))))
    return fn(place(mesh, obs, spec))


async def run(obs):
    async with device_session(MESH_SHAPE, ("env", "time")) as mesh:
        sched = Scheduler(mesh)
        sched.handler("snapshot")(snapshot_step)
        snap = Snapshotter(mesh)
        sched.on("snapshot", lambda: Request("snapshot", (obs,), axes={"snapshot": snap}))
        reqs = [cb() for cb in sched.callbacks["snapshot"]]
        (full,) = await sched.serve(reqs)
        return full, snap.taken


def main(obs):
    full, taken = asyncio.run(run(obs))
    print("snapshot", full.shape, "taken", taken)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.standard_normal((N_ENVS, HORIZON, D_OBS)).astype(np.float32),)


if __name__ == "__main__":
    main(*inputs())
