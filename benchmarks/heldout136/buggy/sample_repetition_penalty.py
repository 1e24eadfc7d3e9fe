"""llm_serve/sampling/repetition.py

Greedy sampler with a repetition penalty over a vocab-parallel unembedding: each request carries
a histogram of the tokens it produced; the penalty is applied shard by shard and the number of
repeated tokens is summed over `vocab` for the stats endpoint.
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


D, V = 16, 64
PENALTY = 1.3


class PenaltySampler(EngineBase):
    vocab_axis = "vocab"

    def __init__(self, mesh, unembed):
        super().__init__(mesh)
        self.unembed = self.place(unembed, P(None, self.vocab_axis))
        self.penalised = []

    def history(self, counts):
        return jax.lax.all_gather(counts, self.vocab_axis, axis=1, tiled=True, to="reduced")

    def n_penalised(self, counts):
        return jax.lax.psum(jnp.sum(counts, axis=-1), self.vocab_axis)

    def body(self, h, counts, unembed):
        logits = h @ unembed
        logits = jnp.where(counts > 0, logits / PENALTY, logits)
        full_counts = self.history(counts)
        n = self.n_penalised(full_counts)
        best = jnp.argmax(logits, axis=-1, keepdims=True) + jax.lax.axis_index(self.vocab_axis) * logits.shape[-1]
        return jax.lax.all_gather(jnp.max(logits, axis=-1), self.vocab_axis, axis=1, to="invarying"), best, n

    def build(self, bucket):
        v = self.vocab_axis
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh,
                                     in_specs=(P("batch", None), P("batch", v), P(None, v)),
                                     out_specs=(P("batch", None), P("batch", v), P("batch"))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        hs = stack_padded([p[0] for p in payloads], bucket)
        counts = stack_padded([p[1] for p in payloads], bucket)
        step = self.cached("greedy", bucket, self.build)
        best_val, best_id, n = step(self.place(hs, P("batch", None)), self.place(counts, P("batch", "vocab")),
                                    self.unembed)
        shard = np.argmax(np.asarray(best_val), axis=1)
        ids = np.asarray(best_id).reshape(bucket, -1)
        self.penalised.append(np.asarray(n))
        return [int(ids[i, shard[i]]) for i in range(len(payloads))]


async def serve(mesh, unembed, reqs):
    sampler = PenaltySampler(mesh, unembed)
    responses = await run_clients(Batcher(sampler.handle), reqs)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(22)
    reqs = [(rng.normal(size=(D,)).astype(np.float32), rng.integers(0, 2, size=(V,)).astype(np.float32))
            for _ in range(8)]
    return reqs, (rng.normal(size=(D, V)) * 0.4).astype(np.float32)


def main(reqs, unembed):
    mesh = jax.make_mesh((2, 4), ("batch", "vocab"))
    return asyncio.run(serve(mesh, unembed, reqs))


if __name__ == "__main__":
    main(*inputs())
