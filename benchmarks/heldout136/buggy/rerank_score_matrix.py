"""search_serve/rerank/score_matrix.py

Pointwise reranker that returns each request's full candidate scores (gathered over `cand`,
reduced) and publishes the whole batch's score matrix for the click-model trainer.
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


D, C = 8, 8
publish = functools.partial(jax.lax.all_gather, axis_name=("req", "cand"), axis=0, tiled=True, to="reduced")


class PointwiseReranker(EngineBase):
    def __init__(self, mesh, w1, w2):
        super().__init__(mesh)
        self.w1 = self.place(w1, P())
        self.w2 = self.place(w2, P())
        self.published = []

    def score(self, feats, w1, w2):
        return jnp.tanh(feats @ w1) @ w2

    def body(self, feats, w1, w2):
        s = self.score(feats, w1, w2)
        full = jax.lax.all_gather(s, "cand", axis=1, tiled=True, to="reduced")
        return full, publish(full)

    def build(self, bucket):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=(P("req", "cand", None), P(), P()),
                                     out_specs=(P("req", None, reduced={"cand"}),
                                                P(None, None, reduced={"req", "cand"}))))

    async def handle(self, payloads):
        bucket = bucket_of(len(payloads))
        feats = self.place(stack_padded(payloads, bucket), P("req", "cand", None))
        step = self.cached("pointwise", bucket, self.build)
        full, matrix = await asyncio.get_running_loop().run_in_executor(None, step, feats, self.w1, self.w2)
        self.published.append(matrix)
        return [full.shape[1]] * len(payloads)


async def serve(mesh, w1, w2, requests):
    reranker = PointwiseReranker(mesh, w1, w2)
    responses = await run_clients(Batcher(reranker.handle), requests)
    return np.array([r.value for r in responses])


def inputs():
    rng = np.random.default_rng(41)
    requests = [rng.normal(size=(C, D)).astype(np.float32) for _ in range(8)]
    return rng.normal(size=(D, D)).astype(np.float32) / 3, rng.normal(size=(D,)).astype(np.float32), requests


def main(w1, w2, requests):
    mesh = jax.make_mesh((4, 2), ("req", "cand"))
    return asyncio.run(serve(mesh, w1, w2, requests))


if __name__ == "__main__":
    main(*inputs())
