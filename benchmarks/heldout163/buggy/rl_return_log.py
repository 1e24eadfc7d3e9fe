"""rl/actor_learner/return_log.py: actors push rollouts, the learner logs episode returns."""
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
class Rollout:
    actor: int
    rewards: np.ndarray
    discount: float = 0.99


@dataclasses.dataclass(frozen=True)
class Topology:
    env_axis: str = "env"
    time_axis: str = "time"


TOPO = Topology()


async def actor(aid, queue: asyncio.Queue, rng):
    await asyncio.sleep(0)
    await queue.put(Rollout(aid, rng.standard_normal((N_ENVS, HORIZON)).astype(np.float32)))


def returns_step(mesh, req: Request):
    (rewards,) = req.payload
    topo: Topology = req.axes["topo"]
    spec = P(topo.env_axis, topo.time_axis)

    def body(r):
        ret = jax.lax.psum(jnp.sum(r, axis=1), topo.time_axis)
        return jax.lax.all_gather(ret, topo.time_axis, tiled=True, to="reduced")

    fn = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=spec,
                               out_specs=P(topo.env_axis, reduced={topo.time_axis})))
    return fn(place(mesh, rewards, spec))


async def learner(sched: Scheduler, queue: asyncio.Queue, n):
    logged = []
    for _ in range(n):
        roll: Rollout = await asyncio.wait_for(queue.get(), timeout=5)
        (ret,) = await sched.serve([Request("returns", (roll.rewards,), axes={"topo": TOPO})])
        logged.append((roll.actor, float(np.asarray(ret).mean())))
    return logged


async def run(seed):
    async with device_session(MESH_SHAPE, (TOPO.env_axis, TOPO.time_axis)) as mesh:
        sched = Scheduler(mesh)
        sched.handler("returns")(returns_step)
        queue: asyncio.Queue = asyncio.Queue()
        rng = np.random.default_rng(seed)
        _, logged = await asyncio.gather(
            asyncio.gather(*(actor(a, queue, rng) for a in range(2))),
            learner(sched, queue, 2))
        return logged


def main(seed):
    print("returns", asyncio.run(run(seed)))


def inputs():
    return (30,)


if __name__ == "__main__":
    main(*inputs())
