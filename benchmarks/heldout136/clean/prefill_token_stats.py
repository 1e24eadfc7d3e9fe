"""llm_serve/prefill/metrics.py

Prefill with head-parallel attention that also reports a batch-wide activation norm for the
serving dashboard (averaged over every device of the mesh).
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


D_MODEL, N_HEADS, SEQ = 32, 8, 8


class MeteredPrefill(EngineBase):
    def __init__(self, mesh, wqkv, wo):
        super().__init__(mesh)
        self.batch_axis, self.head_axis = mesh.axis_names
        self.stat_axes = (self.batch_axis,)
        self.wqkv = self.place(wqkv, P(None, None, self.head_axis, None))
        self.wo = self.place(wo, P(self.head_axis, None, None))
        self.norms = []

    def body(self, x, wqkv, wo):
        q, k, v = jnp.einsum("bsd,dthk->tbhsk", x, wqkv)
        p = jax.nn.softmax(jnp.einsum("bhqk,bhsk->bhqs", q, k) / 2.0, axis=-1)
        o = jnp.einsum("bhqs,bhsk,hkd->bqd", p, v, wo)
        h = x + jax.lax.psum(o, self.head_axis)
        norm = jax.lax.pmean(jnp.mean(h * h), self.stat_axes)
        return h, norm

    def build(self, bucket):
        b, m = self.batch_axis, self.head_axis
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh,
                                     in_specs=(P(b, None, None), P(None, None, m, None), P(m, None, None)),
                                     out_specs=(P(b, None, None), P())))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        x = self.place(stack_padded(payloads, bucket), P(self.batch_axis, None, None))
        step = self.cached("prefill", bucket, self.build)
        h, norm = step(x, self.wqkv, self.wo)
        self.norms.append(float(norm))
        last = np.asarray(h[:, -1])
        return list(last[: len(payloads)])


async def serve(mesh, wqkv, wo, prompts):
    engine = MeteredPrefill(mesh, wqkv, wo)
    responses = await run_clients(Batcher(engine.handle), prompts, n_clients=3)
    return np.stack([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(4)
    prompts = [rng.normal(size=(SEQ, D_MODEL)).astype(np.float32) for _ in range(9)]
    wqkv = (rng.normal(size=(D_MODEL, 3, N_HEADS, D_MODEL // N_HEADS)) * 0.1).astype(np.float32)
    wo = (rng.normal(size=(N_HEADS, D_MODEL // N_HEADS, D_MODEL)) * 0.1).astype(np.float32)
    return prompts, wqkv, wo


def main(prompts, wqkv, wo):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    return asyncio.run(serve(mesh, wqkv, wo, prompts))


if __name__ == "__main__":
    main(*inputs())
