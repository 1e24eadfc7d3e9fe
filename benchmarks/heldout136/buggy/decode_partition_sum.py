"""llm_serve/decode/long_context.py

Decode step for long contexts: the cache's time axis is split over `heads` devices (sequence
parallel); the attention weights are normalised by a partition sum over the time shards.
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


D, K, T = 16, 8, 8
SEQ_AXIS = "heads"


class LongContextDecode(EngineBase):
    def __init__(self, mesh, wq):
        super().__init__(mesh)
        self.wq = self.place(wq, P(None, None))
        self.caches = {}

    def cache(self, bucket):
        if bucket not in self.caches:
            c = np.linspace(-1, 1, bucket * T * K, dtype=np.float32).reshape(bucket, T, K)
            self.caches[bucket] = self.place(c, P("batch", SEQ_AXIS, None))
        return self.caches[bucket]

    def scores(self, x, cache, wq):
        q = x @ wq
        s = jnp.einsum("bk,btk->bt", q, cache)
        return jax.lax.all_gather(s, SEQ_AXIS, axis=1, tiled=True, to="reduced")

    def body(self, x, cache, wq):
        e = jnp.exp(self.scores(x, cache, wq))
        z = jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), SEQ_AXIS)
        return e / z

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh,
                                     in_specs=(P("batch", None), P("batch", SEQ_AXIS, None), P(None, None)),
                                     out_specs=P("batch", None)))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P("batch", None))
        step = self.cached("decode", bucket, self.build)
        probs = step(x, self.cache(bucket), self.wq)
        probs = np.asarray(probs)
        return [probs[i] for i in range(len(payloads))]


async def serve(mesh, wq, tokens):
    engine = LongContextDecode(mesh, wq)
    responses = await run_clients(Batcher(engine.handle), tokens)
    return np.stack([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(12)
    tokens = [rng.normal(size=(D,)).astype(np.float32) for _ in range(8)]
    return tokens, (rng.normal(size=(D, K)) * 0.3).astype(np.float32)


def main(tokens, wq):
    mesh = jax.make_mesh((4, 2), ("batch", "heads"))
    return asyncio.run(serve(mesh, wq, tokens))


if __name__ == "__main__":
    main(*inputs())
