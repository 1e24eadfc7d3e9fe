"""llm_serve/prefill/gqa_cache.py

Grouped-query prefill: query heads split over `model`, the shared K/V group computed once per
shard; the per-shard attention outputs are gathered over `model` (kept reduced over it for the
adapter trainer) and passed through an elementwise gate before they are returned.
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


D, HQ, K, SEQ = 32, 8, 4, 6


class GqaPrefill(EngineBase):
    def __init__(self, mesh, wq, wkv):
        super().__init__(mesh)
        self.wq = self.place(wq, P(None, "model", None))
        self.wkv = self.place(wkv, P(None, None, None))

    def body(self, x, wq, wkv):
        q = jnp.einsum("bsd,dhk->bhsk", x, wq)
        k, v = jnp.einsum("bsd,dtk->tbsk", x, wkv)
        att = jax.nn.softmax(jnp.einsum("bhqk,bsk->bhqs", q, k) / 2.0, axis=-1)
        o = jnp.einsum("bhqs,bsk->bhqk", att, v)
        heads = jax.lax.all_gather(o, "model", axis=1, tiled=True, to="reduced")
        return jnp.tanh(heads) * heads

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh,
                                     in_specs=(P("data", None, None), P(None, "model", None), P()),
                                     out_specs=P("data", None, None, None, reduced={"model"})))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P("data", None, None))
        step = self.cached("gqa", bucket, self.build)
        out = await asyncio.get_running_loop().run_in_executor(None, step, x, self.wq, self.wkv)
        return [out.shape[1:]] * len(payloads)


async def serve(mesh, wq, wkv, prompts):
    engine = GqaPrefill(mesh, wq, wkv)
    responses = await run_clients(Batcher(engine.handle), prompts)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(70)
    prompts = [rng.normal(size=(SEQ, D)).astype(np.float32) for _ in range(8)]
    return prompts, (rng.normal(size=(D, HQ, K)) * 0.2).astype(np.float32), \
        (rng.normal(size=(D, 2, K)) * 0.2).astype(np.float32)


def main(prompts, wq, wkv):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return asyncio.run(serve(mesh, wq, wkv, prompts))


if __name__ == "__main__":
    main(*inputs())
