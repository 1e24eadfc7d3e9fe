"""llm_serve/decode/logprob_monitor.py

Decode step with head-parallel attention that reports the mean next-token log-probability
across the whole mesh for the perplexity monitor.
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


D, H, K, V = 16, 4, 4, 24


class MonitoredDecode(EngineBase):
    monitor_axes = ("batch", "heads")

    def __init__(self, mesh, wv, wo, unembed):
        super().__init__(mesh)
        self.wv = self.place(wv, P(None, "heads", None))
        self.wo = self.place(wo, P("heads", None, None))
        self.unembed = self.place(unembed, P(None, None))

    def body(self, x, wv, wo, unembed):
        v = jnp.einsum("bd,dhk->bhk", x, wv)
        y = x + jax.lax.psum(jnp.einsum("bhk,hkd->bd", jnp.tanh(v), wo), "heads")
        logp = jax.nn.log_softmax(y @ unembed, axis=-1)
        mean_lp = jax.lax.pmean(jnp.mean(jnp.max(logp, axis=-1)), self.monitor_axes)
        return jnp.argmax(logp, axis=-1), mean_lp

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh,
                                     in_specs=(P("batch", None), P(None, "heads", None), P("heads", None, None), P()),
                                     out_specs=(P("batch"), P())))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P("batch", None))
        step = self.cached("decode", bucket, self.build)
        ids, mean_lp = await asyncio.get_running_loop().run_in_executor(
            None, step, x, self.wv, self.wo, self.unembed)
        ids = np.asarray(ids)
        return [(int(ids[i]), float(mean_lp)) for i in range(len(payloads))]


async def serve(mesh, params, tokens):
    engine = MonitoredDecode(mesh, *params)
    responses = await run_clients(Batcher(engine.handle), tokens)
    return np.array([r.value[0] for r in responses])


def inputs():
    rng = np.random.default_rng(14)
    tokens = [rng.normal(size=(D,)).astype(np.float32) for _ in range(8)]
    params = ((rng.normal(size=(D, H, K)) * 0.3).astype(np.float32),
              (rng.normal(size=(H, K, D)) * 0.3).astype(np.float32),
              (rng.normal(size=(D, V)) * 0.3).astype(np.float32))
    return tokens, params


def main(tokens, params):
    mesh = jax.make_mesh((4, 2), ("batch", "heads"))
    return asyncio.run(serve(mesh, params, tokens))


if __name__ == "__main__":
    main(*inputs())
