"""llm_serve/speculative/verify.py

Verify step of speculative decoding: the target model scores the draft tokens (draft positions
split over `draft`, vocabulary over `vocab`), computes the target probability of each draft
token, and records an acceptance trace.
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


D, V, G = 16, 64, 4


class VerifyEngine(EngineBase):
    def __init__(self, mesh, unembed, trace_axis="vocab", draft_axis="draft"):
        super().__init__(mesh)
        self.trace_axis, self.draft_axis = trace_axis, draft_axis
        self.unembed = self.place(unembed, P(None, "vocab"))
        self.traces = []

    def target_prob(self, h, ids, unembed):
        logits = jnp.einsum("bgd,dv->bgv", h, unembed)
        v_local = logits.shape[-1]
        lo = jax.lax.axis_index("vocab") * v_local
        mine = (ids >= lo) & (ids < lo + v_local)
        picked = jnp.take_along_axis(logits, jnp.clip(ids - lo, 0, v_local - 1)[..., None], axis=-1)[..., 0]
        num = jax.lax.psum(jnp.where(mine, jnp.exp(picked), 0.0), "vocab")
        return num / jax.lax.psum(jnp.sum(jnp.exp(logits), axis=-1), "vocab")

    def body(self, h, ids, q_draft, unembed):
        p = self.target_prob(h, ids, unembed)
        accept = p >= q_draft
        trace = jax.lax.all_gather(p, self.trace_axis, axis=1, tiled=True, to="reduced")
        return accept, trace

    def build(self, bucket):
        d = self.draft_axis
        return jax.jit(jax.shard_map(
            self.body, mesh=self.mesh, in_specs=(P(None, d, None), P(None, d), P(None, d), P(None, "vocab")),
            out_specs=(P(None, d), P(None, d, reduced={self.trace_axis}))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        put = lambda i, spec: self.place(stack_padded([p[i] for p in payloads], bucket), spec)
        h, ids, q = put(0, P(None, "draft", None)), put(1, P(None, "draft")), put(2, P(None, "draft"))
        step = self.cached("verify", bucket, self.build)
        accept, trace = await asyncio.get_running_loop().run_in_executor(None, step, h, ids, q, self.unembed)
        self.traces.append(trace)
        n_ok = np.cumprod(np.asarray(accept), axis=1).sum(axis=1)
        return [int(n_ok[i]) for i in range(len(payloads))]


async def serve(mesh, unembed, drafts):
    engine = VerifyEngine(mesh, unembed)
    responses = await run_clients(Batcher(engine.handle), drafts)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(50)
    drafts = [(rng.normal(size=(G, D)).astype(np.float32), rng.integers(0, V, size=G).astype(np.int32),
               rng.uniform(0, 0.05, size=G).astype(np.float32)) for _ in range(8)]
    return (rng.normal(size=(D, V)) * 0.5).astype(np.float32), drafts


def main(unembed, drafts):
    mesh = jax.make_mesh((2, 4), ("draft", "vocab"))
    return asyncio.run(serve(mesh, unembed, drafts))


if __name__ == "__main__":
    main(*inputs())
