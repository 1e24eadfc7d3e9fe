"""ckpt/async_writer/consolidate.py: writes one consolidated copy of every sharded parameter."""
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
PARAM_SPECS = {"embed": P("fsdp", None), "proj": P("fsdp", "tensor")}


@contextlib.asynccontextmanager
async def consolidation_plan(mesh):
    # the writer opens a plan; the spec of each file it writes comes from here
    plan = {
        "embed": P(None, None, reduced={"fsdp"}),
        "proj": P(None, None, reduced={"fsdp"}),
    }
    yield plan
    await asyncio.sleep(0)


def consolidate_one(mesh, req: Request):
    (value,) = req.payload
    name = req.axes["name"]
    with jax.set_mesh(mesh):
        placed = place(mesh, value, PARAM_SPECS[name])
        return top_level_all_gather(placed, req.specs["out"], multi_dim=True)


async def run(params):
    async with device_session(MESH_SHAPE, ("fsdp", "tensor")) as mesh:
        sched = Scheduler(mesh, max_batch=2)
        sched.handler("consolidate")(consolidate_one)
        async with consolidation_plan(mesh) as plan:
            reqs = [Request("consolidate", (params[k],), axes={"name": k}, specs={"out": plan[k]})
                    for k in PARAM_SPECS]
            outs = await asyncio.wait_for(sched.serve(reqs), timeout=60)
        return dict(zip(PARAM_SPECS, outs))


def main(embed, proj):
    out = asyncio.run(run({"embed": embed, "proj": proj}))
    print({k: v.shape for k, v in out.items()})


def inputs():
    rng = np.random.default_rng(43)
    embed = rng.standard_normal((16, 8)).astype(np.float32)
    proj = rng.standard_normal((16, 8)).astype(np.float32)
    return embed, proj


if __name__ == "__main__":
    main(*inputs())
