"""llm_serve/prefill/pool_handoff.py

Prefill server that re-lays the hidden states out for the decode pool: the step returns them
split over (`data`, feature on `model`), and the hand-off gathers the feature dimension back
(kept reduced over `model`) before they are queued for decode.
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ----------------------------------------------------------------------------------------------
# serve_lite: request batching for the model servers (copied from infra/serve_lite.py, keep in sync)
# ----------------------------------------------------------------------------------------------


@dataclasses.dataclass
class Request:
    rid: int
    payload: np.ndarray
    future: asyncio.Future | None = None


@dataclasses.dataclass
class Response:
    rid: int
    value: object
    batch_size: int


class Batcher:
    """Collects requests up to `max_batch` or `timeout_s`, then hands them to `handler`."""

    def __init__(self, handler, max_batch=4, timeout_s=0.005):
        self.queue = asyncio.Queue()
        self.handler = handler
        self.max_batch = max_batch
        self.timeout_s = timeout_s
        self._task = None

    async def submit(self, rid, payload):
        req = Request(rid, payload, asyncio.get_running_loop().create_future())
        await self.queue.put(req)
        return await req.future

    async def _collect(self):
        batch = [await self.queue.get()]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout_s
        while len(batch) < self.max_batch:
            left = deadline - loop.time()
            if left <= 0:
                break
            try:
                batch.append(await asyncio.wait_for(self.queue.get(), left))
            except asyncio.TimeoutError:
                break
        return batch

    async def _loop(self):
        while True:
            batch = await self._collect()
            try:
                outs = await self.handler([r.payload for r in batch])
            except Exception as exc:
                for r in batch:
                    if not r.future.done():
                        r.future.set_exception(exc)
                continue
            for r, out in zip(batch, outs):
                r.future.set_result(Response(r.rid, out, len(batch)))

    def start(self):
        self._task = asyncio.create_task(self._loop())
        return self

    async def stop(self):
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


def bucket_of(n, buckets=(4, 8)):
    return next((b for b in buckets if b >= n), n)


def stack_padded(payloads, bucket):
    x = np.stack(payloads)
    pad = bucket - len(x)
    if pad > 0:
        x = np.concatenate([x, np.zeros((pad,) + x.shape[1:], x.dtype)])
    return x


class EngineBase:
    """Holds the mesh and the compiled step functions, built on first use per batch bucket."""

    def __init__(self, mesh):
        self.mesh = mesh
        self._cache = {}

    def cached(self, kind, bucket, build):
        key = (kind, bucket)
        if key not in self._cache:
            self._cache[key] = build(bucket)
        return self._cache[key]

    def place(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))


async def run_clients(batcher, payloads, n_clients=2):
    async def client(cid):
        mine = payloads[cid::n_clients]
        return [await batcher.submit(cid * 1000 + i, p) for i, p in enumerate(mine)]

    batcher.start()
    try:
        per_client = await asyncio.gather(*(client(c) for c in range(n_clients)))
    finally:
        await batcher.stop()
    return sorted((r for rs in per_client for r in rs), key=lambda r: r.rid)

# ---------------------------------------------------------------------------- end serve_lite --
from jax._src.shard_map import top_level_all_gather

D_MODEL, SEQ = 32, 8
STEP_LAYOUT = P("data", None, "model")
POOL_LAYOUT = P("data", None, None, reduced={"model"})


class HandoffEngine(EngineBase):
    def __init__(self, mesh, w):
        super().__init__(mesh)
        self.w = self.place(w, P(None, "model"))
        self.pool = []

    def build(self, bucket):
        def body(x, w):
            return jax.nn.gelu(jnp.einsum("bsd,de->bse", x, w))
        return jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=(P("data", None, None), P(None, "model")),
                                     out_specs=STEP_LAYOUT))

    def handoff(self, h):
        return top_level_all_gather(h, POOL_LAYOUT)

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P("data", None, None))
        step = self.cached("prefill", bucket, self.build)
        loop = asyncio.get_running_loop()
        h = await loop.run_in_executor(None, step, x, self.w)
        pooled = await loop.run_in_executor(None, self.handoff, h)
        self.pool.append(pooled)
        return [len(self.pool)] * len(payloads)


async def serve(mesh, w, prompts):
    engine = HandoffEngine(mesh, w)
    responses = await run_clients(Batcher(engine.handle, max_batch=8), prompts)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(3)
    prompts = [rng.normal(size=(SEQ, D_MODEL)).astype(np.float32) for _ in range(8)]
    return prompts, (rng.normal(size=(D_MODEL, D_MODEL)) * 0.1).astype(np.float32)


def main(prompts, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        return asyncio.run(serve(mesh, w, prompts))


if __name__ == "__main__":
    main(*inputs())
