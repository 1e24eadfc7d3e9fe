"""llm_serve/decode/kv_step.py

One decode step against a KV cache whose heads are split over `heads` and whose batch slots are
split over `batch`; a probe records the step output for the latency/quality monitor.
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


D, H, K, T = 16, 4, 4, 6


@dataclasses.dataclass(frozen=True)
class DecodeAxes:
    batch: str = "batch"
    heads: str = "heads"
    probe: str = "heads"


class DecodeEngine(EngineBase):
    def __init__(self, mesh, wq, wo, axes=DecodeAxes()):
        super().__init__(mesh)
        self.axes = axes
        self.wq = self.place(wq, P(None, axes.heads, None))
        self.wo = self.place(wo, P(axes.heads, None, None))
        self.caches = {}

    def cache_for(self, bucket):
        if bucket not in self.caches:
            kv = np.ones((bucket, H, T, K), np.float32) * 0.1
            self.caches[bucket] = self.place(kv, P(self.axes.batch, self.axes.heads, None, None))
        return self.caches[bucket]

    def step_body(self, x, cache, wq, wo):
        q = jnp.einsum("bd,dhk->bhk", x, wq)
        att = jax.nn.softmax(jnp.einsum("bhk,bhtk->bht", q, cache), axis=-1)
        o = jnp.einsum("bht,bhtk,hkd->bd", att, cache, wo)
        y = x + jax.lax.psum(o, self.axes.heads)
        probe = jax.lax.all_gather(y, self.axes.probe, to="reduced")
        return y, probe

    def build(self, bucket):
        a = self.axes
        return jax.jit(jax.shard_map(
            self.step_body, mesh=self.mesh,
            in_specs=(P(a.batch, None), P(a.batch, a.heads, None, None), P(None, a.heads, None), P(a.heads, None, None)),
            out_specs=(P(a.batch, None), P(None, a.batch, None, reduced={a.probe}))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P(self.axes.batch, None))
        step = self.cached("decode", bucket, self.build)
        y, _ = await asyncio.get_running_loop().run_in_executor(
            None, step, x, self.cache_for(bucket), self.wq, self.wo)
        y = np.asarray(y)
        return [y[i] for i in range(len(payloads))]


async def serve(mesh, wq, wo, tokens):
    engine = DecodeEngine(mesh, wq, wo)
    responses = await run_clients(Batcher(engine.handle), tokens)
    return np.stack([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(10)
    tokens = [rng.normal(size=(D,)).astype(np.float32) for _ in range(8)]
    wq = (rng.normal(size=(D, H, K)) * 0.3).astype(np.float32)
    wo = (rng.normal(size=(H, K, D)) * 0.3).astype(np.float32)
    return tokens, wq, wo


def main(tokens, wq, wo):
    mesh = jax.make_mesh((4, 2), ("batch", "heads"))
    return asyncio.run(serve(mesh, wq, wo, tokens))


if __name__ == "__main__":
    main(*inputs())
